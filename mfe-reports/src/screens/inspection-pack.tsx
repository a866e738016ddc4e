import { useEffect, useRef, useState } from 'react';
import { notify, saveFile, useDocumentTitle, useRead, useSelectedSite } from '@console/shared-sdk';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import {
  checkedSubjectLabels,
  inspectionPackApi,
  inspectionPackDefaultDays,
  inspectionPackFormats,
  packVerifyPath,
  type InspectionPackFormat,
  type InspectionPackPreview,
} from '@console/shared-sdk/reports';
import { DateRangeChooser, useDateRange } from '@console/shared-sdk/report-kit';
import { EmptyState, useSiteFormat } from '@console/shared-sdk/ui';
import { reportRead, scoreText, toastReportError } from './report-words';

// `/dashboard/reports/inspection` (issue 12): what a site admin hands an environmental-health officer. The
// preview counts each section of the pack for the selected site and range, says whether any record was
// changed outside the console, and shows the digest a copy can be checked against; the PDF and the XLSX
// are produced on the server and streamed, with progress here and a way to stop.

const formatNames: Record<InspectionPackFormat, string> = { PDF: 'PDF', EXCEL: 'Excel' };

function SectionCounts({ pack }: { pack: InspectionPackPreview }) {
  const { sections } = pack;
  const lines: [string, string][] = [
    ['Equipment', `${sections.equipment.items} items with their limits`],
    [
      'Temperature readings',
      `${sections.temperature.readings} readings: ${sections.temperature.failed} failed, ${sections.temperature.warned} warned, ${sections.temperature.backFilled} back-filled`,
    ],
    [
      'Tasks',
      `${scoreText(sections.tasks.score, sections.tasks.band)}: ${sections.tasks.due} due, ${sections.tasks.onTime} on time, ${sections.tasks.late} late, ${sections.tasks.missed} missed`,
    ],
    ['Failed checklist items', String(sections.tasks.failedChecklistItems)],
    ['Compliance logs', `${sections.complianceLogs.total}, ${sections.complianceLogs.failed} failed`],
    ['Near misses', `${sections.nearMisses.total}, ${sections.nearMisses.open} still open`],
    [
      'Corrective actions',
      `${sections.correctiveActions.total}: ${sections.correctiveActions.awaitingAction} awaiting action, ${sections.correctiveActions.awaitingVerification} awaiting verification, ${sections.correctiveActions.verified} verified`,
    ],
    ['Four-weekly reviews', `${sections.reviews.signed} signed`],
    [
      'Documents',
      `${sections.documents.total}: ${sections.documents.expiring} expiring, ${sections.documents.expired} expired`,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {lines.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RecordCheckVerdict({ pack }: { pack: InspectionPackPreview }) {
  const check = pack.recordCheck;
  const differ = check.subjects.reduce((sum, subject) => sum + subject.mismatched, 0);
  return (
    <Alert severity={check.intact ? 'success' : 'error'}>
      <AlertTitle>{check.intact ? 'Records intact' : 'Records changed outside the console'}</AlertTitle>
      {check.intact
        ? `Every record of the dates matches its history, and the history chain of ${check.chain.entries} entries is unbroken.`
        : `${differ} ${differ === 1 ? 'record differs' : 'records differ'} from the history${check.chain.valid ? '' : ', and the history chain is broken'}: ` +
          check.mismatches
            .slice(0, 5)
            .map((mismatch) => `${checkedSubjectLabels[mismatch.subject]}: ${mismatch.label}`)
            .join('; ') +
          (check.mismatches.length > 5 ? '…' : '.')}
    </Alert>
  );
}

function Digest({ digest }: { digest: string }) {
  const [copy, setCopy] = useState('');
  const trimmed = copy.trim().toLowerCase();
  const copyDigest = () =>
    navigator.clipboard?.writeText(digest).then(
      () => notify.success('Digest copied'),
      () => notify.toast('The digest could not be copied: select it and copy it by hand', 'warning'),
    );
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Digest
      </Typography>
      <Typography color="text.secondary">
        The PDF prints this SHA-256 digest of the pack’s content at the foot of every page, and the Excel file
        on its Digest sheet. A copy handed over today can be checked later: paste the digest it prints, and it
        matches while none of its records has changed. Anyone holding a downloaded file can also check the
        file itself, without signing in, at{' '}
        <Box component="a" href={packVerifyPath} target="_blank" rel="noopener">
          {`${window.location.origin}${packVerifyPath}`}
        </Box>
        , the address each pack prints with its QR code.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="code" sx={{ fontSize: 13, wordBreak: 'break-all' }} aria-label="Digest of the pack">
          {digest}
        </Box>
        <Button size="small" onClick={() => void copyDigest()}>
          Copy
        </Button>
      </Stack>
      <TextField
        label="Verify a copy: its digest"
        size="small"
        value={copy}
        onChange={(event) => setCopy(event.target.value)}
        helperText={
          trimmed === ''
            ? 'Paste the digest printed at the foot of a PDF’s pages or on the Digest sheet.'
            : trimmed === digest
              ? 'Matches: the copy holds the records as they are now.'
              : 'Does not match: a record of the copy has changed since, or it is of other dates.'
        }
        error={trimmed !== '' && trimmed !== digest}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
    </Stack>
  );
}

/** `/dashboard/reports/inspection`: the selected site's pack for a range. */
export function InspectionPackScreen() {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const siteName = useSelectedSite((s) => s.selectedSiteLabel);
  const format = useSiteFormat();
  const dates = useDateRange({ defaultDays: inspectionPackDefaultDays });
  const { range } = dates;
  const preview = useRead(
    siteID ? ['ScoreReport', 'inspection-pack', siteID, range.startDate, range.endDate] : null,
    reportRead((signal) =>
      inspectionPackApi.preview(
        { siteID: siteID ?? '', startDate: range.startDate, endDate: range.endDate },
        { signal, quiet: true },
      ),
    ),
  );
  const [producing, setProducing] = useState<InspectionPackFormat | null>(null);
  const download = useRef<AbortController | null>(null);
  useDocumentTitle('Inspection pack');
  useEffect(() => () => download.current?.abort(), []);

  const produce = (format: InspectionPackFormat) => {
    if (!siteID) return;
    const controller = new AbortController();
    download.current = controller;
    setProducing(format);
    inspectionPackApi
      .download(
        { siteID, startDate: range.startDate, endDate: range.endDate, format },
        { signal: controller.signal, quiet: true },
      )
      .then((file) => {
        const name = saveFile(
          file,
          `Inspection pack - ${range.startDate} to ${range.endDate}.${format === 'PDF' ? 'pdf' : 'xlsx'}`,
        );
        notify.success(`Inspection pack downloaded: ${name}`);
      })
      .catch((error: unknown) => {
        // Stopped by the user (or by leaving the screen): that is no failure to report, whatever realm's
        // AbortError the transport rejected with.
        if (!controller.signal.aborted) toastReportError(error);
      })
      .finally(() => {
        if (download.current === controller) download.current = null;
        setProducing(null);
      });
  };

  if (!siteID) return <EmptyState message="Choose a site to prepare its inspection pack." />;
  const pack = preview.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Inspection pack
        </Typography>
        <Typography color="text.secondary">
          {siteName ?? 'This site'} · {format.day(range.startDate)} to {format.day(range.endDate)} · times in{' '}
          {format.zone}
        </Typography>
      </Box>
      <Typography sx={{ maxWidth: '75ch' }}>
        One document for an environmental-health officer: the site, its hours and equipment with the limits in
        force, every temperature reading with its excursions and corrective actions, task completion per day
        with failed checks, compliance logs, near misses, every deviation’s corrective action and who verified
        it, documents, and whether any record was changed outside the console.
      </Typography>
      <DateRangeChooser state={dates} id="report-dates" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {inspectionPackFormats.map((format) => (
          <Button
            key={format}
            variant={format === 'PDF' ? 'contained' : 'outlined'}
            disabled={producing !== null}
            onClick={() => produce(format)}
          >
            Download {formatNames[format]}
          </Button>
        ))}
      </Stack>
      {producing && (
        <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label="Producing the pack">
          <Typography sx={{ mb: 1 }}>
            Producing the {formatNames[producing]} pack: every record of the dates is read, which can take a
            few seconds…
          </Typography>
          <LinearProgress />
          <Button sx={{ mt: 1 }} onClick={() => download.current?.abort()}>
            Stop
          </Button>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        {preview.loading ? (
          <Stack spacing={1} role="status" aria-busy="true" aria-label="Preparing the preview">
            <Typography color="text.secondary">Reading the site’s records…</Typography>
            <Skeleton variant="rounded" height={160} />
          </Stack>
        ) : pack === undefined ? (
          <EmptyState
            message="The preview could not be prepared."
            action={<Button onClick={preview.reload}>Retry</Button>}
          />
        ) : (
          <Stack spacing={3}>
            <Typography variant="h6" component="h2">
              What the pack holds
            </Typography>
            <SectionCounts pack={pack} />
            <RecordCheckVerdict pack={pack} />
            <Digest digest={pack.digest} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
