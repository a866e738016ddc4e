import { Can } from '@console/shared-sdk';
import { Button, Card, CardContent, CardHeader, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';

/** Where the API keys screen lives, under the organisation's page. */
export const apiKeysPath = '/dashboard/organization/api-keys';

/**
 * The way from the organisation's page to its API keys, for those who may make them (organisation admins):
 * a page of its own rather than a menu entry, so the side menu still fits a desk's window.
 */
export function ApiKeysCard() {
  return (
    <Can I="manage" a="ApiKey">
      <Card>
        <CardHeader title="API keys" subheader="Your own systems reading and writing through the API" />
        <CardContent>
          <Typography sx={{ mb: 2 }}>
            Make a key for each system that calls the console&apos;s API (a sensor bridge, a BI tool), with
            only the scopes and sites it needs; see when each was last used and revoke it at once.
          </Typography>
          <Button variant="outlined" component={RouterLink} to={apiKeysPath}>
            Open API keys
          </Button>
        </CardContent>
      </Card>
    </Can>
  );
}
