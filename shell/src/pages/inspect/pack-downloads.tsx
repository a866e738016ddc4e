import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@console/shared-sdk/mui';
import { useEffect, useId, useRef, useState } from 'react';
import { AutoDirText, notify, saveFile } from '@console/shared-sdk';
import {
  inspectionPackFormats,
  inspectorViewApi,
  type InspectionPackFormat,
  type InspectorView,
} from '@console/shared-sdk/reports';
import { refusalStatuses, type LinkAccess } from './link-access';
import { VerifyLink } from './parts';

// Each site's inspection pack over the link's dates, produced by the server as any other pack is (entered in
// the pack register, so it verifies), streamed, then saved. One at a time, with progress and a way to stop.

const formatNames: Record<InspectionPackFormat, string> = { PDF: 'PDF', EXCEL: 'Excel' };
const extensions: Record<InspectionPackFormat, string> = { PDF: 'pdf', EXCEL: 'xlsx' };

type Site = InspectorView['sites'][number];

export function PackDownloads({ view, access }: { view: InspectorView; access: LinkAccess }) {
  const id = useId();
  const [producing, setProducing] = useState<{ site: Site; format: InspectionPackFormat } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => {
    // Leaving the page stops the download: nobody is left to save the file.
    const calls = running;
    return () => calls.current?.abort();
  }, []);

  const { token, passcode, refused } = access;
  function produce(site: Site, format: InspectionPackFormat) {
    const controller = new AbortController();
    running.current = controller;
    setProducing({ site, format });
    inspectorViewApi
      .pack(token, { siteID: site._id, format }, passcode, {
        signal: controller.signal,
        quietFor: refusalStatuses,
      })
      .then((file) => {
        const name = saveFile(
          file,
          `Inspection pack - ${site.name} - ${view.startDate} to ${view.endDate}.${extensions[format]}`,
        );
        notify.success(`Inspection pack downloaded: ${name}`);
      })
      .catch((error: unknown) => {
        // Stopped by the inspector, or the page left: nothing to report. Other failures than a refusal have
        // had the client's pop-up.
        if (!controller.signal.aborted) refused(error);
      })
      .finally(() => {
        if (running.current === controller) {
          running.current = null;
          setProducing(null);
        }
      });
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-packs`}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={`${id}-packs`} variant="h6" component="h2" gutterBottom>
        Download an inspection pack
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: '75ch' }}>
        A site’s records over these dates as one document: a PDF to read or print, or an Excel workbook to
        sort and filter. Each pack is entered in the console’s register as it is produced, so anyone can check
        a copy at <VerifyLink />.
      </Typography>
      <Stack spacing={1.5}>
        {view.sites.map((site) => (
          <Stack
            key={site._id}
            role="group"
            aria-label={site.name}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, flex: { sm: '0 1 280px' } }}>
              <AutoDirText>{site.name}</AutoDirText>
            </Typography>
            <Stack direction="row" spacing={1}>
              {inspectionPackFormats.map((format) => (
                <Button
                  key={format}
                  variant={format === 'PDF' ? 'contained' : 'outlined'}
                  disabled={producing !== null}
                  onClick={() => produce(site, format)}
                >
                  Download {formatNames[format]}
                </Button>
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
      {/* Always present, so the progress is announced when it appears. */}
      <Box aria-live="polite" sx={{ mt: producing ? 2 : 0 }}>
        {producing && (
          <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label="Producing the pack">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Producing the {formatNames[producing.format]} pack of{' '}
              <AutoDirText>{producing.site.name}</AutoDirText>: every record of the dates is read, which can
              take a few seconds…
            </Typography>
            <LinearProgress aria-label={`Producing the ${formatNames[producing.format]} pack`} />
            <Button sx={{ mt: 1 }} onClick={() => running.current?.abort()}>
              Stop
            </Button>
          </Paper>
        )}
      </Box>
    </Paper>
  );
}
