import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import { useId, useRef, useState } from 'react';
import { Can, invalidate, siteChoices, useSiteChoices } from '@console/shared-sdk';
import {
  logTypeLabels,
  nationalFigureChecks,
  temperatureText,
  type LogType,
  type NationalFigure,
  type NationalFigureCheck,
} from '@console/shared-sdk/contract';
import {
  nationalFiguresUpdateSchema,
  organizationApi,
  type NationalFiguresHistoryEntry,
  type Organization,
} from '@console/shared-sdk/organization';
import {
  EmptyState,
  HistoryList,
  FormDialog,
  LtrText,
  TemperatureInput,
  formErrorStatuses,
  issuesToErrors,
  useSiteFormat,
  type CustomFieldProps,
  type FieldDeclaration,
} from '@console/shared-sdk/ui';
import { compactCell } from '@console/shared-sdk/report-kit';

// The EU's rule set leaves its figures to each member state's law: an organisation sets its country's own
// once, and its sites under the EU's set are judged by them from then on. Figures are in °C, the EU set's
// unit, whatever the site's own display unit.

const figureUnit = 'C';
const bounds = ['atLeast', 'atMost'] as const;
type Bound = (typeof bounds)[number];
const boundWords: Record<Bound, string> = { atLeast: 'At least', atMost: 'At most' };

const checkKey = (figure: { logType: string; kind: string }) => `${figure.logType}/${figure.kind}`;
const checkOf = (figure: { logType: string; kind: string }): NationalFigureCheck | undefined =>
  nationalFigureChecks.find((check) => checkKey(check) === checkKey(figure));

/** The check's words ("Hot holding and display: Hot holding"), also for one no longer offered. */
function checkLabel(figure: Pick<NationalFigure, 'logType' | 'kind'>): string {
  return checkOf(figure)?.label ?? `${logTypeLabels[figure.logType]}: ${figure.kind}`;
}

const boundText = (celsius: number | null) => (celsius === null ? '—' : temperatureText(celsius, figureUnit));

/** "at least 65 °C", "at least 10 °C, at most 14 °C". */
function boundsText(figure: Pick<NationalFigure, 'atLeast' | 'atMost'>): string {
  return bounds
    .flatMap((bound) => {
      const value = figure[bound];
      return value === null ? [] : [`${boundWords[bound].toLowerCase()} ${boundText(value)}`];
    })
    .join(', ');
}

// ---- who it affects -------------------------------------------------------------------------------------

/** Which of the user's sites the figures judge: those under the EU's set, by name. */
function AffectedSites() {
  const { status, sites } = useSiteChoices();
  if (status !== 'ready') return null;
  const affected = sites.filter((site) => site.jurisdiction === 'EU');
  if (affected.length === 0)
    return (
      <Typography variant="body2">
        None of your sites is under the EU&rsquo;s rules: these figures judge a site once it is.
      </Typography>
    );
  const count = affected.length === 1 ? '1 site' : `${affected.length} sites`;
  return (
    <Typography variant="body2">
      <LtrText>{count}</LtrText> under the EU&rsquo;s rules {affected.length === 1 ? 'is' : 'are'} judged by
      these figures: {affected.map((site) => site.name).join(', ')}.
    </Typography>
  );
}

// ---- the figures set ------------------------------------------------------------------------------------

function FiguresTable({ figures }: { figures: readonly NationalFigure[] }) {
  const header = { ...compactCell, fontWeight: 600 } as const;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }} aria-label="National figures">
        <thead>
          <tr>
            <Box component="th" scope="col" sx={header}>
              Check
            </Box>
            {bounds.map((bound) => (
              <Box component="th" scope="col" key={bound} sx={{ ...header, whiteSpace: 'nowrap' }}>
                {boundWords[bound]}
              </Box>
            ))}
            <Box component="th" scope="col" sx={header}>
              Source
            </Box>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => (
            <tr key={checkKey(figure)}>
              <Box component="th" scope="row" sx={{ ...compactCell, fontWeight: 400 }}>
                {checkLabel(figure)}
              </Box>
              {bounds.map((bound) => (
                <Box component="td" key={bound} sx={{ ...compactCell, whiteSpace: 'nowrap' }}>
                  <LtrText>{boundText(figure[bound])}</LtrText>
                </Box>
              ))}
              <Box component="td" sx={{ ...compactCell, overflowWrap: 'anywhere' }}>
                {figure.source}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

// ---- the history ----------------------------------------------------------------------------------------

/** What one change did, a line per check: set, changed (bounds or source) or removed. */
export function figureChanges(entry: NationalFiguresHistoryEntry): string[] {
  const before = entry.changes.before?.nationalFigures ?? [];
  const after = entry.changes.after?.nationalFigures ?? [];
  const earlier = new Map(before.map((figure) => [checkKey(figure), figure]));
  const lines: string[] = [];
  for (const figure of after) {
    const old = earlier.get(checkKey(figure));
    earlier.delete(checkKey(figure));
    const label = checkLabel(figure);
    if (!old) {
      lines.push(`${label}: set to ${boundsText(figure)} (${figure.source})`);
      continue;
    }
    if (old.atLeast !== figure.atLeast || old.atMost !== figure.atMost)
      lines.push(`${label}: ${boundsText(old)} → ${boundsText(figure)}`);
    if (old.source !== figure.source) lines.push(`${label}: source ${old.source} → ${figure.source}`);
  }
  for (const removed of earlier.values())
    lines.push(`${checkLabel(removed)}: removed, back to the EU’s common figure`);
  return lines;
}

/** Who changed the figures, when (in the person's or the selected site's date style), why, and what. */
function NationalFiguresHistory({ organizationId }: { organizationId: string }) {
  const format = useSiteFormat();
  return (
    <HistoryList
      readKey={['Organization', 'national-figures', organizationId]}
      load={(signal) => organizationApi.nationalFiguresHistory(organizationId, { quiet: true, signal })}
      format={format}
      describe={(entry) => ({ summary: 'Changed', details: figureChanges(entry) })}
      label="History of the national figures"
      emptyMessage="The figures have not been changed yet."
    />
  );
}

// ---- the edit dialog ------------------------------------------------------------------------------------

/** A figure as the dialog edits it: the contract's shape, its check not yet chosen while blank. */
interface FigureRow {
  logType: LogType | '';
  kind: string;
  atLeast: number | null;
  atMost: number | null;
  source: string;
}

interface FiguresForm {
  figures: FigureRow[];
  reason: string;
}

const blankRow = (): FigureRow => ({ logType: '', kind: '', atLeast: null, atMost: null, source: '' });

let nextRowKey = 0;
const newRowKey = () => `figure-${nextRowKey++}`;

/**
 * The rows of figures, each a check (one not chosen in another row), the bounds that check has, and the
 * law the figure comes from. Messages arrive at the contract's paths (`0.atMost`); one about a bound the
 * row's check does not have (the contract asks for "the figure" at its upper limit) shows under the bound
 * it has.
 */
function FigureRows({
  id,
  label,
  value: rows,
  onChange,
  error,
  errors,
  disabled,
}: CustomFieldProps<FigureRow[]>) {
  // Stable keys per row, so removing one does not hand its typing to the next.
  const [keys, setKeys] = useState(() => rows.map(newRowKey));
  const rowKeys = keys.length === rows.length ? keys : rows.map(newRowKey);
  if (rowKeys !== keys) setKeys(rowKeys);
  // The row added last takes the focus, so a keyboard user goes on from where they pressed "Add figure".
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const taken = new Set(rows.filter((row) => row.kind !== '').map(checkKey));

  const replace = (index: number, row: FigureRow) =>
    onChange(rows.map((old, at) => (at === index ? row : old)));
  const add = () => {
    const key = newRowKey();
    setKeys([...rowKeys, key]);
    setAddedKey(key);
    onChange([...rows, blankRow()]);
  };
  const remove = (index: number) => {
    setKeys(rowKeys.filter((_, at) => at !== index));
    onChange(rows.filter((_, at) => at !== index));
    // The row's own button goes with it: the focus waits on "Add figure" rather than falling to the page.
    addButton.current?.focus();
  };
  const choose = (index: number, row: FigureRow, key: string) => {
    const check = nationalFigureChecks.find((one) => checkKey(one) === key);
    if (!check) return;
    // A bound the new check does not have is dropped: it would be refused, and is not shown to change.
    replace(index, {
      ...row,
      logType: check.logType,
      kind: check.kind,
      atLeast: check.bounds.atLeast ? row.atLeast : null,
      atMost: check.bounds.atMost ? row.atMost : null,
    });
  };

  return (
    <FormControl component="fieldset" fullWidth error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        In °C, as your country&rsquo;s law gives them. A check you leave out keeps the EU&rsquo;s common
        figure.
      </Typography>
      <Stack spacing={1.5}>
        {rows.map((row, index) => {
          const check = checkOf(row);
          const rowId = `${id}-${index}`;
          const shown = bounds.filter((bound) => check?.bounds[bound]);
          // A message for a bound this check lacks goes under the first bound it has.
          const strayBoundError = bounds
            .filter((bound) => !shown.includes(bound))
            .map((bound) => errors[`${index}.${bound}`])
            .find((message) => message !== undefined);
          return (
            <Paper
              key={rowKeys[index]}
              variant="outlined"
              role="group"
              aria-label={`Figure ${index + 1}`}
              sx={{ p: 1.5 }}
            >
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    id={`${rowId}-check`}
                    select
                    label="Check"
                    required
                    fullWidth
                    size="small"
                    autoFocus={rowKeys[index] === addedKey}
                    value={check ? checkKey(check) : ''}
                    onChange={(event) => choose(index, row, event.target.value)}
                    disabled={disabled}
                    error={errors[`${index}.kind`] !== undefined || errors[`${index}.logType`] !== undefined}
                    helperText={errors[`${index}.kind`] ?? errors[`${index}.logType`]}
                  >
                    {nationalFigureChecks
                      .filter((one) => !taken.has(checkKey(one)) || checkKey(one) === checkKey(row))
                      .map((one) => (
                        <MenuItem key={checkKey(one)} value={checkKey(one)}>
                          {one.label}
                        </MenuItem>
                      ))}
                  </TextField>
                  <IconButton
                    aria-label={`Remove figure ${index + 1}`}
                    onClick={() => remove(index)}
                    disabled={disabled}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  {shown.map((bound, at) => (
                    <Box key={bound} sx={{ flex: { sm: '0 0 10rem' } }}>
                      <TemperatureInput
                        id={`${rowId}-${bound}`}
                        label={boundWords[bound]}
                        unit={figureUnit}
                        value={row[bound]}
                        onChange={(next) => replace(index, { ...row, [bound]: next })}
                        error={errors[`${index}.${bound}`] ?? (at === 0 ? strayBoundError : undefined)}
                        disabled={disabled}
                        size="small"
                      />
                    </Box>
                  ))}
                  <TextField
                    id={`${rowId}-source`}
                    label="Source (the national law)"
                    required
                    fullWidth
                    size="small"
                    value={row.source}
                    onChange={(event) => replace(index, { ...row, source: event.target.value })}
                    disabled={disabled}
                    error={errors[`${index}.source`] !== undefined}
                    helperText={errors[`${index}.source`]}
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                  />
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {rows.length === 0 && (
        <Typography variant="body2">
          No figures: saving leaves your EU sites with the EU&rsquo;s common figures.
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        <Button
          ref={addButton}
          startIcon={<AddIcon />}
          onClick={add}
          disabled={disabled || taken.size >= nationalFigureChecks.length}
        >
          Add figure
        </Button>
      </Box>
      {error !== undefined && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

const figuresFields: readonly FieldDeclaration<FiguresForm>[] = [
  {
    kind: 'custom',
    name: 'figures',
    label: 'Figures',
    render: (props) => <FigureRows {...props} />,
  },
  {
    kind: 'multiline',
    name: 'reason',
    label: 'Reason for the change',
    required: true,
    rows: 2,
    helperText: 'The organisation’s history keeps it, with who made the change and when',
  },
];

/** The PUT body, for the contract's schema to check and shape. */
const updateOf = (form: FiguresForm, organization: Pick<Organization, '_id'>) => ({
  _id: organization._id,
  figures: form.figures,
  reason: form.reason,
});

function EditNationalFiguresDialog({
  organization,
  onSaved,
  onClose,
}: {
  organization: Organization;
  onSaved: (organization: Organization) => void;
  onClose: () => void;
}) {
  const initial: FiguresForm = {
    figures: organization.nationalFigures.length > 0 ? organization.nationalFigures : [blankRow()],
    reason: '',
  };
  return (
    <FormDialog
      title="Edit national figures"
      fields={figuresFields}
      initial={initial}
      validate={(form) => {
        const result = nationalFiguresUpdateSchema.safeParse(updateOf(form, organization));
        return result.success ? {} : issuesToErrors(result.error.issues);
      }}
      save={async (form) => {
        // What the contract made of the form (sources trimmed, absent bounds null) is what is sent.
        const body = nationalFiguresUpdateSchema.parse(updateOf(form, organization));
        onSaved(await organizationApi.updateNationalFigures(body, { quietFor: formErrorStatuses }));
      }}
      onSaved={onClose}
      onClose={onClose}
      context={{ siteID: null, timeZone: 'UTC' }}
      editing
      width="md"
    />
  );
}

// ---- the section ----------------------------------------------------------------------------------------

/**
 * The organisation page's "National figures (EU sites)": what they are, the figures set (or what to do
 * while there are none), which sites they judge, their history, and for those who may change the
 * organisation, the dialog that edits them.
 */
export function NationalFiguresCard({
  organization,
  onSaved,
}: {
  organization: Organization;
  onSaved: (organization: Organization) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [historyShown, setHistoryShown] = useState(false);
  const titleId = useId();
  const historyId = useId();
  const figures = organization.nationalFigures;
  const saved = (updated: Organization) => {
    onSaved(updated);
    // The site list carries each site's figures for the screens that judge readings, and the history
    // has a new entry.
    siteChoices.changed();
    invalidate(['Organization', 'national-figures']);
  };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="National figures (EU sites)"
        subheader="The EU’s food-hygiene rules leave temperature figures to each member state’s law: the figures set here judge your sites under the EU’s rules in place of its common ones."
        slotProps={{ title: { id: titleId, component: 'h2' } }}
        action={
          <Can I="update" a="Organization" this={{ _id: organization._id }}>
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit figures
            </Button>
          </Can>
        }
      />
      <CardContent>
        <Stack spacing={2}>
          <AffectedSites />
          {figures.length === 0 ? (
            <EmptyState message="Your sites under the EU’s rules use its common figures until you set your country’s own." />
          ) : (
            <FiguresTable figures={figures} />
          )}
          <Box>
            <Button
              startIcon={<HistoryIcon />}
              aria-expanded={historyShown}
              aria-controls={historyId}
              onClick={() => setHistoryShown((shown) => !shown)}
            >
              History
            </Button>
          </Box>
          <Box id={historyId} hidden={!historyShown}>
            {historyShown && <NationalFiguresHistory organizationId={organization._id} />}
          </Box>
        </Stack>
      </CardContent>
      {editing && (
        <EditNationalFiguresDialog
          organization={organization}
          onSaved={saved}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
