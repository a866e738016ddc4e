import { Button, Menu, MenuItem, Stack } from '@console/shared-sdk/mui';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from '@console/shared-sdk/router';
import { asSubject, saveFile, useAbility, useSelectedSite, useSession } from '@console/shared-sdk';
import {
  staffApi,
  staffSortColumns,
  type StaffDownloadQuery,
  type StaffFileType,
  type StaffRole,
  type StaffStatus,
} from '@console/shared-sdk/people';

// Fetched when Import is first opened: most visits to the list never import.
const ImportStaffDialog = lazy(() =>
  import('./import-dialog').then((m) => ({ default: m.ImportStaffDialog })),
);

const fileNames: Record<StaffFileType, string> = { EXCEL: 'staff.xlsx', CSV: 'staff.csv' };

const roles: readonly string[] = ['STAFF', 'SITE_ADMIN', 'ORGANIZATION_ADMIN'];
const statuses: readonly string[] = ['ACTIVE', 'INACTIVE'];

/**
 * What the export asks for: the list as it is filtered now. The list keeps its query in the URL (search,
 * sort and the filters, defaults left out), so the export reads it from there.
 */
export function exportQuery(
  params: URLSearchParams,
  siteID: string,
  downloadFileType: StaffFileType,
): StaffDownloadQuery {
  const text = (name: string) => params.get(name) || undefined;
  const sort = text('sort');
  const role = text('role');
  const status = text('status');
  return {
    siteID,
    downloadFileType,
    search: text('search'),
    // A sort the API does not know is ignored by the list too: both fall back to full name.
    sort:
      sort && (staffSortColumns as readonly string[]).includes(sort.replace(/^-/, '')) ? sort : 'fullName',
    role: role && roles.includes(role) ? (role as StaffRole) : undefined,
    departmentID: text('departmentID'),
    status: status && statuses.includes(status) ? (status as StaffStatus) : undefined,
  };
}

/** Import and export beside the staff list, each shown to those whose ability allows it at this site. */
export function StaffToolbar({ onImported }: { onImported: () => void }) {
  const [params] = useSearchParams();
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const orgId = useSession((s) => s.orgId);
  const ability = useAbility();
  const [importing, setImporting] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  if (!siteID) return null;
  const here = asSubject('Staff', { orgId, siteID });
  const mayImport = ability.can('create', here);
  const mayExport = ability.can('read', here);
  if (!mayImport && !mayExport) return null;

  async function exportAs(type: StaffFileType) {
    setMenuAnchor(null);
    if (!siteID) return;
    setExporting(true);
    try {
      saveFile(await staffApi.download(exportQuery(params, siteID, type)), fileNames[type]);
    } catch {
      // The HTTP layer's pop-up says what went wrong.
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {mayImport && (
        <Button variant="outlined" onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      {mayExport && (
        <>
          <Button
            variant="outlined"
            aria-haspopup="menu"
            aria-expanded={menuAnchor !== null}
            disabled={exporting}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            {exporting ? 'Exporting…' : 'Export'}
          </Button>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={() => void exportAs('EXCEL')}>Excel (.xlsx)</MenuItem>
            <MenuItem onClick={() => void exportAs('CSV')}>CSV (.csv)</MenuItem>
          </Menu>
        </>
      )}
      {mayImport && importing && (
        <Suspense fallback={null}>
          <ImportStaffDialog open onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}
    </Stack>
  );
}
