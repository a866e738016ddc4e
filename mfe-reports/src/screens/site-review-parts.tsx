import { useId, useState, type ReactNode } from 'react';
import { asSubject, isApiError, useAbility } from '@console/shared-sdk';
import { correctiveActionStateLabels, datesIn } from '@console/shared-sdk/contract';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@console/shared-sdk/mui';
import {
  siteReviewApi,
  siteReviewSignSchema,
  siteReviewStateLabels,
  siteReviewUpdateSchema,
  type SiteReview,
  type SiteReviewContents,
  type SiteReviewSign,
} from '@console/shared-sdk/reports';
import {
  EntryList,
  FormDialog,
  formErrorStatuses,
  issuesToErrors,
  serverFieldErrors,
  todayIn,
  useSiteFormatOf,
  type FieldDeclaration,
  type FieldErrors,
  type SiteFormat,
} from '@console/shared-sdk/ui';
import type { z } from 'zod';
import { scoreText } from './report-words';

// One four-weekly review as its screen and its view show it: what the records of its four weeks show, part
// by part, then its notes and changes. A draft's admin edits those and signs it with their password typed
// again; a signed review is read-only, with who signed it and when.

type Level = 2 | 3 | 4;
const heading = (level: Level) => `h${level}` as const;

/** The review's period in its site's date words: "2 – 29 Mar 2026". */
export const periodWords = (review: SiteReview, format: SiteFormat) =>
  format.dayRange(review.periodStart, review.periodEnd);

/** Draft or Signed, and "Due for signing" while its four weeks are over and it is not signed. */
export function ReviewStateChips({ review }: { review: SiteReview }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={review.state === 'SIGNED' ? 'success' : 'default'}
        label={siteReviewStateLabels[review.state]}
      />
      {review.due && <Chip size="small" color="warning" label="Due for signing" />}
    </Stack>
  );
}

/** Who signed it and when, on its site's clock; "Not signed yet" for a draft. */
export function signedWords(review: SiteReview, format: SiteFormat) {
  if (!review.signedBy || !review.signedAt) return 'Not signed yet';
  return `${review.signedBy.name}, ${format.instant(review.signedAt)}`;
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

function Part({
  title,
  level,
  empty,
  items,
}: {
  title: string;
  level: Level;
  /** Said when the part holds nothing: "No recurring problems". */
  empty: string;
  items: { key: string; text: ReactNode }[];
}) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component={heading(level)}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item) => (
            <Typography component="li" variant="body2" key={item.key}>
              {item.text}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The score of the four weeks before (the one entry longer than a week) and of each week, oldest first, in
 * words.
 */
function trendItems(trend: SiteReviewContents['scoreTrend'], format: SiteFormat) {
  let week = 0;
  return trend.map((entry) => {
    const weekly = datesIn(entry.startDate, entry.endDate) <= 7;
    if (weekly) week += 1;
    const name = weekly ? `Week ${week}` : 'The four weeks before';
    const range = format.dayRange(entry.startDate, entry.endDate);
    return { key: entry.startDate, text: `${name} (${range}): ${scoreText(entry.score, entry.band)}` };
  });
}

/**
 * What the records of the four weeks show, each part titled at `level` (the heading level below the
 * one it sits under) and saying so when it holds nothing.
 */
export function ReviewContents({ review, level }: { review: SiteReview; level: Level }) {
  const format = useSiteFormatOf(review.siteID);
  const { contents } = review;
  const days = (dates: readonly string[]) => dates.map((date) => format.day(date, 'dayMonth')).join(', ');
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Part
        title="Recurring problems"
        level={level}
        empty="No recurring problems"
        items={contents.recurringProblems.map((problem) => ({
          key: `${problem.of}:${problem.name}`,
          text: `${problem.name} (${problem.of === 'equipment' ? 'equipment' : 'task'}): failed ${times(problem.failures)}, on ${days(problem.dates)}`,
        }))}
      />
      <Part
        title="Checks missed"
        level={level}
        empty="No checks missed"
        items={contents.missedChecks.map((missed) => ({
          key: missed.task,
          text: `${missed.task}: missed ${times(missed.missed)}, on ${days(missed.dates)}`,
        }))}
      />
      <Part
        title="Corrective actions not yet verified"
        level={level}
        empty="No corrective actions waiting"
        items={contents.unresolvedActions.map((action) => ({
          key: action._id,
          text: `${action.ref} ${action.deviation}: ${correctiveActionStateLabels[action.state]} (${format.instant(action.occurredAt)})`,
        }))}
      />
      <Part
        title="Near misses"
        level={level}
        empty="No near misses"
        items={contents.nearMisses.map((nearMiss) => ({
          key: nearMiss._id,
          text: `${nearMiss.title}: ${nearMiss.status} (${format.instant(nearMiss.occurredAt)})`,
        }))}
      />
      <Part
        title="Documents expired or expiring"
        level={level}
        empty="No documents expired or expiring"
        items={contents.documents.map((document) => ({
          key: document._id,
          text: `${document.name}: ${document.expired ? 'expired' : 'expires'} ${format.day(document.expiresOn)}`,
        }))}
      />
      <Part
        title="Sensors offline"
        level={level}
        empty="No sensor went offline"
        items={contents.sensorsOffline.map((sensor) => ({
          key: sensor._id,
          text: `${sensor.name}: offline ${times(sensor.times)}`,
        }))}
      />
      <Part
        title="Score by week"
        level={level}
        empty="No scores yet"
        items={trendItems(contents.scoreTrend, format)}
      />
    </Box>
  );
}

/** The contract's messages for a body, by field ({} when the API would accept it). */
function problems(schema: z.ZodType, body: object): FieldErrors {
  const checked = schema.safeParse(body);
  return checked.success ? {} : issuesToErrors(checked.error.issues);
}

interface SignForm {
  password: string;
}

/**
 * Signing: the signer's own password typed again, with the notes and changes as they stand in the editor
 * (saved or not). A wrong password is the API's 400 on `password`, shown under it.
 */
function SignDialog({
  review,
  words,
  onSigned,
  onClose,
}: {
  review: SiteReview;
  words: { notes: string; changes: string };
  onSigned: (signed: SiteReview) => void;
  onClose: () => void;
}) {
  const format = useSiteFormatOf(review.siteID);
  const running = todayIn(review.timeZoneId) <= review.periodEnd;
  const fields: readonly FieldDeclaration<SignForm>[] = [
    {
      kind: 'password',
      name: 'password',
      label: 'Your password',
      required: true,
      autoComplete: 'current-password',
      helperText:
        'Type your own password again: the review is signed in your name, with its notes and changes as ' +
        'they are now, and never changes after.' +
        (running
          ? ` Its four weeks run until ${format.day(review.periodEnd)}: signed now, it holds the records up to today.`
          : ''),
    },
  ];
  const body = (form: SignForm): SiteReviewSign => ({ _id: review._id, password: form.password, ...words });
  return (
    <FormDialog<SignForm>
      title={`Sign the review of ${periodWords(review, format)}`}
      submitLabel="Sign"
      width="xs"
      fields={fields}
      initial={{ password: '' }}
      validate={(form) => problems(siteReviewSignSchema, body(form))}
      save={async (form) => {
        onSigned(await siteReviewApi.sign(body(form), { quietFor: formErrorStatuses }));
      }}
      onSaved={onClose}
      onClose={onClose}
      context={{ siteID: review.siteID, timeZone: review.timeZoneId }}
      editing={false}
    />
  );
}

/** A draft's notes and changes, saved with Save; Sign opens the password dialog. */
function DraftEditor({ review, onChanged }: { review: SiteReview; onChanged: (next: SiteReview) => void }) {
  const [notes, setNotes] = useState(review.notes);
  const [changes, setChanges] = useState(review.changes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [signing, setSigning] = useState(false);
  const dirty = notes !== review.notes || changes !== review.changes;

  const save = async () => {
    const body = { _id: review._id, notes, changes };
    const found = problems(siteReviewUpdateSchema, body);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await siteReviewApi.update(body, { quietFor: formErrorStatuses });
      // The server tidies what it keeps (spaces at the ends): the editor holds what was kept.
      setNotes(saved.notes);
      setChanges(saved.changes);
      onChanged(saved);
    } catch (error) {
      // Bad words show under their field, a clash (signed meanwhile) above; anything else was the pop-up's.
      if (isApiError(error) && error.hasFieldErrors) setErrors(serverFieldErrors(error.fieldErrors));
      else if (isApiError(error) && formErrorStatuses.includes(error.status)) setFormError(error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextField
        label="Notes"
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={errors.notes !== undefined}
        helperText={errors.notes ?? 'What the records show: causes, patterns, what went well.'}
        disabled={saving}
      />
      <TextField
        label="Changes made"
        multiline
        minRows={3}
        fullWidth
        value={changes}
        onChange={(event) => setChanges(event.target.value)}
        error={errors.changes !== undefined}
        helperText={
          errors.changes ??
          'What was changed because of it: “new door seal ordered”, “delivery check moved to 7:00”.'
        }
        disabled={saving}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void save()} disabled={!dirty} loading={saving}>
          Save
        </Button>
        <Button variant="contained" onClick={() => setSigning(true)} disabled={saving}>
          Sign
        </Button>
      </Stack>
      {signing && (
        <SignDialog
          review={review}
          words={{ notes, changes }}
          onSigned={onChanged}
          onClose={() => setSigning(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The review's notes and changes: editable, with Save and Sign, on a draft its admin may update;
 * otherwise read-only, with who signed it and when.
 */
export function ReviewNotes({
  review,
  onChanged,
}: {
  review: SiteReview;
  /** The review as a save or the signing answered it. */
  onChanged: (next: SiteReview) => void;
}) {
  const ability = useAbility();
  const format = useSiteFormatOf(review.siteID);
  const mayEdit = review.state === 'DRAFT' && ability.can('update', asSubject('SiteReview', review));
  if (mayEdit) return <DraftEditor key={review._id} review={review} onChanged={onChanged} />;
  return (
    <Stack spacing={1.5}>
      {review.state === 'SIGNED' && (
        <Alert severity="success">
          Signed by {signedWords(review, format)}. A signed review never changes: add to the next one.
        </Alert>
      )}
      <EntryList
        entries={[
          { label: 'Notes', value: review.notes || 'None' },
          { label: 'Changes made', value: review.changes || 'None' },
        ]}
      />
    </Stack>
  );
}
