import { Can } from '@console/shared-sdk';
import { Button, Card, CardContent, CardHeader, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { singleSignOnPath } from './single-sign-on-path';

/**
 * The way from the organisation's page to its single sign-on, for those who may see it: a page of its own
 * rather than a menu entry, so the side menu still fits a desk's window.
 */
export function SingleSignOnCard() {
  return (
    <Can I="read" a="SingleSignOn">
      <Card>
        <CardHeader title="Single sign-on" subheader="Sign-in with your company's identity provider" />
        <CardContent>
          <Typography sx={{ mb: 2 }}>
            Let your people sign in with Microsoft Entra ID, Okta or Google Workspace (OpenID Connect), and
            decide whether console passwords still work.
          </Typography>
          <Button variant="outlined" component={RouterLink} to={singleSignOnPath}>
            Open single sign-on
          </Button>
        </CardContent>
      </Card>
    </Can>
  );
}
