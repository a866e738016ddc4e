import { OrganizationLinkCard } from './OrganizationLinkCard';

/** Where the API keys screen lives, under the organisation's page. */
export const apiKeysPath = '/dashboard/organization/api-keys';

/** The way to the organisation's API keys, for those who may make them (organisation admins). */
export function ApiKeysCard() {
  return (
    <OrganizationLinkCard
      I="manage"
      a="ApiKey"
      title="API keys"
      subheader="Your own systems reading and writing through the API"
      linkLabel="Open API keys"
      to={apiKeysPath}
    >
      Make a key for each system that calls the console&apos;s API (a sensor bridge, a BI tool), with only the
      scopes and sites it needs; see when each was last used and revoke it at once.
    </OrganizationLinkCard>
  );
}
