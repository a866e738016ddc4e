import { useState } from 'react';
import { useDocumentTitle, useRead, useSelectedSite } from '@console/shared-sdk';
import {
  checkedSubjectLabels,
  recordCheckApi,
  recordCheckDefaultDays,
  recordCheckMaxDays,
  type RecordCheck,
  type RecordMismatch,
} from '@console/shared-sdk/logs';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  List,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import {
  compactCell as cell,
  compactNumberCell as numberCell,
  DateRangeChooser,
  useDateRange,
  type LocalDateRange,
} from '@console/shared-sdk/report-kit';
import { addDays, EmptyState, useSiteFormat, useSiteTimeZone } from '@console/shared-sdk/ui';

// The record-history check (issue 11): what an inspector asks when the logs look too tidy — were they
// changed after the fact? The API compares every record of the range with its history and walks the
// organisation's hash chain; this screen runs it on demand (it reads every record, so not on every visit)
// and says the verdict in words, with each record that differs.

/** A mismatch's problem in words. */
export const problemWords: Record<RecordMismatch['problem'], string> = {
  CHANGED: 'changed in the database, not through the console',
  NO_HISTORY: 'no history: made outside the console',
  DELETED: 'deleted outside the console',
};

/** How an entry breaks the chain, in words. */
const chainProblemWords: Record<NonNullable<RecordCheck['chain']['problem']>, string> = {
  changed: 'was edited after it was written',
  missing: 'is missing: it was removed',
  unlinked: 'does not link to the entry before it',
};

/** The chain of history entries: how many were checked, and where and how it breaks. */
export function chainWords(chain: RecordCheck['chain']): string {
  const entries = `${chain.entries.toLocaleString('en-GB')} history ${chain.entries === 1 ? 'entry' : 'entries'}`;
  if (chain.valid)
    return `History chain: ${entries} checked; it holds, no entry was edited, removed or re-linked.`;
  const where =
    chain.brokenAt === null ? 'It breaks' : `It breaks at entry ${chain.brokenAt.toLocaleString('en-GB')}`;
  const how = chain.problem === null ? '' : `, which ${chainProblemWords[chain.problem]}`;
  return `History chain: ${entries} checked. ${where}${how}.`;
}

/** The verdict's sentence under its title: what differs, or what holds. */
export function verdictWords(check: RecordCheck): string {
  if (check.intact) {
    return 'Every record of the dates reads as its history says it was left, and the history itself is unbroken.';
  }
  const mismatched = check.subjects.reduce((sum, subject) => sum + subject.mismatched, 0);
  const records =
    mismatched === 0
      ? null
      : `${mismatched.toLocaleString('en-GB')} ${mismatched === 1 ? 'record differs' : 'records differ'} ` +
        `from ${mismatched === 1 ? 'its' : 'their'} history`;
  const chain = check.chain.valid ? null : 'the history chain is broken';
  const said = [records, chain].filter((part) => part !== null).join(', and ');
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}

function Verdict({ check, timeZone }: { check: RecordCheck; timeZone: string }) {
  const format = useSiteFormat({ zone: timeZone });
  return (
    <Alert severity={check.intact ? 'success' : 'error'} variant="outlined" role="status">
      <AlertTitle>{check.intact ? 'Records intact' : 'Records changed outside the console'}</AlertTitle>
      {verdictWords(check)} Checked {format.instant(check.checkedAt)} (site time).
    </Alert>
  );
}

function SubjectCounts({ check }: { check: RecordCheck }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        aria-label="Records checked"
        sx={{ borderCollapse: 'collapse', minWidth: 360, typography: 'body2' }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cell, fontWeight: 600 }}>
              Records
            </Box>
            <Box component="th" scope="col" sx={{ ...numberCell, fontWeight: 600 }}>
              Checked
            </Box>
            <Box component="th" scope="col" sx={{ ...numberCell, fontWeight: 600 }}>
              Differ from history
            </Box>
          </tr>
        </thead>
        <tbody>
          {check.subjects.map((subject) => (
            <tr key={subject.subject}>
              <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                {checkedSubjectLabels[subject.subject]}
              </Box>
              <Box component="td" sx={numberCell}>
                {subject.checked.toLocaleString('en-GB')}
              </Box>
              <Box
                component="td"
                sx={{
                  ...numberCell,
                  color: subject.mismatched > 0 ? 'error.main' : 'text.primary',
                  fontWeight: subject.mismatched > 0 ? 600 : 400,
                }}
              >
                {subject.mismatched.toLocaleString('en-GB')}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Mismatches({ check }: { check: RecordCheck }) {
  const total = check.subjects.reduce((sum, subject) => sum + subject.mismatched, 0);
  if (check.mismatches.length === 0) return null;
  return (
    <Box>
      <Typography variant="h6" component="h2">
        Records that differ from their history
      </Typography>
      {total > check.mismatches.length && (
        <Typography color="text.secondary">
          The first {check.mismatches.length} of {total.toLocaleString('en-GB')}.
        </Typography>
      )}
      <List aria-label="Records that differ from their history">
        {check.mismatches.map((mismatch) => (
          <Box component="li" key={`${mismatch.subject}/${mismatch.recordID}`} sx={{ py: 0.5 }}>
            <ListItemText
              primary={`${checkedSubjectLabels[mismatch.subject]}: ${mismatch.label}`}
              secondary={
                problemWords[mismatch.problem] +
                (mismatch.fields.length > 0 ? ` (${mismatch.fields.join(', ')})` : '')
              }
            />
          </Box>
        ))}
      </List>
    </Box>
  );
}

/** True when the range holds more dates than one check covers (the API refuses it). */
export function isTooLong({ startDate, endDate }: LocalDateRange): boolean {
  return addDays(startDate, recordCheckMaxDays - 1) < endDate;
}

/** `/dashboard/recordcheck`: the record-history check of the selected site, for a range of its dates. */
export function RecordCheckScreen() {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const siteName = useSelectedSite((s) => s.selectedSiteLabel);
  const timeZone = useSiteTimeZone();
  const dates = useDateRange({ defaultDays: recordCheckDefaultDays });
  const { startDate, endDate } = dates.range;
  const key = `${siteID ?? ''}|${startDate}|${endDate}`;
  // The check reads every record of the dates, so it runs when asked for, not on every visit. Another site
  // or range (or leaving) aborts it, and coming back waits to be asked again: the records may have changed
  // since. A failure leaves the HTTP layer's pop-up.
  const [asked, setAsked] = useState(false);
  const [askedFor, setAskedFor] = useState(key);
  if (askedFor !== key) {
    setAskedFor(key);
    setAsked(false);
  }
  const result = useRead<RecordCheck>(
    siteID !== null && asked ? ['RecordHistory', 'check', siteID, startDate, endDate] : null,
    (signal) => recordCheckApi.check({ siteID: siteID ?? '', startDate, endDate }, { signal }),
  );
  useDocumentTitle('Record check');

  const run = () => (asked ? result.reload() : setAsked(true));

  if (siteID === null) return <EmptyState message="Choose a site to check its records." />;
  const check = result.data ?? null;
  const checking = result.reading;
  const tooLong = isTooLong(dates.range);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Record check
        </Typography>
        <Typography color="text.secondary">
          {siteName ?? 'This site'} · dates and times in {timeZone}
        </Typography>
      </Box>
      <Typography sx={{ maxWidth: '70ch' }}>
        For an inspector: compares every temperature reading, compliance log and near miss of the dates, and
        every document, with the history the console kept of it, and checks that the history itself was not
        edited. Logs that pass were not changed after the fact without a trace.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <DateRangeChooser state={dates} id="log-dates" />
        <Button variant="contained" onClick={run} disabled={checking || tooLong}>
          {check ? 'Run the check again' : 'Run the check'}
        </Button>
      </Stack>
      {tooLong && (
        <Alert severity="warning">
          One check covers at most {recordCheckMaxDays} days: choose a shorter range.
        </Alert>
      )}
      {checking && (
        <Box role="status" aria-label="Checking the records">
          <LinearProgress aria-label="Checking the records" />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Reading every record of the dates and its history…
          </Typography>
        </Box>
      )}
      {!checking && !check && !tooLong && (
        <EmptyState message="Run the check to see whether any record of these dates was changed outside the console." />
      )}
      {check && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Verdict check={check} timeZone={timeZone} />
            <Typography>{chainWords(check.chain)}</Typography>
            <SubjectCounts check={check} />
            <Mismatches check={check} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
