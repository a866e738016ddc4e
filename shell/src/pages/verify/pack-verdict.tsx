import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@console/shared-sdk/mui';
import type { InspectionPackFormat, PackVerification } from '@console/shared-sdk/reports';
import { formatDay, formatInstantNamingZone } from '@console/shared-sdk/contract';

// The verdict in words for someone who is not a console user (an environmental-health officer): what the
// register says the pack is, or what to do when the file is not recognised. An unknown file names no
// organisation or site: the page is public, and a guess would tell a stranger whose packs exist.

const formatWords: Record<InspectionPackFormat, string> = {
  PDF: 'PDF document',
  EXCEL: 'Excel workbook (XLSX)',
};

// As the pack writes its dates, in its site's locale: "5 Mar 2026", "Mar 5, 2026".
const day = (date: string, locale: string) => formatDay(date, 'date', locale);

/** In the reader's own zone, named, since the pack may come from a site in another (no site is chosen here). */
const moment = (instant: string, locale: string) =>
  formatInstantNamingZone(instant, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', locale);

function covering(startDate: string, endDate: string, locale: string): string {
  return startDate === endDate
    ? day(startDate, locale)
    : `${day(startDate, locale)} to ${day(endDate, locale)}`;
}

/** The one sentence that says what an authentic pack is. */
export function authenticSentence(verdict: Extract<PackVerification, { verdict: 'AUTHENTIC' }>): string {
  return (
    `This is an authentic inspection pack. It was produced by this console for ${verdict.site}, ` +
    `covering ${covering(verdict.startDate, verdict.endDate, verdict.locale)}, by ${verdict.producedBy} on ` +
    `${moment(verdict.producedAt, verdict.locale)}.`
  );
}

export const unknownSentence = 'This file is not a pack this console produced, or it has been changed since.';

function Facts({ rows }: { rows: [term: string, value: string, code?: boolean][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 1.5 }}
    >
      {rows.map(([term, value, code]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              minWidth: 0,
              overflowWrap: 'anywhere',
              ...(code ? { fontFamily: 'monospace', fontSize: '0.8125rem' } : {}),
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface PackVerdictProps {
  verdict: PackVerification;
  fileName: string;
  onCheckAnother: () => void;
}

/**
 * The verdict of one file. The page's polite live region around it announces it, so the alert's own role is
 * "none": MUI's default role="alert" would interrupt the reader and announce it a second time.
 */
export function PackVerdict({ verdict, fileName, onCheckAnother }: PackVerdictProps) {
  const another = (
    <Button variant="outlined" onClick={onCheckAnother} sx={{ alignSelf: 'flex-start' }}>
      Check another file
    </Button>
  );
  if (verdict.verdict === 'AUTHENTIC')
    return (
      <Alert severity="success" role="none">
        <AlertTitle component="h2">Authentic inspection pack</AlertTitle>
        <Stack spacing={1}>
          <Typography variant="body2">{authenticSentence(verdict)}</Typography>
          <Facts
            rows={[
              ['File', fileName],
              ['Format', formatWords[verdict.format]],
              ['SHA-256', verdict.sha256, true],
            ]}
          />
          <Typography variant="body2">
            Any change to the file, even to one byte, would make it unrecognised: this verdict holds for these
            exact bytes. Compare the SHA-256 above with that of another copy to tell whether it is the same
            file.
          </Typography>
          {another}
        </Stack>
      </Alert>
    );
  return (
    <Alert severity="warning" role="none">
      <AlertTitle component="h2">Not recognised</AlertTitle>
      <Stack spacing={1}>
        <Typography variant="body2">{unknownSentence}</Typography>
        <Typography variant="body2" component="div">
          What you can do:
          <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
            <li>Ask the site for the original file, exactly as it was downloaded from the console.</li>
            <li>
              Check that this copy was not re-saved, edited or printed to PDF: any of these makes a different
              file, even when it looks the same.
            </li>
          </Box>
        </Typography>
        <Facts
          rows={[
            ['File', fileName],
            ['SHA-256', verdict.sha256, true],
          ]}
        />
        {another}
      </Stack>
    </Alert>
  );
}
