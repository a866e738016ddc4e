import { useMemo, useState } from 'react';
import { selectedSite, type CallOptions } from '@console/shared-sdk';
import {
  kitchenDeviceApi,
  kitchenDeviceInputSchema,
  kitchenDeviceSortColumns,
  kitchenDeviceStatusLabels,
  kitchenDeviceUpdateSchema,
  type KitchenDevice,
  type KitchenDeviceInput,
  type KitchenDeviceStatus,
  type KitchenDeviceWithCode,
} from '@console/shared-sdk/people';
import { Alert, Box, Chip, Stack, TextField, Typography } from '@console/shared-sdk/mui';
import {
  defineResource,
  ResourceScreen,
  ShownOnceDialog,
  SiteTime,
  type CustomFieldProps,
} from '@console/shared-sdk/ui';

// /dashboard/devices: the shared kitchen tablets of the selected site. Enrolling one shows a one-time code,
// its QR code and link once (the console never shows them again); staff then sign in on the tablet with
// their PIN. A tablet can be renamed, given a new code (to enrol it again) and revoked, which signs it out
// at once.

/** The enrol and rename form: the tablet's name, and the site it is for (shown, not chosen: the page's). */
interface KitchenDeviceForm {
  name: string;
  site: string;
}

const statusColors: Record<KitchenDeviceStatus, 'success' | 'warning' | 'info' | 'default'> = {
  PENDING: 'info',
  EXPIRED: 'warning',
  ENROLLED: 'success',
  REVOKED: 'default',
};

/** A device's status in words, coloured; the words alone carry it. */
export function DeviceStatusChip({ status }: { status: KitchenDeviceStatus }) {
  return <Chip size="small" color={statusColors[status]} label={kitchenDeviceStatusLabels[status]} />;
}

/** The site a tablet is for, read-only: a new one is for the site chosen at the top of the page. */
function SiteShown({ id, label, value }: CustomFieldProps<string>) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      fullWidth
      slotProps={{ htmlInput: { readOnly: true } }}
      helperText="A tablet stays on its site: choose another site at the top of the page to enrol one there"
    />
  );
}

/** A code to show once, and whether a tablet enrolled before is replaced when it is used. */
export interface ShownCode {
  device: KitchenDeviceWithCode;
  why: 'created' | 'renewed';
}

/** The enrolment code, once: large, with its QR code, its link and until when it works. */
export function EnrolmentCodeDialog({ shown, onClose }: { shown: ShownCode | null; onClose: () => void }) {
  if (!shown) return null;
  const { device, why } = shown;
  return (
    <ShownOnceDialog
      title={why === 'created' ? `Enrol “${device.name}”` : `New code for “${device.name}”`}
      copy={{ text: device.enrolmentUrl, label: 'Copy link', done: 'Link copied to the clipboard.' }}
      doneLabel="Done"
      onClose={onClose}
    >
      <Alert severity="warning">
        This code is shown once and works once. Enrol the tablet now: if the code is lost or runs out, make a
        new one from the list.
      </Alert>
      <Typography variant="body2">
        On the tablet, scan the QR code with its camera, or open the kitchen app and type the code.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          component="img"
          src={device.qrCodeSvg}
          alt={`QR code that enrols “${device.name}”`}
          sx={{ width: 200, height: 200, flexShrink: 0 }}
        />
        <Stack spacing={1}>
          <Typography variant="overline" component="h3" id="enrolment-code-label">
            Enrolment code
          </Typography>
          <Typography
            aria-labelledby="enrolment-code-label"
            sx={{ fontFamily: 'monospace', fontSize: '2.5rem', fontWeight: 600, letterSpacing: '0.08em' }}
          >
            {device.enrolmentCode}
          </Typography>
          <Typography variant="body2">
            Works until <SiteTime value={device.enrolmentExpiresAt} zone={device.timeZoneId} /> at{' '}
            {device.siteName}.
          </Typography>
        </Stack>
      </Stack>
      <TextField
        label="Enrolment link"
        value={device.enrolmentUrl}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
      {why === 'renewed' && device.status === 'ENROLLED' && (
        <Typography variant="body2">
          The tablet enrolled now keeps working until this code is used. Then the tablet that used it takes
          its place, and the old one is signed out.
        </Typography>
      )}
    </ShownOnceDialog>
  );
}

const seen = (device: KitchenDevice) => <SiteTime value={device.lastSeenAt} zone={device.timeZoneId} />;
const enrolled = (device: KitchenDevice) => (
  <SiteTime value={device.enrolledAt} zone={device.timeZoneId} none="Not yet" />
);

/** The tablets' declaration; `show` receives each code the API answers, to show it once. */
export function kitchenDevices(show: (code: ShownCode) => void) {
  return defineResource({
    title: 'Kitchen devices',
    name: 'tablet',
    createLabel: 'Enrol a tablet',
    subject: 'Device',
    api: {
      ...kitchenDeviceApi,
      create: async (input: KitchenDeviceInput, options?: CallOptions) => {
        const made = await kitchenDeviceApi.create(input, options);
        show({ device: made, why: 'created' });
        return made;
      },
    },
    recordLabel: (row: KitchenDevice) => row.name,
    sortable: kitchenDeviceSortColumns,
    defaultSort: 'name',
    search: { placeholder: 'Search tablets by name' },
    emptyMessage: 'No kitchen tablets at this site yet.',
    emptyHint:
      'Enrol a tablet the kitchen shares: you are shown a code to type on it, or a QR code to scan. Staff then ' +
      'tap their name on it and sign in with their PIN.',
    columns: [
      { field: 'name', headerName: 'Tablet', flex: 1, minWidth: 160 },
      { field: 'siteName', headerName: 'Site', flex: 1, minWidth: 160, sortable: false },
      {
        field: 'status',
        headerName: 'Status',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <DeviceStatusChip status={row.status} />,
      },
      { field: 'lastSeenAt', headerName: 'Last seen', minWidth: 170, renderCell: ({ row }) => seen(row) },
      { field: 'enrolledAt', headerName: 'Enrolled', minWidth: 170, renderCell: ({ row }) => enrolled(row) },
    ],
    view: [
      { label: 'Tablet', field: 'name' },
      { label: 'Site', field: 'siteName' },
      { label: 'Status', render: (row) => <DeviceStatusChip status={row.status} /> },
      {
        label: 'Code works until',
        render: (row) => <SiteTime value={row.enrolmentExpiresAt} zone={row.timeZoneId} none="No code out" />,
      },
      { label: 'Enrolled', render: enrolled },
      { label: 'Last seen', render: seen },
      {
        label: 'Revoked',
        render: (row) => <SiteTime value={row.revokedAt} zone={row.timeZoneId} none="No" />,
      },
    ],
    card: [
      { label: 'Status', render: (row) => <DeviceStatusChip status={row.status} /> },
      { label: 'Last seen', render: seen },
    ],
    rowActions: [
      {
        label: 'New code',
        icon: 'history',
        ability: { action: 'update' },
        available: (row) => row.status !== 'REVOKED',
        confirm: (row) => ({
          title: `New code for “${row.name}”?`,
          message:
            row.status === 'ENROLLED'
              ? 'The tablet enrolled now keeps working until the new code is used: then the tablet that used it ' +
                'takes its place, and the old one is signed out.'
              : 'A new code is made and shown once; a code shown before stops working.',
        }),
        run: async (row) => show({ device: await kitchenDeviceApi.newCode(row._id), why: 'renewed' }),
      },
      {
        label: 'Revoke',
        icon: 'warning',
        ability: { action: 'update' },
        available: (row) => row.status !== 'REVOKED',
        confirm: (row) => ({
          title: `Revoke “${row.name}”?`,
          message:
            'The tablet is signed out at once: everyone signed in on it loses their session, and what it has ' +
            'not sent yet stays on it unsent. It cannot be used again unless it is enrolled as a new tablet.',
        }),
        run: (row) => kitchenDeviceApi.revoke(row._id),
      },
    ],
    form: {
      schema: kitchenDeviceInputSchema,
      updateSchema: kitchenDeviceUpdateSchema,
      fields: [
        { kind: 'custom', name: 'site', label: 'Site', render: (props) => <SiteShown {...props} /> },
        {
          kind: 'text',
          name: 'name',
          label: 'Tablet name',
          required: true,
          helperText: 'Where it is, so staff and admins can tell tablets apart: “Pastry section tablet”',
        },
      ],
      emptyForm: (): KitchenDeviceForm => ({ name: '', site: selectedSite.get().selectedSiteLabel ?? '' }),
      toForm: (row: KitchenDevice): KitchenDeviceForm => ({ name: row.name, site: row.siteName }),
      // The kit adds the selected site to a new tablet; a tablet stays on its site.
      toInput: (form: KitchenDeviceForm) => ({ name: form.name }),
      toUpdate: (form: KitchenDeviceForm, row: KitchenDevice) => ({ _id: row._id, name: form.name }),
    },
  });
}

/** /dashboard/devices: the list, and the code dialog an enrolment or a new code opens. */
export function KitchenDevicesScreen() {
  const [shown, setShown] = useState<ShownCode | null>(null);
  const resource = useMemo(() => kitchenDevices(setShown), []);
  return (
    <>
      <ResourceScreen resource={resource} />
      <EnrolmentCodeDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
