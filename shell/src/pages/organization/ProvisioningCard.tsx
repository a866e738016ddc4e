import { Can } from '@console/shared-sdk';
import { Button, Card, CardContent, CardHeader, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';

/** Where the provisioning screen lives, under the organisation's page. */
export const provisioningPath = '/dashboard/organization/provisioning';

/**
 * The way from the organisation's page to its provisioning from the company's directory (SCIM), for
 * those who may see it: a page of its own rather than a menu entry, so the side menu still fits a desk's
 * window.
 */
export function ProvisioningCard() {
  return (
    <Can I="read" a="Provisioning">
      <Card>
        <CardHeader title="Provisioning (SCIM)" subheader="People from your company's directory" />
        <CardContent>
          <Typography sx={{ mb: 2 }}>
            Connect Entra ID or Okta so that your directory makes, changes, deactivates and removes your
            people, and its groups give them roles and sites.
          </Typography>
          <Button variant="outlined" component={RouterLink} to={provisioningPath}>
            Open provisioning
          </Button>
        </CardContent>
      </Card>
    </Can>
  );
}
