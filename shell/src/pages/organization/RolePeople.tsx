import { useState } from 'react';
import { invalidate, useRead, type Option } from '@console/shared-sdk';
import { Box, Button, Skeleton, Stack, Typography } from '@console/shared-sdk/mui';
import { staffApi } from '@console/shared-sdk/people';
import { roleApi, type CustomRole, type RoleMember } from '@console/shared-sdk/organization';
import { ErrorState, FormDialog, LtrText, formErrorStatuses, type FieldErrors } from '@console/shared-sdk/ui';

const fullName = (member: Pick<RoleMember, 'firstName' | 'lastName'>) =>
  `${member.firstName} ${member.lastName}`.trim();

/**
 * Who holds each of the organisation's other custom roles, to say in the picker who would move. Bounded:
 * the first page of 100 roles, and only those someone holds.
 */
async function holdersOfOtherRoles(role: CustomRole): Promise<Map<string, string>> {
  const roles = await roleApi.list({ limit: 100 }, { quiet: true });
  const held = roles.list.filter((other) => other._id !== role._id && other.memberCount > 0);
  const members = await Promise.all(held.map((other) => roleApi.members(other._id, { quiet: true })));
  const holding = new Map<string, string>();
  held.forEach((other, index) => {
    for (const member of members[index] ?? []) holding.set(member._id, other.name);
  });
  return holding;
}

/** The organisation's site admins not yet holding `role`, each saying which role they would leave. */
async function siteAdminOptions(role: CustomRole, holders: readonly RoleMember[]): Promise<Option[]> {
  const [admins, holding] = await Promise.all([
    staffApi.simpleList({ role: 'SITE_ADMIN' }, { quiet: true }),
    holdersOfOtherRoles(role),
  ]);
  const already = new Set(holders.map((holder) => holder._id));
  return admins
    .filter((admin) => !already.has(admin._id))
    .map((admin) => {
      const other = holding.get(admin._id);
      const who = `${admin.fullName} (${admin.email})`;
      return { value: admin._id, label: other ? `${who}: holds “${other}”, moves here` : who };
    });
}

/** Picks a site admin and gives them the role; one holding another custom role moves to this one. */
function AddPersonDialog({
  role,
  holders,
  onClose,
}: {
  role: CustomRole;
  holders: readonly RoleMember[];
  onClose: () => void;
}) {
  return (
    <FormDialog<{ userID: string }>
      title={`Add a person to “${role.name}”`}
      submitLabel="Add"
      fields={[
        {
          kind: 'select',
          name: 'userID',
          label: 'Site admin',
          required: true,
          helperText:
            'Only site admins hold custom roles, and keep their sites. Someone who holds another role moves to this one.',
          options: () => siteAdminOptions(role, holders),
        },
      ]}
      initial={{ userID: '' }}
      validate={(form): FieldErrors => (form.userID ? {} : { userID: 'Choose a site admin' })}
      save={async (form) => {
        await roleApi.assign({ userID: form.userID, roleID: role._id }, { quietFor: formErrorStatuses });
        invalidate(['Role']);
      }}
      onSaved={onClose}
      onClose={onClose}
      context={{ siteID: null, timeZone: 'UTC' }}
      editing={false}
    />
  );
}

/**
 * A custom role's holders (name, e-mail, sites), each with Remove (back to the site admin's rules), and Add
 * person. Every change is read again under the roles' subject, so the list's counts follow.
 */
export function RolePeople({ role }: { role: CustomRole }) {
  const holders = useRead(['Role', 'members', role._id], (signal) => roleApi.members(role._id, { signal }));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = (member: RoleMember) => {
    setRemoving(member._id);
    roleApi
      .assign({ userID: member._id, roleID: null })
      .then(() => invalidate(['Role']))
      .catch(() => undefined)
      .finally(() => setRemoving(null));
  };

  if (holders.error && !holders.data)
    return <ErrorState message="Could not load the people holding this role." onRetry={holders.reload} />;
  if (!holders.data) return <Skeleton variant="rounded" height={80} aria-label="Loading the role's people" />;
  const list = holders.data;
  return (
    <Stack spacing={1.5}>
      {list.length === 0 ? (
        <Typography color="text.secondary">
          No one holds this role yet. A site admin given it does what it allows, at their own sites, instead
          of what the site admin&apos;s rules allow.
        </Typography>
      ) : (
        <Box
          component="table"
          aria-label={`People holding “${role.name}”`}
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            '& th, & td': { py: 0.5, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'start' },
            '& thead th': { typography: 'subtitle2' },
            '& tbody th': { fontWeight: 'normal' },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Sites</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((member) => (
              <tr key={member._id}>
                <th scope="row">{fullName(member)}</th>
                <td>
                  <LtrText>{member.email}</LtrText>
                </td>
                <td>{member.siteNames.join(', ') || '—'}</td>
                <td>
                  <Button
                    size="small"
                    aria-label={`Remove ${fullName(member)}`}
                    loading={removing === member._id}
                    disabled={removing !== null}
                    onClick={() => remove(member)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Box>
        <Button variant="outlined" onClick={() => setAdding(true)}>
          Add person
        </Button>
      </Box>
      {adding && <AddPersonDialog role={role} holders={list} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
