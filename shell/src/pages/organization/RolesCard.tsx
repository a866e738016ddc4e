import { OrganizationLinkCard } from './OrganizationLinkCard';

/** Where the roles screen lives, under the organisation's page. */
export const rolesPath = '/dashboard/organization/roles';

/** The way to the organisation's roles, for those who decide who may do what (organisation admins). */
export function RolesCard() {
  return (
    <OrganizationLinkCard
      I="manage"
      a="Role"
      title="Roles"
      subheader="Who may do what"
      linkLabel="Open roles"
      to={rolesPath}
    >
      See what each role may do, make roles of your own for site admins who need more or less than the site
      admin&apos;s rules, and decide what each role may do with what your remotes bring.
    </OrganizationLinkCard>
  );
}
