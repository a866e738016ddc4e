import { Chip } from '@console/shared-sdk/mui';
import { useNavigate } from '@console/shared-sdk/router';
import { session, useRead, useSession } from '@console/shared-sdk';

/** For the platform admin: which organisation it is acting in, and a way out of it. */
export function ActingOrganization() {
  const role = useSession((s) => s.userData?.role);
  const orgId = useSession((s) => s.orgId);
  const navigate = useNavigate();
  const organization = useRead(
    role === 'ADMIN' && orgId ? ['Organization', 'record', orgId] : null,
    (signal) =>
      // Only the platform admin needs the organisation calls: everyone else's navbar does not download them.
      import('@console/shared-sdk/organization').then(({ organizationApi }) =>
        organizationApi.view(orgId ?? undefined, { quiet: true, signal }),
      ),
  );
  const name = organization.data?.name ?? null;

  if (role !== 'ADMIN') return null;
  if (!orgId) {
    return (
      <Chip
        sx={{ maxWidth: { xs: 150, sm: 'none' } }}
        label="Choose an organisation"
        onClick={() => navigate('/dashboard/organizations')}
        variant="outlined"
      />
    );
  }
  return (
    <Chip
      color="secondary"
      // A long organisation name ends in an ellipsis rather than pushing the account button off a phone.
      sx={{ maxWidth: { xs: 150, sm: 320 } }}
      label={`Acting in ${name ?? 'organisation'}`}
      onDelete={() => {
        session.actInOrganization(null);
        navigate('/dashboard/organizations');
      }}
      deleteIcon={undefined}
      aria-label={`Acting in ${name ?? 'an organisation'}; remove to stop`}
    />
  );
}
