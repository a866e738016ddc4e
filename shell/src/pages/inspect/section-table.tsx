import {
  alpha,
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
  type Theme,
} from '@console/shared-sdk/mui';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { AutoDirText, useRead } from '@console/shared-sdk';
import {
  inspectorSectionLabels,
  inspectorViewApi,
  type InspectorRow,
  type InspectorSection,
} from '@console/shared-sdk/reports';
import { isRefusal, refusalStatuses, type LinkAccess } from './link-access';
import { Loading, visuallyHidden } from './parts';
import { RecordDialog } from './record-dialog';

// One section of the view: its rows a page at a time, searched by the server, each row opening its record.
// A flagged row (failed, missed, open, expired: what an inspector looks at first) says so in words and
// stands out in colour and with a bar at its start, so it reads the same without colour.

export const sectionPageSize = 25;
const searchDelay = 300;

export interface SectionTableProps {
  section: InspectorSection;
  /** One of the link's sites, or all of them. */
  site: { _id: string; name: string } | undefined;
  /** Several sites in the rows: each says whose it is. */
  showSite: boolean;
  access: LinkAccess;
}

const flaggedRow = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.16 : 0.06),
  boxShadow: `inset 4px 0 0 ${theme.palette.error.main}`,
});

function Status({ row }: { row: InspectorRow }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography
        component="span"
        variant="body2"
        sx={row.flagged ? { color: 'error.main', fontWeight: 600 } : undefined}
      >
        <AutoDirText>{row.status}</AutoDirText>
      </Typography>
      {row.flagged && <Chip size="small" color="error" variant="outlined" label="Flagged" />}
    </Stack>
  );
}

function RecordButton({ row, onOpen }: { row: InspectorRow; onOpen: (row: InspectorRow) => void }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => onOpen(row)}
      sx={{ textAlign: 'start', fontWeight: 500, verticalAlign: 'baseline' }}
    >
      <AutoDirText>{row.title}</AutoDirText>
    </Link>
  );
}

function RowsTable({
  rows,
  caption,
  showSite,
  onOpen,
}: {
  rows: readonly InspectorRow[];
  caption: string;
  showSite: boolean;
  onOpen: (row: InspectorRow) => void;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& th, & td': {
            textAlign: 'start',
            verticalAlign: 'top',
            px: 1.5,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            typography: 'body2',
          },
          '& th': { fontWeight: 600, whiteSpace: 'nowrap' },
        }}
      >
        <caption style={visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            {showSite && <th scope="col">Site</th>}
            <th scope="col">Record</th>
            <th scope="col">Status</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Box component="tr" key={`${row.subject}-${row._id}`} sx={row.flagged ? flaggedRow : undefined}>
              <Box component="td" sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={row.at}>{row.when}</time>
              </Box>
              {showSite && (
                <td>
                  <AutoDirText>{row.siteName}</AutoDirText>
                </td>
              )}
              <td>
                <RecordButton row={row} onOpen={onOpen} />
              </td>
              <td>
                <Status row={row} />
              </td>
              <td>
                <AutoDirText>{row.detail}</AutoDirText>
              </td>
            </Box>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** A phone's screen has no room for columns: a row is a card, its parts one under the other. */
function RowsList({
  rows,
  caption,
  showSite,
  onOpen,
}: {
  rows: readonly InspectorRow[];
  caption: string;
  showSite: boolean;
  onOpen: (row: InspectorRow) => void;
}) {
  return (
    <Stack component="ul" spacing={1} aria-label={caption} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={`${row.subject}-${row._id}`}
          sx={[
            { border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 },
            ...(row.flagged ? [flaggedRow] : []),
          ]}
        >
          <RecordButton row={row} onOpen={onOpen} />
          <Typography variant="body2" color="text.secondary">
            <time dateTime={row.at}>{row.when}</time>
            {showSite && (
              <>
                {' · '}
                <AutoDirText>{row.siteName}</AutoDirText>
              </>
            )}
          </Typography>
          <Status row={row} />
          {row.detail && (
            <Typography variant="body2">
              <AutoDirText>{row.detail}</AutoDirText>
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The search box: one request once typing pauses, not one per key. */
function SectionSearch({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const search = text.trim();
    if (search === value) return;
    const timer = setTimeout(() => onSearch(search), searchDelay);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function countWords(records: number, search: string, siteName: string | null): string {
  const count = `${records} ${records === 1 ? 'record' : 'records'}`;
  const where = siteName ? ` at ${siteName}` : '';
  return search ? `${count}${where} matching “${search}”` : `${count}${where}`;
}

export function SectionTable({ section, site, showSite, access }: SectionTableProps) {
  const siteID = site?._id;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const label = inspectorSectionLabels[section];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<InspectorRow | null>(null);
  // Another site chosen: its rows start from their first page.
  const [pageSite, setPageSite] = useState(siteID);
  if (pageSite !== siteID) {
    setPageSite(siteID);
    setPage(1);
  }
  const { token, passcode, refused } = access;
  const read = useRead(['inspect', token, 'section', section, siteID ?? null, search, page], (signal) =>
    inspectorViewApi.section(
      token,
      section,
      { siteID, search: search || undefined, page, pageSize: sectionPageSize },
      passcode,
      { signal, quietFor: refusalStatuses },
    ),
  );
  const { data, error, loading, reading, reload } = read;
  useEffect(() => {
    if (isRefusal(error)) refused(error);
  }, [error, refused]);

  const pages = data ? Math.max(1, Math.ceil(data.records / sectionPageSize)) : 1;
  const searchFor = (next: string) => {
    setSearch(next);
    setPage(1);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SectionSearch label={`Search ${label.toLowerCase()}`} value={search} onSearch={searchFor} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {data && !loading ? countWords(data.records, search, site?.name ?? null) : ''}
        </Typography>
      </Stack>
      <Box sx={{ minHeight: 4 }}>
        {reading && data && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      </Box>
      {loading ? (
        <Loading label={`Loading ${label.toLowerCase()}…`} />
      ) : !data ? (
        // A refusal moves the page on (the passcode, or the link no longer valid) unless only this read
        // was refused: then it can be tried again like any other failure.
        error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reload}>
                Retry
              </Button>
            }
          >
            {label} could not be loaded.
          </Alert>
        ) : null
      ) : data.list.length === 0 ? (
        <Typography color="text.secondary" role="status" sx={{ py: 3, textAlign: 'center' }}>
          {search
            ? `No ${label.toLowerCase()} match “${search}”.`
            : `No ${label.toLowerCase()} in these dates.`}
        </Typography>
      ) : phone ? (
        <RowsList rows={data.list} caption={label} showSite={showSite} onOpen={setOpened} />
      ) : (
        <RowsTable rows={data.list} caption={label} showSite={showSite} onOpen={setOpened} />
      )}
      {data && pages > 1 && (
        <Stack
          component="nav"
          aria-label={`Pages of ${label.toLowerCase()}`}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
        >
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </Stack>
      )}
      {opened && <RecordDialog row={opened} access={access} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
