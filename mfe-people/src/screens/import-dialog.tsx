import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError, notify, saveFile } from '@console/shared-sdk';
import {
  maxStaffImportRows,
  staffApi,
  type StaffFileType,
  type StaffImportResult,
} from '@console/shared-sdk/people';

/** One problem of an import file: its row (2 is the first under the header), column and message. */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

/**
 * The API's answer to a bad file as the dialog shows it. Its field errors are keyed `rows.<row>.<column>`;
 * anything else (the file itself: `file`, or no key) is a problem of the whole file.
 */
export function importProblems(fieldErrors: Record<string, string[]>): {
  rows: RowProblem[];
  file: string[];
} {
  const rows: RowProblem[] = [];
  const file: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(key);
    for (const message of messages) {
      if (match) rows.push({ row: Number(match[1]), column: match[2] ?? '', message });
      else file.push(message);
    }
  }
  rows.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  return { rows, file };
}

/** The toast after an import that wrote: how many were added, and which addresses were already known. */
export function importSummary(result: StaffImportResult): string {
  const created = result.created === 1 ? '1 person' : `${result.created} people`;
  if (result.existing.length === 0) return `Imported ${created}.`;
  const rows = result.existing.map((entry) => entry.row).join(', ');
  const already =
    result.existing.length === 1
      ? `1 row was already in the organisation (row ${rows}) and was left as it is`
      : `${result.existing.length} rows were already in the organisation (rows ${rows}) and were left as they are`;
  return `Imported ${created}; ${already}.`;
}

const accepted = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

const templateNames: Record<StaffFileType, string> = {
  EXCEL: 'staff-import-template.xlsx',
  CSV: 'staff-import-template.csv',
};

type Outcome =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'refused'; message: string; rows: RowProblem[]; file: string[] };

export interface ImportStaffDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a file was imported (the toast is shown already): the list shows the new people. */
  onImported: () => void;
}

/**
 * Import staff from a CSV or XLSX file: the template to start from, the file, progress while the server
 * checks it, and for a refused file every bad row's number, column and message (nothing is written then).
 */
export function ImportStaffDialog({ open, onClose, onImported }: ImportStaffDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [template, setTemplate] = useState<StaffFileType | null>(null);
  const uploading = outcome.kind === 'uploading';

  const close = () => {
    if (uploading) return;
    setFile(null);
    setOutcome({ kind: 'idle' });
    onClose();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setOutcome({ kind: 'idle' });
    // The same file chosen again (after fixing it) must fire a change too.
    event.target.value = '';
  };

  async function downloadTemplate(type: StaffFileType) {
    setTemplate(type);
    try {
      saveFile(await staffApi.uploadTemplate(type), templateNames[type]);
    } catch {
      // The HTTP layer's pop-up says what went wrong.
    } finally {
      setTemplate(null);
    }
  }

  async function upload() {
    if (!file) return;
    setOutcome({ kind: 'uploading' });
    try {
      // Quiet: every refusal is shown here, in the dialog, next to the file it is about.
      const result = await staffApi.upload(file, { quiet: true });
      notify.success(importSummary(result));
      setFile(null);
      setOutcome({ kind: 'idle' });
      onImported();
      onClose();
    } catch (error) {
      const problems = isApiError(error) ? importProblems(error.fieldErrors) : { rows: [], file: [] };
      const message = isApiError(error) ? error.message : 'The file could not be imported';
      setOutcome({ kind: 'refused', message, ...problems });
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Import staff</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            One person per row, under the template&apos;s header: sites and departments by name, several
            separated by &ldquo;;&rdquo;. Every row is checked first, and nothing is imported unless all of
            them are right. Up to {maxStaffImportRows.toLocaleString('en-GB')} rows. Each new person gets an
            invitation by e-mail.
          </DialogContentText>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2">Start from the template:</Typography>
            {(['EXCEL', 'CSV'] as const).map((type) => (
              <Button
                key={type}
                size="small"
                variant="outlined"
                disabled={template !== null}
                onClick={() => void downloadTemplate(type)}
              >
                {type === 'EXCEL' ? 'Excel template' : 'CSV template'}
              </Button>
            ))}
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={uploading}>
              Choose a file
            </Button>
            <Box
              component="input"
              id={inputId}
              type="file"
              accept={accepted}
              aria-label="Staff file (CSV or XLSX)"
              onChange={choose}
              disabled={uploading}
              sx={visuallyHidden}
            />
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : 'No file chosen (CSV or XLSX)'}
            </Typography>
          </Stack>
          {uploading && (
            <Stack spacing={1} role="status">
              <Typography variant="body2">Uploading and checking {file?.name}…</Typography>
              <LinearProgress aria-label="Importing" />
            </Stack>
          )}
          {outcome.kind === 'refused' && <ImportErrors {...outcome} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={uploading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || uploading}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Hidden from sight but not from the label, the keyboard or screen readers (the button shows it). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const cell = { textAlign: 'left', px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' } as const;

/** Why a file was refused: its own problems, then a table of each bad row. */
function ImportErrors({ message, rows, file }: { message: string; rows: RowProblem[]; file: string[] }) {
  const badRows = new Set(rows.map((problem) => problem.row)).size;
  return (
    <Stack spacing={1}>
      <Alert severity="error" role="alert">
        {rows.length > 0
          ? `${badRows === 1 ? '1 row needs' : `${badRows} rows need`} fixing; nothing was imported. Correct the file and import it again.`
          : message}
        {file.map((problem) => (
          <Box key={problem}>{problem}</Box>
        ))}
      </Alert>
      {rows.length > 0 && (
        <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Box
            component="table"
            aria-label="Rows to fix"
            sx={{ width: '100%', borderCollapse: 'collapse', typography: 'body2' }}
          >
            <thead>
              <tr>
                <Box component="th" scope="col" sx={cell}>
                  Row
                </Box>
                <Box component="th" scope="col" sx={cell}>
                  Column
                </Box>
                <Box component="th" scope="col" sx={cell}>
                  Problem
                </Box>
              </tr>
            </thead>
            <tbody>
              {rows.map((problem, index) => (
                <tr key={`${problem.row}-${problem.column}-${index}`}>
                  <Box component="td" sx={cell}>
                    {problem.row}
                  </Box>
                  <Box component="td" sx={cell}>
                    {problem.column}
                  </Box>
                  <Box component="td" sx={cell}>
                    {problem.message}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
