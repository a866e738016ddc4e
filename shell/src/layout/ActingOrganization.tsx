import { Chip } from '@console/shared-sdk/mui';
import { useEffect, useState } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { session, useSession } from '@console/shared-sdk';

/** For the platform admin: which organisation it is acting in, and a way out of it. */
export function ActingOrganization() {
  const role = useSession((s) => s.userData?.role);
  const orgId = useSession((s) => s.orgId);
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (role !== 'ADMIN' || !orgId) return;
    const controller = new AbortController();
    // Only the platform admin needs the organisation calls: everyone else's navbar does not download them.
    import('@console/shared-sdk/organization')
      .then(({ organizationApi }) => organizationApi.view(orgId, { quiet: true, signal: controller.signal }))
      .then((organization) => setName(organization.name))
      .catch(() => setName(null));
    return () => controller.abort();
  }, [role, orgId]);

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
