import {
  Alert,
  Box,
  Container,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { useId, useState } from 'react';
import { consoleName, useDocumentTitle } from '@console/shared-sdk';
import { defaultDateLocale, formatDay, formatInstantNamingZone } from '@console/shared-sdk/contract';
import {
  inspectorSectionLabels,
  inspectorSections,
  type InspectorSection,
  type InspectorView,
} from '@console/shared-sdk/reports';
import type { LinkAccess } from './link-access';
import { PackDownloads } from './pack-downloads';
import { Facts, VerifyLink } from './parts';
import { SectionTable } from './section-table';

// The view a link opens: who it is for and what it covers, the pack's sections as tabs with their counts
// (each a searchable, paged table whose rows open their record), and each site's pack to download.

/** The reader's own zone, named: the link expires at one instant, wherever its sites are. */
const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "1 Jan 2026 to 31 Mar 2026", or the one day. */
function rangeWords(startDate: string, endDate: string, locale: string): string {
  const start = formatDay(startDate, 'date', locale);
  return startDate === endDate ? start : `${start} to ${formatDay(endDate, 'date', locale)}`;
}

export interface InspectorViewPageProps {
  view: InspectorView;
  access: LinkAccess;
  title: string;
}

export function InspectorViewPage({ view, access, title }: InspectorViewPageProps) {
  useDocumentTitle(title);
  const id = useId();
  // The sites' dates are written as the first site writes them: a link's sites are one organisation's.
  const locale = view.sites[0]?.locale ?? defaultDateLocale;
  const [section, setSection] = useState<InspectorSection>(inspectorSections[0]);
  const [siteID, setSiteID] = useState<string>('');
  const counts = new Map(view.sections.map(({ section, records }) => [section, records]));
  const several = view.sites.length > 1;
  const tabId = (of: InspectorSection) => `${id}-tab-${of}`;
  const panelId = `${id}-panel`;

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="lg" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography sx={{ fontWeight: 700 }} variant="overline" color="primary">
              {consoleName}
            </Typography>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            <Facts
              label="What this link opens"
              rows={[
                ['For', view.label],
                ['Organisation', view.organisationName],
                [several ? 'Sites' : 'Site', view.sites.map((site) => site.name).join(', ')],
                ['Records from', rangeWords(view.startDate, view.endDate, locale)],
                ['Link expires', formatInstantNamingZone(view.expiresAt, readerZone(), locale)],
              ]}
            />
            <Alert severity="info" role="note" sx={{ mt: 2 }}>
              This view is read-only: nothing can be changed from it. The records are shown as they are now,
              with every change made to them. Packs downloaded here can be checked at <VerifyLink />.
            </Alert>
          </Paper>

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby={`${id}-records`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
            >
              <Typography id={`${id}-records`} variant="h6" component="h2">
                Records
              </Typography>
              {several && (
                <TextField
                  select
                  size="small"
                  label="Site"
                  value={siteID}
                  onChange={(event) => setSiteID(event.target.value)}
                  sx={{ minWidth: 220 }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">All sites</option>
                  {view.sites.map((site) => (
                    <option key={site._id} value={site._id}>
                      {site.name}
                    </option>
                  ))}
                </TextField>
              )}
            </Stack>
            <Tabs
              value={section}
              onChange={(_, next: InspectorSection) => setSection(next)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label="Sections"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {inspectorSections.map((of) => (
                <Tab
                  key={of}
                  value={of}
                  id={tabId(of)}
                  aria-controls={panelId}
                  label={`${inspectorSectionLabels[of]} (${counts.get(of) ?? 0})`}
                  sx={{ textTransform: 'none' }}
                />
              ))}
            </Tabs>
            {several && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                Each section’s count is of all {view.sites.length} sites.
              </Typography>
            )}
            <Box role="tabpanel" id={panelId} aria-labelledby={tabId(section)} sx={{ pt: 2 }}>
              <SectionTable
                key={section}
                section={section}
                site={view.sites.find((site) => site._id === siteID)}
                showSite={several && !siteID}
                access={access}
              />
            </Box>
          </Paper>

          <PackDownloads view={view} access={access} />
        </Stack>
      </Container>
    </Box>
  );
}
