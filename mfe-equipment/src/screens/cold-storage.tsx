import {
  coldStorageLimitIssues,
  defaultTemperatureLimits,
  masterTypeInputSchema,
  masterTypeResource,
  masterTypeSortColumns,
  masterTypeUpdateSchema,
  plausibleColdStorageLimits,
  type MasterType,
  type MasterTypeType,
} from '@console/shared-sdk/equipment';
import {
  coldStorageDefaults,
  isLooserThanDefault,
  loosestColdStorageLimit,
  type RuleSet,
} from '@console/shared-sdk/contract';
import { Alert, Checkbox, FormControlLabel, TextField, Typography } from '@console/shared-sdk/mui';
import {
  celsiusToSend,
  defineResource,
  ResourceScreen,
  TemperatureInput,
  type CustomFieldProps,
  type SiteFormat,
} from '@console/shared-sdk/ui';
import { useMemo } from 'react';
import { ColdStorageHistory, limitText } from './cold-storage-history';
import { englishSite, useSiteRules, type SiteRules } from './site-rules';

// Fridges and freezers of the selected site, their items' limits shown and typed in the site's unit and
// sent in °C.

/** A pair of limits, in °C as stored, or in the site's unit as the form shows them. */
interface Limits {
  lowerLimit: number | null;
  upperLimit: number | null;
}

interface ItemForm extends Limits {
  _id?: string;
  name: string;
  location: string;
  /** The limits as stored, in °C (not fields): each is sent back as it is while it reads as typed. */
  stored: Limits;
}

/** The confirmation a limit looser than the site's rule set allows needs (the body's `limitOverride`). */
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

/** An item's limits as the body sends them: in °C. */
const limitsToSend = (item: ItemForm, format: SiteFormat): Limits => ({
  lowerLimit: celsiusToSend(item.lowerLimit, item.stored.lowerLimit, format),
  upperLimit: celsiusToSend(item.upperLimit, item.stored.upperLimit, format),
});

/**
 * The items whose upper limit (°C) is looser than the site's rule set allows without a reason. A limit
 * outside the plausible range is left out: its own field already says it is refused, and no reason can
 * save it.
 */
function looserItems(
  type: MasterTypeType,
  items: readonly ItemForm[],
  format: SiteFormat,
  rules: RuleSet | null,
): { name: string; upperLimit: number }[] {
  return items.flatMap((item) => {
    const { upperLimit } = limitsToSend(item, format);
    return upperLimit !== null &&
      isLooserThanDefault(type, upperLimit, rules) &&
      upperLimit <= plausibleColdStorageLimits[type].max
      ? [{ name: item.name, upperLimit }]
      : [];
  });
}

/**
 * Shown while an upper limit is looser than the site's rule set allows: says which and why that matters,
 * and asks for the explicit confirmation and the reason the fridge's history will keep.
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
  format,
  rules,
}: CustomFieldProps<OverrideForm, ColdStorageForm> & {
  type: MasterTypeType;
  format: SiteFormat;
  rules: RuleSet | null;
}) {
  const items = looserItems(type, values.temperatureItems, format, rules);
  if (items.length === 0) return null;
  const loosest = loosestColdStorageLimit(type, rules);
  const which = items
    .map((item) => `${item.name || 'an item'} at ${format.temperature(item.upperLimit)}`)
    .join(', ');
  return (
    <Alert severity="warning" role="group" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="body2" sx={{ mb: 1 }}>
        Above {format.temperature(loosest.celsius)}, {loosest.why}: {which}. Saving it needs your confirmation
        and a reason, which this {words[type].name}&apos;s history keeps.
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

/** A limit of an item, typed in the site's unit; the contract's messages under it say that unit too. */
function LimitField({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  format,
}: CustomFieldProps<number | null, ItemForm> & { format: SiteFormat }) {
  return (
    <TemperatureInput
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      unit={format.unit}
      size="small"
    />
  );
}

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
 * Fridges and freezers: one API (`type` FRIDGE or FREEZER), one declaration, for a site's unit and rule
 * set. A new item starts at the type's default limits under the site's rules (fridge ≤ 5 °C in England,
 * ≤ 41 °F in New York, an EU site's by its organisation's national figure where it sets one; England's
 * until the site's rules are known), which the admin may tighten.
 */
export function coldStorage(type: MasterTypeType, site: SiteRules = englishSite) {
  const w = words[type];
  const { format, rules } = site;
  const defaults: Limits = rules === null ? defaultTemperatureLimits[type] : coldStorageDefaults(type, rules);
  const shown = (celsius: number | null) => (celsius === null ? null : format.toShown(celsius));
  const newItem = (name = ''): ItemForm => ({
    name,
    location: '',
    lowerLimit: shown(defaults.lowerLimit),
    upperLimit: shown(defaults.upperLimit),
    stored: defaults,
  });
  /**
   * What the API checks against the site's rule set when it saves, checked before sending so the fields
   * say it in the site's unit.
   */
  const underSiteRules = (
    value: Parameters<typeof coldStorageLimitIssues>[0],
    ctx: { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void },
  ) => {
    for (const { path, message } of coldStorageLimitIssues(value, rules, format.unit)) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  };
  /** The body's fields: the confirmation goes only with a looser limit, and only once it is ticked. */
  const bodyOf = ({ name, temperatureItems, limitOverride }: ColdStorageForm) => ({
    name,
    type,
    temperatureItems: temperatureItems.map((item) => ({
      _id: item._id,
      name: item.name,
      location: item.location,
      ...limitsToSend(item, format),
    })),
    ...(limitOverride.confirmed && looserItems(type, temperatureItems, format, rules).length > 0
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
          row.temperatureItems.map((item) => `${item.name} (${limitText(item, format)})`).join(', '),
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
                {item.location ? `, ${item.location}` : ''}: {limitText(item, format)}
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
      schema: masterTypeInputSchema.superRefine(underSiteRules),
      updateSchema: masterTypeUpdateSchema.superRefine(underSiteRules),
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
            {
              kind: 'custom',
              name: 'lowerLimit',
              label: 'Lower limit',
              render: (props) => <LimitField {...props} format={format} />,
            },
            {
              kind: 'custom',
              name: 'upperLimit',
              label: 'Upper limit',
              required: true,
              render: (props) => <LimitField {...props} format={format} />,
            },
          ],
        },
        {
          kind: 'custom',
          name: 'limitOverride',
          label: 'Confirm the looser limit',
          render: (props) => <LooserLimitConfirmation type={type} format={format} rules={rules} {...props} />,
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
          lowerLimit: shown(lowerLimit),
          upperLimit: shown(upperLimit),
          stored: { lowerLimit, upperLimit },
        })),
        limitOverride: noOverride(),
      }),
      // The kit adds the selected site to a new record and keeps an edited one's own.
      toInput: (form: ColdStorageForm) => bodyOf(form),
    },
  });
}

/** The fridges or freezers of the selected site, in its unit and by its rules. */
function ColdStorageScreen({ type }: { type: MasterTypeType }) {
  const site = useSiteRules();
  const resource = useMemo(() => coldStorage(type, site), [type, site]);
  return <ResourceScreen resource={resource} />;
}

export const FridgesScreen = () => <ColdStorageScreen type="FRIDGE" />;
export const FreezersScreen = () => <ColdStorageScreen type="FREEZER" />;
