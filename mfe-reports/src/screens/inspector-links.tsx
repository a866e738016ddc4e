import { useMemo, useState } from 'react';
import { siteOptionsApi, useRead, type CallOptions, type ListParams, type Option } from '@console/shared-sdk';
import { Alert, Box, Chip, Skeleton, TextField, Typography } from '@console/shared-sdk/mui';
import {
  inspectionPackDefaultDays,
  inspectorLinkApi,
  inspectorLinkCreateSchema,
  inspectorLinkMaxDays,
  inspectorLinkSortColumns,
  inspectorLinkStateLabels,
  inspectorLinkStates,
  inspectorPasscodeLength,
  type InspectorLink,
  type InspectorLinkCreate,
  type InspectorLinkCreated,
  type InspectorLinkState,
} from '@console/shared-sdk/reports';
import { compactCell } from '@console/shared-sdk/report-kit';
import {
  addDays,
  defineResource,
  namedOption,
  ResourceScreen,
  ShownOnceDialog,
  todayIn,
  useSiteFormatOf,
  type FormContext,
  type ResourceScreenProps,
} from '@console/shared-sdk/ui';

// `/dashboard/inspectorLinks`: links that open an inspector's read-only view of some of the organisation's
// sites, over a range of their dates, for at most 30 days, optionally behind a passcode sent apart. The
// address is in the answer to making one, once: it is shown then with a copy button, and never again. Each
// link lists its accesses (when, from where, what was opened) and can be revoked.

/**
 * A link as the kit holds it: with its sites' ids as `siteID`, the field the abilities judge it by (a site
 * admin's are only the links all of whose sites it runs).
 */
export type InspectorLinkRow = InspectorLink & { siteID: string[] };

const asRow = (link: InspectorLink): InspectorLinkRow => ({
  ...link,
  siteID: link.sites.map((site) => site._id),
});

interface LinkForm {
  label: string;
  siteIDs: string[];
  startDate: string;
  endDate: string;
  expiresInDays: number | null;
  passcode: string;
}

const defaultExpiryDays = 7;

const stateColors: Record<InspectorLinkState, 'success' | 'default' | 'error'> = {
  ACTIVE: 'success',
  EXPIRED: 'default',
  REVOKED: 'error',
};

function LinkStateChip({ state }: { state: InspectorLinkState }) {
  return <Chip size="small" color={stateColors[state]} label={inspectorLinkStateLabels[state]} />;
}

const stateTabs: readonly Option[] = inspectorLinkStates.map((state) => ({
  value: state,
  label: inspectorLinkStateLabels[state],
}));

const siteNames = (link: InspectorLink) => link.sites.map((site) => site.name).join(', ');

/**
 * An instant of a link (its expiry, an access) on the clock of its first site: a link of several sites
 * has no one zone, and its sites are most often in one.
 */
function LinkTime({
  link,
  value,
  none = 'Never',
}: {
  link: InspectorLink;
  value: string | null;
  none?: string;
}) {
  const format = useSiteFormatOf(link.sites[0]?._id ?? null);
  if (!value) return <>{none}</>;
  return <time dateTime={value}>{format.instant(value)}</time>;
}

/** The records' dates the link opens, in its first site's date words. */
function LinkDates({ link }: { link: InspectorLink }) {
  const format = useSiteFormatOf(link.sites[0]?._id ?? null);
  return <>{format.dayRange(link.startDate, link.endDate)}</>;
}

const accessesWords = (count: number) => (count === 1 ? 'Opened once' : `Opened ${count} times`);

/** Every access of a link, newest first: when, from which address, what was opened. */
export function AccessLog({ link }: { link: InspectorLink }) {
  // A link never opened has nothing to list: its count says so without a call.
  const opened = link.accessCount > 0;
  const accesses = useRead(opened ? ['InspectorLink', 'accesses', link._id] : null, (signal) =>
    inspectorLinkApi.accesses(link._id, { signal }),
  );
  if (!opened)
    return (
      <Typography variant="body2" color="text.secondary">
        Not opened yet.
      </Typography>
    );
  if (accesses.loading) return <Skeleton variant="rounded" height={72} aria-label="Loading the accesses" />;
  const list = accesses.data;
  if (!list) return <Typography color="text.secondary">The accesses could not be read.</Typography>;
  if (list.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Not opened yet.
      </Typography>
    );
  const header = { ...compactCell, fontWeight: 600 };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        aria-label={`Accesses of the link for ${link.label}`}
        sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={header}>
              When
            </Box>
            <Box component="th" scope="col" sx={header}>
              Address
            </Box>
            <Box component="th" scope="col" sx={header}>
              What was opened
            </Box>
          </tr>
        </thead>
        <tbody>
          {list.map((access) => (
            <tr key={access._id}>
              <Box component="td" sx={{ ...compactCell, whiteSpace: 'nowrap' }}>
                <LinkTime link={link} value={access.at} />
              </Box>
              <Box component="td" sx={{ ...compactCell, fontFamily: 'monospace' }}>
                {access.address}
              </Box>
              <Box component="td" sx={compactCell}>
                {access.what}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** The sites the signed-in admin may open to an inspector: the site list they choose sites from. */
const mySites = async (): Promise<Option[]> => (await siteOptionsApi.simpleList()).map(namedOption);

/** A new link: the selected site over the pack's default range, ending today in the site's zone. */
function emptyForm(context: FormContext): LinkForm {
  const endDate = todayIn(context.timeZone);
  return {
    label: '',
    siteIDs: context.siteID ? [context.siteID] : [],
    startDate: addDays(endDate, -(inspectionPackDefaultDays - 1)),
    endDate,
    expiresInDays: defaultExpiryDays,
    passcode: '',
  };
}

const toInput = (form: LinkForm): InspectorLinkCreate => ({
  label: form.label,
  siteIDs: form.siteIDs,
  startDate: form.startDate,
  endDate: form.endDate,
  expiresInDays: form.expiresInDays ?? undefined,
  passcode: form.passcode === '' ? undefined : form.passcode,
});

/** The links' declaration; `show` receives each link made, whose address is shown this once. */
export function inspectorLinks(show: (made: InspectorLinkCreated) => void) {
  return defineResource({
    title: 'Inspector links',
    name: 'link',
    createLabel: 'Make a link',
    subject: 'InspectorLink',
    // Links span sites: the list is the organisation's (a site admin's: its own sites'), not a site's.
    siteScoped: false,
    api: {
      list: async (params: ListParams & { state?: InspectorLinkState }, options?: CallOptions) => {
        const page = await inspectorLinkApi.list(params, options);
        return { ...page, list: page.list.map(asRow) };
      },
      create: async (input: InspectorLinkCreate, options?: CallOptions) => {
        const made = await inspectorLinkApi.create(input, options);
        show(made);
        return asRow(made.link);
      },
    },
    recordLabel: (link: InspectorLinkRow) => link.label,
    sortable: inspectorLinkSortColumns,
    defaultSort: '-createdAt',
    search: { placeholder: 'Search links by who they are for' },
    emptyMessage: 'No inspector links yet.',
    emptyHint:
      'Make one to let an inspector read some of your sites’ records without an account, for a few days.',
    filters: [{ kind: 'status', name: 'state', label: 'Link state', options: stateTabs }],
    columns: [
      { field: 'label', headerName: 'Who it is for', flex: 1, minWidth: 180 },
      {
        field: 'sites',
        headerName: 'Sites',
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, link) => siteNames(link),
      },
      {
        field: 'state',
        headerName: 'State',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <LinkStateChip state={row.state} />,
      },
      {
        field: 'startDate',
        headerName: 'Records of',
        sortable: false,
        renderCell: ({ row }) => <LinkDates link={row} />,
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        renderCell: ({ row }) => <LinkTime link={row} value={row.expiresAt} />,
      },
      { field: 'accessCount', headerName: 'Accesses', type: 'number', sortable: false },
      {
        field: 'lastAccessAt',
        headerName: 'Last access',
        sortable: false,
        renderCell: ({ row }) => <LinkTime link={row} value={row.lastAccessAt} />,
      },
    ],
    card: [
      { label: 'State', render: (link) => <LinkStateChip state={link.state} /> },
      { label: 'Sites', render: siteNames },
      { label: 'Expires', render: (link) => <LinkTime link={link} value={link.expiresAt} /> },
    ],
    view: [
      { label: 'Who it is for', field: 'label' },
      { label: 'Sites', render: siteNames },
      { label: 'Records of', render: (link) => <LinkDates link={link} /> },
      { label: 'State', render: (link) => <LinkStateChip state={link.state} /> },
      { label: 'Passcode', render: (link) => (link.hasPasscode ? 'Asked for' : 'None') },
      { label: 'Expires', render: (link) => <LinkTime link={link} value={link.expiresAt} /> },
      {
        label: 'Made',
        render: (link) => (
          <>
            {link.createdBy ? `${link.createdBy.name}, ` : ''}
            <LinkTime link={link} value={link.createdAt} />
          </>
        ),
      },
      {
        label: 'Revoked',
        render: (link) => (
          <>
            {link.revokedBy && link.revokedAt ? `${link.revokedBy.name}, ` : ''}
            <LinkTime link={link} value={link.revokedAt} none="No" />
          </>
        ),
      },
      {
        label: 'Accesses',
        render: (link) =>
          link.accessCount === 0 ? (
            'Not opened yet'
          ) : (
            <>
              {accessesWords(link.accessCount)}, last <LinkTime link={link} value={link.lastAccessAt} />
            </>
          ),
      },
    ],
    detail: {
      width: 'md',
      sections: [{ title: 'Access log', render: (link) => <AccessLog link={link} /> }],
    },
    rowActions: [
      {
        label: 'Revoke',
        icon: 'warning',
        ability: { action: 'update' },
        available: (link) => link.state === 'ACTIVE',
        confirm: (link) => ({
          title: `Revoke the link for “${link.label}”?`,
          message:
            'It stops working at once: whoever opens it is told the page does not exist. Its access log is ' +
            'kept. A revoked link cannot be used again: make a new one if need be.',
        }),
        run: (link) => inspectorLinkApi.revoke(link._id),
      },
    ],
    form: {
      schema: inspectorLinkCreateSchema,
      fields: [
        {
          kind: 'text',
          name: 'label',
          label: 'Who it is for',
          required: true,
          helperText: 'Their office and name, e.g. “Brighton & Hove EHO, J. Patel”',
        },
        {
          kind: 'multiselect',
          name: 'siteIDs',
          label: 'Sites',
          required: true,
          options: mySites,
          helperText: 'The sites whose records it opens: sites you administer',
        },
        {
          kind: 'date',
          name: 'startDate',
          label: 'Records from',
          required: true,
          helperText: 'Each site’s own local dates',
        },
        { kind: 'date', name: 'endDate', label: 'Records to', required: true },
        {
          kind: 'number',
          name: 'expiresInDays',
          label: 'Works for',
          unit: 'days',
          required: true,
          helperText: `From now, 1 to ${inspectorLinkMaxDays} days`,
        },
        {
          kind: 'text',
          name: 'passcode',
          label: 'Passcode',
          autoComplete: 'off',
          helperText:
            `Optional, at least ${inspectorPasscodeLength.min} characters. Send it to the inspector ` +
            'separately from the link (say it by phone, or in another message), so the link alone opens nothing.',
        },
      ],
      emptyForm,
      toForm: (link: InspectorLinkRow): LinkForm => ({
        label: link.label,
        siteIDs: link.siteID,
        startDate: link.startDate,
        endDate: link.endDate,
        expiresInDays: defaultExpiryDays,
        passcode: '',
      }),
      toInput,
    },
    actions: { edit: false, delete: false },
  });
}

/** The address of a link just made, this once, with a copy button. */
export function MadeLinkDialog({
  made,
  onClose,
}: {
  made: InspectorLinkCreated | null;
  onClose: () => void;
}) {
  if (!made) return null;
  const { link, url } = made;
  return (
    <ShownOnceDialog
      title={`Link for “${link.label}”`}
      copy={{ text: url, label: 'Copy link', done: 'Link copied to the clipboard.' }}
      doneLabel="Done"
      onClose={onClose}
    >
      <Alert severity="warning">
        Copy the link now: it will not be shown again. The console keeps no copy of it; if it is lost, revoke
        this link and make another.
      </Alert>
      <TextField
        label="Link"
        value={url}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
      <Typography variant="body2">
        It opens the records of {siteNames(link)} dated <LinkDates link={link} />, and works until{' '}
        <LinkTime link={link} value={link.expiresAt} />.
      </Typography>
      {link.hasPasscode && (
        <Typography variant="body2">
          It asks for the passcode you chose: send that to the inspector separately, not with the link.
        </Typography>
      )}
    </ShownOnceDialog>
  );
}

export type InspectorLinksScreenProps = Pick<
  ResourceScreenProps<InspectorLinkRow, LinkForm, InspectorLinkCreate, never, object>,
  'gridProps'
>;

/** `/dashboard/inspectorLinks`: the organisation's links, and the address of one just made. */
export function InspectorLinksScreen({ gridProps }: InspectorLinksScreenProps) {
  const [made, setMade] = useState<InspectorLinkCreated | null>(null);
  const resource = useMemo(() => inspectorLinks(setMade), []);
  return (
    <>
      <ResourceScreen resource={resource} gridProps={gridProps} />
      <MadeLinkDialog made={made} onClose={() => setMade(null)} />
    </>
  );
}
