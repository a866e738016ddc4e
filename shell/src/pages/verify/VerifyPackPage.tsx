import { Box, Button, LinearProgress, Link, Stack, Typography } from '@console/shared-sdk/mui';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useEffect, useId, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { isApiError, notify, useIsSignedIn } from '@console/shared-sdk';
import { inspectionPackApi, packVerifyMaxBytes, type PackVerification } from '@console/shared-sdk/reports';
import { AuthLayout } from '../auth/AuthLayout';
import { PackVerdict } from './pack-verdict';

// The public page where anyone holding an inspection pack (an environmental-health officer, usually) checks
// that it is one this console produced, byte for byte: no sign-in, one file at a time, the verdict in words.

type Check =
  | { step: 'idle' }
  | { step: 'checking'; file: File }
  | { step: 'done'; file: File; verdict: PackVerification };

/** What a pack can be: the picker offers these; a dropped file of another kind is still checked. */
const packTypes = [
  '.pdf',
  '.xlsx',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** "32 MB", "32.1 MB": rounded up, so a file just over the limit never reads as the limit itself. */
function megabytes(bytes: number): string {
  const value = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return `${value} MB`;
}

/** Out of sight, still in the tab order and the accessibility tree. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

const hasFiles = (event: globalThis.DragEvent) => event.dataTransfer?.types.includes('Files') === true;

export function VerifyPackPage() {
  const signedIn = useIsSignedIn();
  const [check, setCheck] = useState<Check>({ step: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const zoneTitleId = `${id}-zone-title`;

  useEffect(() => {
    // A file dropped beside the drop zone would otherwise be opened by the browser, leaving the page.
    const ignore = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  useEffect(() => {
    // Leaving the page stops the check: nobody is left to read its verdict.
    const calls = running;
    return () => calls.current?.abort();
  }, []);

  async function verify(file: File) {
    // A new file replaces whatever was being checked.
    running.current?.abort();
    running.current = null;
    if (file.size > packVerifyMaxBytes) {
      setCheck({ step: 'idle' });
      notify.error('This file is too large to be an inspection pack', [
        `${file.name} is ${megabytes(file.size)}; a pack is at most ${megabytes(packVerifyMaxBytes)}. ` +
          'Check that you chose the pack itself.',
      ]);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setCheck({ step: 'checking', file });
    try {
      // 413 and 429 get words of their own below; anything else (the network, the server) opens the
      // console's usual error pop-up with the client's or the server's message.
      const verdict = await inspectionPackApi.verify(file, {
        signal: controller.signal,
        quietFor: [413, 429],
      });
      if (!controller.signal.aborted) setCheck({ step: 'done', file, verdict });
    } catch (error) {
      if (controller.signal.aborted) return;
      setCheck({ step: 'idle' });
      if (isApiError(error) && error.status === 413)
        notify.error('This file is too large to be an inspection pack', [
          `The check reads files of at most ${megabytes(packVerifyMaxBytes)}.`,
        ]);
      else if (isApiError(error) && error.status === 429)
        notify.error('Too many checks from this connection', [
          'Checks are limited to keep the service available. Wait a minute, then try again.',
        ]);
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function stop() {
    running.current?.abort();
    running.current = null;
    setCheck({ step: 'idle' });
  }

  function checkAnother() {
    setCheck({ step: 'idle' });
    input.current?.focus();
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void verify(file);
  }

  return (
    <AuthLayout
      title="Verify an inspection pack"
      subtitle="Check that an inspection pack, as a PDF or Excel file, is one this console produced and has not been changed since. No account is needed."
      maxWidth={600}
    >
      <Stack spacing={2}>
        <Box
          role="region"
          aria-labelledby={zoneTitleId}
          aria-describedby={hintId}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(event) => {
            // Moving over the zone's own children fires dragleave too: only leaving the zone counts.
            const next = event.relatedTarget;
            if (!(next instanceof Node) || !event.currentTarget.contains(next)) setDragging(false);
          }}
          onDrop={drop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : undefined,
            borderRadius: 1,
            p: 3,
            textAlign: 'center',
            // The file input is hidden from sight, not from the keyboard: show where its focus is.
            '&:has(input:focus-visible)': {
              outline: (theme) => `2px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
            },
          }}
        >
          <UploadFileOutlinedIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
          <Typography id={zoneTitleId} variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Drop a pack file here
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            or
          </Typography>
          {/* The MUI file-upload pattern: a real, labelled file input inside the label, reached by Tab. */}
          <Button component="label" variant="contained" role={undefined} tabIndex={-1}>
            Choose a pack file
            <input
              ref={input}
              type="file"
              accept={packTypes}
              aria-describedby={hintId}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                // The same file chosen again (after a change to it on disk) must be checked again.
                event.currentTarget.value = '';
                if (file) void verify(file);
              }}
              style={visuallyHidden}
            />
          </Button>
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The file as it was downloaded from the console: PDF or Excel (XLSX), at most{' '}
            {megabytes(packVerifyMaxBytes)}.
          </Typography>
        </Box>

        {/* Always present, so what appears in it (the progress, then the verdict) is announced. */}
        <Box aria-live="polite">
          {check.step === 'checking' && (
            <Stack spacing={1}>
              <Typography variant="body2">Checking {check.file.name}…</Typography>
              <LinearProgress aria-label={`Checking ${check.file.name}`} />
              <Button onClick={stop} sx={{ alignSelf: 'flex-start' }}>
                Stop checking
              </Button>
            </Stack>
          )}
          {check.step === 'done' && (
            <PackVerdict verdict={check.verdict} fileName={check.file.name} onCheckAnother={checkAnother} />
          )}
        </Box>

        {signedIn ? (
          <Link component={RouterLink} to="/dashboard" variant="body2">
            Back to the console
          </Link>
        ) : (
          <Link component={RouterLink} to="/login" variant="body2">
            Sign in to the console
          </Link>
        )}
      </Stack>
    </AuthLayout>
  );
}
