import { useMemo, useState } from 'react';
import {
  foodItemApi,
  masterTypeApi,
  sensorInputSchema,
  sensorResource,
  sensorSortColumns,
  sensorStatusLabels,
  sensorUpdateSchema,
  type Sensor,
  type SensorInput,
  type SensorStatus,
  type SensorUpdate,
  type SensorWithKey,
} from '@console/shared-sdk/equipment';
import { Alert, Chip, TextField, Typography } from '@console/shared-sdk/mui';
import {
  defineResource,
  ResourceScreen,
  ShownOnceDialog,
  SiteTime,
  useSiteFormat,
  type FormContext,
  type SiteFormat,
} from '@console/shared-sdk/ui';

// /dashboard/sensors (issue 24): the site's wireless sensors, each on a fridge's or freezer's temperature
// item or on a probe, with when it was last heard from and its last reading. A sensor's device key is
// shown once, when it is registered or its key rotated, with a copy button; the console never shows it
// again, so the dialog says so. Readings are in the site's unit, times on its clock as it writes them.

/** The form's item: one select of both kinds, its value `T:<id>` for a temperature item, `P:<id>` a probe. */
interface SensorForm {
  name: string;
  temperatureItemID: string;
}

const itemValue = (sensor: Sensor) =>
  sensor.temperatureItemID ? `T:${sensor.temperatureItemID}` : `P:${sensor.foodItemID ?? ''}`;

/** The body's item field from the form's choice: a temperature item or a probe. */
function itemFields(choice: string): { temperatureItemID?: string; foodItemID?: string } {
  const [kind, id] = [choice.slice(0, 2), choice.slice(2)];
  if (kind === 'P:') return { foodItemID: id };
  if (kind === 'T:') return { temperatureItemID: id };
  return {};
}

/** The site's fridge and freezer items, then its probes, as the item select's options. */
async function itemOptions(context: FormContext) {
  if (!context.siteID) return [];
  const [fridges, probes] = await Promise.all([
    masterTypeApi.findBySite(context.siteID, { quiet: true }),
    foodItemApi.list({ siteID: context.siteID, type: 'PROB', page: 1, limit: 100 }, { quiet: true }),
  ]);
  return [
    ...fridges.flatMap((fridge) =>
      fridge.temperatureItems.map((item) => ({
        value: `T:${item._id}`,
        label: `${fridge.name} · ${item.name}`,
      })),
    ),
    ...probes.list.map((probe) => ({ value: `P:${probe._id}`, label: `Probe · ${probe.name}` })),
  ];
}

const statusColors: Record<SensorStatus, 'success' | 'error' | 'default' | 'warning'> = {
  ONLINE: 'success',
  OFFLINE: 'error',
  REVOKED: 'default',
  NEVER_SEEN: 'warning',
};

/** A sensor's status in words, coloured; the words alone carry it. */
export function SensorStatusChip({ status }: { status: SensorStatus }) {
  return <Chip size="small" color={statusColors[status]} label={sensorStatusLabels[status]} />;
}

const itemWords = (sensor: Sensor) =>
  sensor.item.equipmentName
    ? `${sensor.item.equipmentName} · ${sensor.item.name}`
    : `Probe · ${sensor.item.name}`;

const lastReading = (sensor: Sensor, format: SiteFormat) =>
  sensor.lastCelsius === null ? 'None yet' : format.temperature(sensor.lastCelsius);

/** A key shown for copying, with why it will not be shown again. */
export interface ShownKey {
  sensor: SensorWithKey;
  why: 'created' | 'rotated';
}

/** The device key, once: a copy button and the warning that it cannot be read again. */
export function DeviceKeyDialog({ shown, onClose }: { shown: ShownKey | null; onClose: () => void }) {
  if (!shown) return null;
  const { sensor, why } = shown;
  return (
    <ShownOnceDialog
      title={why === 'created' ? `Sensor “${sensor.name}” registered` : `New key for “${sensor.name}”`}
      copy={{ text: sensor.deviceKey, label: 'Copy key', done: 'Copied to the clipboard.' }}
      doneLabel="I have copied it"
      onClose={onClose}
    >
      <Alert severity="warning">
        Copy the device key now and enter it in the sensor or its gateway. You will not see it again: if it is
        lost, rotate the key to get a new one.
      </Alert>
      {why === 'rotated' && <Typography variant="body2">The old key is refused from now on.</Typography>}
      <TextField
        label="Device key"
        value={sensor.deviceKey}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
    </ShownOnceDialog>
  );
}

/**
 * The sensors' declaration; `show` receives each key the API answers, to show it once. `format` is how the
 * selected site writes temperatures.
 */
export function sensors(show: (key: ShownKey) => void, format: SiteFormat) {
  return defineResource({
    title: 'Sensors',
    name: 'sensor',
    subject: 'Sensor',
    api: {
      ...sensorResource,
      create: async (input: SensorInput, options) => {
        const made = await sensorResource.create(input, options);
        show({ sensor: made, why: 'created' });
        return made;
      },
    },
    recordLabel: (row: Sensor) => row.name,
    sortable: sensorSortColumns,
    defaultSort: 'name',
    search: { placeholder: 'Search sensors by name or key prefix' },
    emptyMessage: 'No sensors at this site yet.',
    emptyHint: 'Register a wireless sensor on a fridge, a freezer or a probe: it then logs on its own.',
    columns: [
      { field: 'name', headerName: 'Sensor', flex: 1, minWidth: 150 },
      {
        field: 'item',
        headerName: 'Logs',
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => itemWords(row),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <SensorStatusChip status={row.status} />,
      },
      {
        field: 'lastCelsius',
        headerName: 'Last reading',
        width: 120,
        sortable: false,
        valueGetter: (_value, row) => lastReading(row, format),
      },
      {
        field: 'lastSeenAt',
        headerName: 'Last seen',
        renderCell: ({ row }) => <SiteTime value={row.lastSeenAt} />,
      },
      { field: 'keyPrefix', headerName: 'Key', width: 120, sortable: false },
    ],
    view: [
      { label: 'Sensor', field: 'name' },
      { label: 'Logs', render: itemWords },
      { label: 'Status', render: (row) => <SensorStatusChip status={row.status} /> },
      { label: 'Last reading', render: (row) => lastReading(row, format) },
      { label: 'Last reading taken', render: (row) => <SiteTime value={row.lastReadAt} /> },
      { label: 'Last seen', render: (row) => <SiteTime value={row.lastSeenAt} /> },
      {
        label: 'Outside its limits since',
        render: (row) => (row.excursionSince ? <SiteTime value={row.excursionSince} /> : 'Within its limits'),
      },
      {
        label: 'Key',
        render: (row) => (
          <>
            {row.keyPrefix}… (made <SiteTime value={row.keyCreatedAt} style="date" />)
          </>
        ),
      },
    ],
    rowActions: [
      {
        label: 'Rotate key',
        icon: 'history',
        ability: { action: 'update' },
        confirm: (row) => ({
          title: `Rotate the key of “${row.name}”?`,
          message:
            'A new key is made and shown once. The old key stops working at once: the sensor sends nothing ' +
            'until it has the new one.',
        }),
        run: async (row) => show({ sensor: await sensorResource.rotateKey(row._id), why: 'rotated' }),
      },
      {
        label: 'Revoke key',
        icon: 'warning',
        ability: { action: 'update' },
        available: (row) => row.status !== 'REVOKED',
        confirm: (row) => ({
          title: `Revoke the key of “${row.name}”?`,
          message: 'Its readings are refused from now on, until you rotate in a new key.',
        }),
        run: (row) => sensorResource.revokeKey(row._id),
      },
    ],
    form: {
      schema: sensorInputSchema,
      updateSchema: sensorUpdateSchema,
      fields: [
        { kind: 'text', name: 'name', label: 'Sensor name', required: true },
        {
          kind: 'select',
          name: 'temperatureItemID',
          label: 'What it logs',
          required: true,
          options: itemOptions,
          helperText: 'A fridge’s or freezer’s temperature item, or a probe, of this site',
        },
      ],
      emptyForm: (): SensorForm => ({ name: '', temperatureItemID: '' }),
      toForm: (row: Sensor): SensorForm => ({ name: row.name, temperatureItemID: itemValue(row) }),
      // The kit adds the selected site to a new sensor; a sensor stays on its site.
      toInput: (form: SensorForm) => ({ name: form.name, ...itemFields(form.temperatureItemID) }),
      toUpdate: (form: SensorForm, row: Sensor): SensorUpdate => ({
        _id: row._id,
        name: form.name,
        ...itemFields(form.temperatureItemID),
      }),
    },
  });
}

/** /dashboard/sensors: the list, and the key dialog a create or a rotation opens. */
export function SensorsScreen() {
  const [shown, setShown] = useState<ShownKey | null>(null);
  const format = useSiteFormat();
  const resource = useMemo(() => sensors(setShown, format), [format]);
  return (
    <>
      <ResourceScreen resource={resource} />
      <DeviceKeyDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
