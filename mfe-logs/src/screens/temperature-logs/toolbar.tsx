import { asSubject, logTypeSchema, notify, saveFile, useAbility, useSession } from '@console/shared-sdk';
import {
  temperatureLogApi,
  temperatureResultSchema,
  type TemperatureLogFilters,
} from '@console/shared-sdk/logs';
import { consoleIcons } from '@console/shared-sdk/icons';
import { Button, LinearProgress, Stack, Tooltip, Typography } from '@console/shared-sdk/mui';
import { useSearchParams } from '@console/shared-sdk/router';
import { useState } from 'react';
import type { LocalDateRange } from '@console/shared-sdk/report-kit';

// The buttons beside the temperature log: Excel export of what the list shows, and the chart of the item
// the list is filtered by. Both read the list's query from the URL, where the kit keeps it.

const text = (params: URLSearchParams, name: string) => params.get(name) || undefined;

/**
 * What the export asks for: the list as it is filtered now (the search, type, item, result, back-filled
 * and the dates), at the selected site. Values the API would refuse are left out, as the list ignores them.
 */
export function exportFilters(
  params: URLSearchParams,
  siteID: string,
  range: LocalDateRange,
): TemperatureLogFilters {
  const type = logTypeSchema.safeParse(params.get('type'));
  const result = temperatureResultSchema.safeParse(params.get('result'));
  const backFilled = params.get('backFilled');
  return {
    siteID,
    startDate: range.startDate,
    endDate: range.endDate,
    search: text(params, 'search'),
    type: type.success ? type.data : undefined,
    itemID: text(params, 'itemID'),
    result: result.success ? result.data : undefined,
    backFilled: backFilled === 'true' ? true : backFilled === 'false' ? false : undefined,
  };
}

/**
 * "Export to Excel": the readings as the list is filtered now, as an XLSX the server streams. A progress
 * bar shows while it is made (a long range takes a while), a toast names the file when it is saved, and a
 * failure is the HTTP layer's error pop-up.
 */
export function ExportToExcelButton({ siteID, range }: { siteID: string; range: LocalDateRange }) {
  const [params] = useSearchParams();
  const orgId = useSession((s) => s.orgId);
  const ability = useAbility();
  const [exporting, setExporting] = useState(false);
  if (!ability.can('read', asSubject('TemperatureLog', { orgId, siteID }))) return null;

  async function exportNow() {
    setExporting(true);
    try {
      const file = await temperatureLogApi.exportExcel(exportFilters(params, siteID, range));
      const name = saveFile(file, `temperature-log-${range.startDate}-to-${range.endDate}.xlsx`);
      notify.success(`Exported the temperature log to ${name}`);
    } catch {
      // The HTTP layer's pop-up says what went wrong.
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <Button variant="outlined" onClick={() => void exportNow()} loading={exporting} loadingPosition="start">
        {exporting ? 'Exporting…' : 'Export to Excel'}
      </Button>
      {exporting && (
        <>
          <LinearProgress aria-label="Preparing the Excel file" />
          <Typography variant="caption" color="text.secondary" role="status">
            Preparing the Excel file…
          </Typography>
        </>
      )}
    </Stack>
  );
}

/** "Chart this item", for the item the list is filtered by; it says how to choose one until then. */
export function ChartItemButton({ onChart }: { onChart: (itemID: string) => void }) {
  const [params] = useSearchParams();
  const itemID = params.get('itemID');
  const ChartIcon = consoleIcons.reports;
  const button = (
    <Button
      variant="outlined"
      startIcon={<ChartIcon />}
      disabled={!itemID}
      onClick={() => itemID && onChart(itemID)}
    >
      Chart this item
    </Button>
  );
  if (itemID) return button;
  return (
    // A disabled button gets no pointer events: the tooltip sits on a wrapper.
    <Tooltip title="Choose an item in the Item filter, or use Chart this item on a row">
      <span>{button}</span>
    </Tooltip>
  );
}
