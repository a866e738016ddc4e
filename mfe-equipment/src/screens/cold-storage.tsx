import {
  defaultTemperatureLimits,
  isLooserThanDefault,
  masterTypeInputSchema,
  masterTypeResource,
  masterTypeSortColumns,
  masterTypeUpdateSchema,
  temperatureLimitRules,
  type MasterType,
  type MasterTypeType,
} from '@console/shared-sdk/equipment';
import { Alert, Checkbox, FormControlLabel, TextField, Typography } from '@console/shared-sdk/mui';
import { defineResource, ResourceScreen, type CustomFieldProps } from '@console/shared-sdk/ui';
import { ColdStorageHistory } from './cold-storage-history';

interface ItemForm {
  _id?: string;
  name: string;
  location: string;
  lowerLimit: number | null;
  upperLimit: number | null;
}

/** The confirmation a limit looser than DOMAIN.md's table needs (the body's `limitOverride`). */
interface OverrideForm {
  confirmed: boolean;
  reason: string;
}

interface ColdStorageForm {
  name: string;
  temperatureItems: ItemForm[];
  limitOverride: OverrideForm;
}

const noOverride = (): OverrideForm => ({ confirmed: false, reason: '' });

/**
 * The items whose upper limit is looser than the table allows without a reason. A limit outside the
 * plausible range is left out: its own field already says it is refused, and no reason can save it.
 */
function looserItems(
  type: MasterTypeType,
  items: readonly ItemForm[],
): { name: string; upperLimit: number }[] {
  return items.flatMap(({ name, upperLimit }) =>
    upperLimit !== null &&
    isLooserThanDefault(type, upperLimit) &&
    upperLimit <= temperatureLimitRules[type].plausible.max
      ? [{ name, upperLimit }]
      : [],
  );
}

/**
 * Shown while an upper limit is looser than the table: says which and why that matters, and asks for the
 * explicit confirmation and the reason the fridge's history will keep.
 */
function LooserLimitConfirmation({
  type,
  id,
  value,
  onChange,
  onBlur,
  errors,
  disabled,
  values,
}: CustomFieldProps<OverrideForm, ColdStorageForm> & { type: MasterTypeType }) {
  const items = looserItems(type, values.temperatureItems);
  if (items.length === 0) return null;
  const rule = temperatureLimitRules[type];
  const which = items.map((item) => `${item.name || 'an item'} at ${item.upperLimit} °C`).join(', ');
  return (
    <Alert severity="warning" role="group" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="body2" sx={{ mb: 1 }}>
        Above {rule.loosestUpperLimit} °C, {rule.why}: {which}. Saving it needs your confirmation and a
        reason, which this {words[type].name}&apos;s history keeps.
      </Typography>
      <FormControlLabel
        label="I confirm this looser limit"
        control={
          <Checkbox
            id={id}
            checked={value.confirmed}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, confirmed: event.target.checked })}
            onBlur={onBlur}
          />
        }
      />
      <TextField
        id={`${id}-reason`}
        label="Reason"
        required
        fullWidth
        multiline
        minRows={2}
        size="small"
        disabled={disabled}
        value={value.reason}
        onChange={(event) => onChange({ ...value, reason: event.target.value })}
        onBlur={onBlur}
        error={errors.reason !== undefined}
        helperText={errors.reason ?? 'e.g. Holds drinks only, no food'}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}

const limitText = (item: { lowerLimit: number | null; upperLimit: number | null }) =>
  item.lowerLimit === null ? `≤ ${item.upperLimit} °C` : `${item.lowerLimit} to ${item.upperLimit} °C`;

const words: Record<
  MasterTypeType,
  { title: string; name: string; empty: string; hint: string; firstItem: string }
> = {
  FRIDGE: {
    title: 'Fridges',
    name: 'fridge',
    empty: 'No fridges at this site yet.',
    hint: 'Add each fridge with the items staff check in it.',
    firstItem: 'Air temperature',
  },
  FREEZER: {
    title: 'Freezers',
    name: 'freezer',
    empty: 'No freezers at this site yet.',
    hint: 'Add each freezer with the items staff check in it.',
    firstItem: 'Air temperature',
  },
};

/**
 * Fridges and freezers: one API (`type` FRIDGE or FREEZER), one declaration. A new item starts at the
 * type's legal default limits (fridge ≤ 5 °C, freezer ≤ -18 °C), which the admin may tighten.
 */
export function coldStorage(type: MasterTypeType) {
  const w = words[type];
  const defaults = defaultTemperatureLimits[type];
  const newItem = (name = ''): ItemForm => ({ name, location: '', ...defaults });
  /** The body's fields: the confirmation goes only with a looser limit, and only once it is ticked. */
  const bodyOf = ({ name, temperatureItems, limitOverride }: ColdStorageForm) => ({
    name,
    type,
    temperatureItems,
    ...(limitOverride.confirmed && looserItems(type, temperatureItems).length > 0
      ? { limitOverride: { reason: limitOverride.reason } }
      : {}),
  });
  return defineResource({
    title: w.title,
    name: w.name,
    subject: 'MasterType',
    api: masterTypeResource,
    params: { type },
    recordLabel: (row: MasterType) => row.name,
    sortable: masterTypeSortColumns,
    defaultSort: 'name',
    emptyMessage: w.empty,
    emptyHint: w.hint,
    columns: [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      {
        field: 'temperatureItems',
        headerName: 'Temperature items',
        flex: 2,
        minWidth: 240,
        sortable: false,
        valueGetter: (_value, row) =>
          row.temperatureItems.map((item) => `${item.name} (${limitText(item)})`).join(', '),
      },
    ],
    view: [
      { label: 'Name', field: 'name' },
      {
        label: 'Temperature items',
        render: (row) => (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {row.temperatureItems.map((item) => (
              <li key={item._id}>
                {item.name}
                {item.location ? `, ${item.location}` : ''}: {limitText(item)}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'History',
          render: (record, { context }) => (
            <ColdStorageHistory masterTypeID={record._id} timeZone={context.timeZone} />
          ),
        },
      ],
    },
    form: {
      schema: masterTypeInputSchema,
      updateSchema: masterTypeUpdateSchema,
      width: 'md',
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: 'Name',
          required: true,
          helperText: 'e.g. Walk-in fridge, Bar fridge 2',
        },
        {
          kind: 'list',
          name: 'temperatureItems',
          label: 'Temperature items',
          itemLabel: 'Temperature item',
          newItem: () => newItem(),
          fields: [
            { kind: 'text', name: 'name', label: 'Item', required: true },
            { kind: 'text', name: 'location', label: 'Where it is' },
            { kind: 'number', name: 'lowerLimit', label: 'Lower limit', unit: '°C' },
            { kind: 'number', name: 'upperLimit', label: 'Upper limit', unit: '°C', required: true },
          ],
        },
        {
          kind: 'custom',
          name: 'limitOverride',
          label: 'Confirm the looser limit',
          render: (props) => <LooserLimitConfirmation type={type} {...props} />,
        },
      ],
      emptyForm: (): ColdStorageForm => ({
        name: '',
        temperatureItems: [newItem(w.firstItem)],
        limitOverride: noOverride(),
      }),
      toForm: (row: MasterType): ColdStorageForm => ({
        name: row.name,
        temperatureItems: row.temperatureItems.map(({ _id, name, location, lowerLimit, upperLimit }) => ({
          _id,
          name,
          location,
          lowerLimit,
          upperLimit,
        })),
        limitOverride: noOverride(),
      }),
      // The kit adds the selected site to a new record and keeps an edited one's own.
      toInput: (form: ColdStorageForm) => bodyOf(form),
    },
  });
}

const fridges = coldStorage('FRIDGE');
const freezers = coldStorage('FREEZER');
export const FridgesScreen = () => <ResourceScreen resource={fridges} />;
export const FreezersScreen = () => <ResourceScreen resource={freezers} />;
