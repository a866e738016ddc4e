import { Chip } from '@console/shared-sdk/mui';
import { LtrText, SiteTime } from '@console/shared-sdk/ui';

// What the screens of the organisation's credentials for other systems (the directory's SCIM tokens, the
// integrators' API keys) show alike: a credential's state, and when and from where it was last used.

/** The states a credential goes through: it works, its time ran out, or an admin revoked it. */
export type CredentialStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

const statusColors: Record<CredentialStatus, 'success' | 'warning' | 'default'> = {
  ACTIVE: 'success',
  EXPIRED: 'warning',
  REVOKED: 'default',
};

/** A credential's state in words (the contract's labels), coloured; the words alone carry it. */
export function CredentialStatusChip({ status, label }: { status: CredentialStatus; label: string }) {
  return <Chip size="small" color={statusColors[status]} label={label} />;
}

/**
 * When a credential was last used, in the site's zone, from which address and (when known) with which
 * program; "Never" before its first call. `shortClient` keeps only the program's first word
 * ("curl/8.4.0" of "curl/8.4.0 (x86_64-pc-linux-gnu)"), for a list's narrow cell.
 */
export function LastUsed({
  at,
  from,
  client = null,
  shortClient = false,
}: {
  at: string | null;
  from: string | null;
  client?: string | null;
  shortClient?: boolean;
}) {
  if (!at) return <>Never</>;
  const program = client && shortClient ? client.split(/\s+/)[0] : client;
  return (
    <>
      <SiteTime value={at} />
      {from && (
        <>
          {' '}
          from <LtrText>{from}</LtrText>
        </>
      )}
      {program && (
        <>
          {' '}
          with <LtrText>{program}</LtrText>
        </>
      )}
    </>
  );
}
