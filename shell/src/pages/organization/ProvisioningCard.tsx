import { OrganizationLinkCard } from './OrganizationLinkCard';

/** Where the provisioning screen lives, under the organisation's page. */
export const provisioningPath = '/dashboard/organization/provisioning';

/** The way to provisioning from the company's directory (SCIM), for those who may see it. */
export function ProvisioningCard() {
  return (
    <OrganizationLinkCard
      I="read"
      a="Provisioning"
      title="Provisioning (SCIM)"
      subheader="People from your company's directory"
      linkLabel="Open provisioning"
      to={provisioningPath}
    >
      Connect Entra ID or Okta so that your directory makes, changes, deactivates and removes your people, and
      its groups give them roles and sites.
    </OrganizationLinkCard>
  );
}
