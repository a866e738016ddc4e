import { useId, useState, type ReactNode } from 'react';
import { acceptedDates, slotNames, useRead, type Option, type SlotName } from '@console/shared-sdk';
import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { sitesApi, type TimeSlot, type Timing } from '@console/shared-sdk/sites';
import {
  scheduleSchema,
  slotNameLabels,
  type MasterTask,
  type RepeatKind,
  type ScheduleInput,
} from '@console/shared-sdk/tasks';
import {
  FieldInput,
  isDay,
  issuesToErrors,
  LtrText,
  SitePicker,
  todayIn,
  useSiteFormatOf,
  useSiteTimeZone,
  type CustomFieldProps,
  type FieldErrors,
} from '@console/shared-sdk/ui';
import {
  dateInWords,
  ordinal,
  scheduleSentence,
  weekdayNames,
  weekdaysFromMonday,
  type SentenceOptions,
} from './schedule-sentence';
import { dueTimeNotice } from './schedule-hours';

// The master task form's schedule: how often, from when until when, and when it is due, with the schedule
// read back in words underneath as it is built. A custom field of the kit's FormDialog: its value is a
// draft the form keeps, the contract's body is made from it on save, and the contract's messages (paths
// weekdays, dayOfMonth, endDate, dueSlot…) come back to the control they are about.

/**
 * The schedule as the form holds it. Unlike the body it keeps every choice while another is shown (a time
 * typed before switching to a slot is still there on switching back), and says whether the task is due in
 * a slot or at a time even before either is chosen.
 */
export interface ScheduleDraft {
  repeat: RepeatKind;
  /** Site-local YYYY-MM-DD; '' while a typed date is not whole yet. */
  startDate: string | null;
  endDate: string | null;
  /** 0 Sunday to 6 Saturday. */
  weekdays: number[];
  dayOfMonth: number | null;
  due: 'slot' | 'time';
  dueSlot: SlotName | null;
  /** Site-local HH:mm. */
  dueTime: string | null;
}

export const repeatLabels: Record<RepeatKind, string> = {
  ONCE: 'Once',
  DAILY: 'Every day',
  WEEKLY: 'On chosen weekdays',
  MONTHLY: 'On a day of the month',
};

/** The site's slots as a select names them: the contract's words, which the kitchen app shows too. */
export const slotLabels: Record<SlotName, string> = slotNameLabels;

const repeatOptions: Option[] = Object.entries(repeatLabels).map(([value, label]) => ({ value, label }));
const slotOptions: Option[] = slotNames.map((slot) => ({ value: slot, label: slotLabels[slot] }));
const dayOfMonthOptions: Option[] = Array.from({ length: 31 }, (_, index) => ({
  value: String(index + 1),
  label: ordinal(index + 1),
}));

/** A new task's schedule: every day from the site's today, due in a slot still to choose. */
export const newScheduleDraft = (today: string): ScheduleDraft => ({
  repeat: 'DAILY',
  startDate: today,
  endDate: null,
  weekdays: [],
  dayOfMonth: null,
  due: 'slot',
  dueSlot: null,
  dueTime: null,
});

/** A saved task's schedule as the form edits it. */
export const scheduleDraftOf = (schedule: MasterTask['schedule']): ScheduleDraft => ({
  repeat: schedule.repeat,
  startDate: schedule.startDate,
  endDate: schedule.endDate,
  weekdays: [...schedule.weekdays],
  dayOfMonth: schedule.dayOfMonth,
  due: schedule.dueSlot === null && schedule.dueTime !== null ? 'time' : 'slot',
  dueSlot: schedule.dueSlot,
  dueTime: schedule.dueTime,
});

/** The contract's schedule body: only what the chosen repeat and due kind use. */
export function scheduleBody(draft: ScheduleDraft): ScheduleInput {
  return {
    repeat: draft.repeat,
    startDate: draft.startDate ?? '',
    endDate: draft.repeat === 'ONCE' ? null : draft.endDate,
    weekdays: draft.repeat === 'WEEKLY' ? draft.weekdays : [],
    dayOfMonth: draft.repeat === 'MONTHLY' ? draft.dayOfMonth : null,
    dueSlot: draft.due === 'slot' ? draft.dueSlot : null,
    dueTime: draft.due === 'time' ? draft.dueTime : null,
  };
}

/**
 * The contract's messages for a draft, by path inside the schedule. The schema checks the choices together
 * (days, due) only once its dates are dates, so while the start date is missing they are checked against
 * a stand-in date: one Save shows every message, not one after another.
 */
export function scheduleErrors(draft: ScheduleDraft): FieldErrors {
  const body = scheduleBody(draft);
  const result = scheduleSchema.safeParse(body);
  if (result.success) return {};
  const errors = issuesToErrors(result.error.issues);
  // The contract speaks of YYYY-MM-DD, which is the wire's format and not what the date picker shows.
  if (draft.startDate === null)
    errors.startDate = draft.repeat === 'ONCE' ? 'Choose the date' : 'Choose a start date';
  else if (draft.startDate === '') errors.startDate = 'Enter the whole date';
  if (errors.endDate && draft.endDate === '') errors.endDate = 'Enter the whole date, or clear it';
  if (errors.startDate) {
    // Any accepted date stands in for the missing one, so the rest of the schedule is checked too.
    const rest = scheduleSchema.safeParse({ ...body, startDate: acceptedDates.first });
    if (!rest.success) {
      for (const [path, message] of Object.entries(issuesToErrors(rest.error.issues)))
        errors[path] ??= message;
    }
  }
  return errors;
}

type SlotsOfDay =
  | { state: 'loading' }
  | { state: 'unknown' }
  | { state: 'closed' }
  | { state: 'open'; slots: readonly TimeSlot[] };

/**
 * The site's slots on one local date (open-time-slot), so the builder can say when a slot falls that day,
 * or that no task is made on it, and the site's week of opening hours the answer carries, for a due time.
 * Quiet: without the answer the builder still works, it just says less.
 */
function useSiteDay(
  siteID: string | null,
  date: string | null,
): { slots: SlotsOfDay; timing: Timing | null } {
  const known = siteID !== null && date !== null && isDay(date);
  const read = useRead(known ? ['Site', 'time-slots', siteID, date] : null, (signal) =>
    sitesApi.openTimeSlots(siteID ?? '', date ?? '', { quiet: true, signal }),
  );
  if (!known) return { slots: { state: 'unknown' }, timing: null };
  if (read.data)
    return {
      slots: read.data.isOpen ? { state: 'open', slots: read.data.openTimeSlot } : { state: 'closed' },
      timing: read.data.siteData.timing,
    };
  return { slots: read.reading ? { state: 'loading' } : { state: 'unknown' }, timing: null };
}

/** What the slot select says under it about the chosen slot on the (start) date, on the site's clock. */
function slotHelp(draft: ScheduleDraft, slots: SlotsOfDay, options: SentenceOptions): string {
  const general = 'Tasks due in a slot are made only on days the site is open.';
  if (!draft.dueSlot || !draft.startDate || slots.state === 'loading' || slots.state === 'unknown')
    return general;
  const once = draft.repeat === 'ONCE';
  const date = dateInWords(draft.startDate, options) ?? draft.startDate;
  const day = once ? date : `${date}, the start date`;
  const none = once ? 'the task would not be made' : 'no task that day';
  if (slots.state === 'closed') return `The site is closed on ${day}: ${none}.`;
  const slot = slots.slots.find((one) => one.value === draft.dueSlot);
  return slot
    ? `On ${day}: ${options.format.wallTime(slot.fromTime)}–${options.format.wallTime(slot.toTime)}.`
    : `${slotLabels[draft.dueSlot]} falls outside the opening hours on ${day}: ${none}.`;
}

/** A time on either clock: "10:00", "5:30 PM" (whose space may be a narrow no-break one). */
const clockTime = String.raw`\d{1,2}:\d{2}(?:\s?[AP]M)?`;

/**
 * A sentence with its times ("by 10:00", "08:00–09:00", "8:00 AM–9:00 AM") as left-to-right runs, so a
 * right-to-left page cannot turn a range around. The sentence itself stays a plain string.
 */
function withLtrTimes(text: string): ReactNode[] {
  return text
    .split(new RegExp(`(${clockTime}(?:–${clockTime})?)`))
    .map((part, index) => (index % 2 === 1 ? <LtrText key={index}>{part}</LtrText> : part));
}

/** What is still missing before the schedule can be told in words. */
function missingHint(draft: ScheduleDraft): string {
  if (!draft.startDate || !isDay(draft.startDate))
    return draft.repeat === 'ONCE' ? 'Choose the date.' : 'Choose a start date.';
  if (draft.repeat === 'WEEKLY') return 'Choose the days it happens on.';
  return 'Choose the day of the month.';
}

const asDraft = (value: unknown): ScheduleDraft =>
  // The form gives back what the field set; anything else would be a mistake in the form's mapping.
  value as ScheduleDraft;

export type ScheduleBuilderProps = CustomFieldProps<ScheduleDraft> & {
  /** The task's site: its zone reads the dates, its hours tell when a slot falls. */
  siteID: string | null;
  /** A saved task's schedule: say what a change does to the tasks already made. */
  editing?: boolean;
};

/** The schedule field: repeat, dates, weekdays or day of the month, due slot or time, and the sentence. */
export function ScheduleBuilder(props: ScheduleBuilderProps) {
  const { id, errors, disabled } = props;
  const draft = asDraft(props.value);
  const timeZone = useSiteTimeZone();
  const today = todayIn(timeZone);
  // The schedule's dates and times are written as the task's site writes them (month first on a 12-hour
  // clock at an American site), unless the person chose their own format; the selected site's when the
  // site list does not hold it.
  const format = useSiteFormatOf(props.siteID);
  const sentenceOptions: SentenceOptions = { today, format };
  // The start date's slots; its answer carries the site's week of hours, which a due time is checked by.
  const siteDay = useSiteDay(
    props.siteID,
    draft.startDate && isDay(draft.startDate) ? draft.startDate : today,
  );
  const slots = siteDay.slots;
  const notice =
    draft.due === 'time' && siteDay.timing
      ? dueTimeNotice(scheduleBody(draft), siteDay.timing, sentenceOptions)
      : { outsideHours: null, closedDays: null };
  // The warning the admin chose to keep: it goes until the schedule makes another.
  const [kept, setKept] = useState<string | null>(null);
  const legendId = useId();
  const context = { siteID: props.siteID, timeZone };
  const set = (change: Partial<ScheduleDraft>) => props.onChange({ ...draft, ...change });
  const common = { onBlur: props.onBlur, errors: {}, disabled, context };

  const sentence = scheduleSentence(scheduleBody(draft), sentenceOptions);
  const dueError = errors.dueSlot ?? errors.dueTime;
  // Messages for parts of the schedule no control shows (none today), so none is ever lost.
  const shown = ['repeat', 'startDate', 'endDate', 'weekdays', 'dayOfMonth', 'dueSlot', 'dueTime'];
  const elsewhere = Object.entries(errors)
    .filter(([path]) => !shown.includes(path.split('.')[0] ?? ''))
    .map(([, message]) => message);

  return (
    <FormControl
      component="fieldset"
      fullWidth
      error={props.error !== undefined}
      disabled={disabled}
      aria-labelledby={legendId}
    >
      <FormLabel component="legend" id={legendId} required={props.required} sx={{ mb: 1.5 }}>
        {props.label}
      </FormLabel>
      <Stack spacing={2}>
        {props.editing && (
          <Typography variant="body2" color="text.secondary">
            A change applies from today on: tasks someone has already started or done stay as they are.
          </Typography>
        )}
        {props.error && <FormHelperText sx={{ mx: 0 }}>{props.error}</FormHelperText>}
        <FieldInput
          {...common}
          id={`${id}-repeat`}
          field={{ kind: 'select', name: 'repeat', label: 'Repeats', required: true, options: repeatOptions }}
          value={draft.repeat}
          onChange={(next) => set({ repeat: next as RepeatKind })}
          error={errors.repeat}
        />
        {draft.repeat === 'WEEKLY' && (
          <WeekdayChoice
            id={`${id}-weekdays`}
            value={draft.weekdays}
            onChange={(weekdays) => set({ weekdays })}
            error={errors.weekdays ?? errorsIn(errors, 'weekdays')}
            disabled={disabled}
          />
        )}
        {draft.repeat === 'MONTHLY' && (
          <FieldInput
            {...common}
            id={`${id}-dayOfMonth`}
            field={{
              kind: 'select',
              name: 'dayOfMonth',
              label: 'Day of the month',
              required: true,
              options: dayOfMonthOptions,
              helperText:
                draft.dayOfMonth !== null && draft.dayOfMonth >= 29
                  ? `Months without a ${ordinal(draft.dayOfMonth)} use their last day.`
                  : undefined,
            }}
            value={draft.dayOfMonth === null ? '' : String(draft.dayOfMonth)}
            onChange={(next) => set({ dayOfMonth: next ? Number(next) : null })}
            error={errors.dayOfMonth}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SitePicker
            kind="date"
            id={`${id}-startDate`}
            label={draft.repeat === 'ONCE' ? 'Date' : 'Start date'}
            required
            value={draft.startDate}
            onChange={(startDate) => set({ startDate })}
            onBlur={props.onBlur}
            error={errors.startDate}
            disabled={disabled}
          />
          {draft.repeat !== 'ONCE' && (
            <SitePicker
              kind="date"
              id={`${id}-endDate`}
              label="End date"
              value={draft.endDate}
              minDate={draft.startDate && isDay(draft.startDate) ? draft.startDate : null}
              onChange={(endDate) => set({ endDate })}
              onBlur={props.onBlur}
              error={errors.endDate}
              helperText="Optional: the last day it happens."
              disabled={disabled}
            />
          )}
        </Stack>
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel component="legend">Due</FormLabel>
          <RadioGroup
            row
            name={`${id}-due`}
            value={draft.due}
            onChange={(event) => set({ due: event.target.value === 'time' ? 'time' : 'slot' })}
          >
            <FormControlLabel value="slot" control={<Radio />} label="In a time slot" />
            <FormControlLabel value="time" control={<Radio />} label="At a time" />
          </RadioGroup>
        </FormControl>
        {draft.due === 'slot' ? (
          <FieldInput
            {...common}
            id={`${id}-dueSlot`}
            field={{
              kind: 'select',
              name: 'dueSlot',
              label: 'Time slot',
              required: true,
              options: slotOptions,
              helperText: slotHelp(draft, slots, sentenceOptions),
            }}
            value={draft.dueSlot ?? ''}
            onChange={(next) => set({ dueSlot: next ? (next as SlotName) : null })}
            error={dueError}
          />
        ) : (
          <SitePicker
            kind="time"
            id={`${id}-dueTime`}
            label="Due by"
            required
            value={draft.dueTime}
            onChange={(dueTime) => set({ dueTime })}
            onBlur={props.onBlur}
            error={dueError}
            helperText={`The site's local time. 00:00 is the end of the day.${notice.closedDays ? ` ${notice.closedDays}` : ''}`}
            disabled={disabled}
          />
        )}
        {notice.outsideHours && notice.outsideHours !== kept && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => setKept(notice.outsideHours)}>
                Keep this time
              </Button>
            }
          >
            {withLtrTimes(notice.outsideHours)}
          </Alert>
        )}
        {elsewhere.length > 0 && <FormHelperText sx={{ mx: 0 }}>{elsewhere.join(' ')}</FormHelperText>}
        <Paper variant="outlined" sx={{ px: 2, py: 1.5, bgcolor: 'action.hover' }}>
          <Typography
            role="status"
            aria-label="The schedule in words"
            variant="body1"
            color={sentence ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: sentence ? 500 : undefined }}
          >
            {sentence === null ? missingHint(draft) : withLtrTimes(sentence)}
          </Typography>
        </Paper>
      </Stack>
    </FormControl>
  );
}

/** The first message about one element of a list (`weekdays.0`), when the list itself has none. */
const errorsIn = (errors: FieldErrors, name: string) =>
  Object.entries(errors).find(([path]) => path.startsWith(`${name}.`))?.[1];

/** Seven checkboxes, Monday first, each named by its whole day ("Mon" reads as Monday). */
function WeekdayChoice(props: {
  id: string;
  value: readonly number[];
  onChange: (weekdays: number[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { id, value, error } = props;
  const helperId = `${id}-helper-text`;
  const toggle = (day: number, on: boolean) =>
    props.onChange(weekdaysFromMonday.filter((one) => (one === day ? on : value.includes(one))));
  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      disabled={props.disabled}
      aria-invalid={error !== undefined || undefined}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend" required>
        On these days
      </FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 0.5 }}>
        {weekdaysFromMonday.map((day) => {
          const name = weekdayNames[day];
          return (
            <FormControlLabel
              key={day}
              label={name.slice(0, 3)}
              sx={{ mr: 1 }}
              control={
                <Checkbox
                  id={`${id}-${day}`}
                  checked={value.includes(day)}
                  onChange={(event) => toggle(day, event.target.checked)}
                  slotProps={{ input: { 'aria-label': name } }}
                />
              }
            />
          );
        })}
      </Stack>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
