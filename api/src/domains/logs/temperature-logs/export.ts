import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  readingSourceLabels,
  temperatureStandards,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import { personName } from '../log-records.js';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { checkLabelOf, sensorReaderName } from './dto.js';
import type { ExportReading } from './repository.js';

// The temperature log as an inspector reads it: one XLSX written row by row with exceljs's streaming
// writer, so an export of any length holds about one batch of rows in memory. Times are the site's wall
// clock, written as spreadsheet dates so they sort and filter; failed readings are filled red and warnings
// amber; a second sheet sums the export up.

const resultFills: Record<TemperatureResult, ExcelJS.Fill | undefined> = {
  PASS: undefined,
  WARN: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEB9C' } },
  FAIL: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } },
};

const localTime = 'yyyy-mm-dd hh:mm';
const columns: { header: string; width: number; numFmt?: string }[] = [
  { header: 'Site', width: 28 },
  { header: 'Read (local time)', width: 18, numFmt: localTime },
  { header: 'Received (local time)', width: 20, numFmt: localTime },
  { header: 'Back-filled', width: 11 },
  { header: 'Log type', width: 22 },
  { header: 'Check', width: 24 },
  { header: 'Item', width: 24 },
  { header: 'Equipment', width: 22 },
  { header: 'Reading (°C)', width: 12, numFmt: '0.0#' },
  { header: 'Lower limit (°C)', width: 15 },
  { header: 'Upper limit (°C)', width: 15 },
  { header: 'Result', width: 9 },
  { header: 'Corrective action', width: 40 },
  { header: 'Note', width: 30 },
  { header: 'Read by', width: 22 },
  { header: 'Source', width: 10 },
];

/**
 * Each cell's style, one object per column and result, shared by every row: exceljs remembers the style
 * of an object it has seen, where a style of its own per cell is worked out again for each one (twice
 * as slow over 100,000 rows).
 */
const rowStyles = Object.fromEntries(
  (Object.keys(resultFills) as TemperatureResult[]).map((result) => {
    const fill = resultFills[result];
    return [
      result,
      columns.map(({ numFmt }): Partial<ExcelJS.Style> => ({
        ...(numFmt ? { numFmt } : {}),
        ...(fill ? { fill } : {}),
      })),
    ];
  }),
) as Record<TemperatureResult, Partial<ExcelJS.Style>[]>;

/**
 * A wall-clock time (`YYYY-MM-DDTHH:MM:SS`, the site's) as a spreadsheet date: spreadsheets have no time
 * zones, and exceljs writes a Date's UTC fields, so the local time goes in as UTC.
 */
export const spreadsheetDate = (wallClock: string) => new Date(`${wallClock}Z`);

const sheetRow = (reading: ExportReading) => [
  reading.siteName,
  spreadsheetDate(reading.readLocal),
  spreadsheetDate(reading.receivedLocal),
  reading.backFilled ? 'Yes' : 'No',
  temperatureStandards[reading.logType].label,
  checkLabelOf(reading.logType, reading.checkKind),
  reading.temperatureItemName ?? reading.foodItemName ?? '',
  reading.equipmentName ?? '',
  reading.celsius,
  reading.lowerLimit ?? '',
  reading.upperLimit ?? '',
  reading.result,
  reading.correctiveAction ?? '',
  reading.note ?? '',
  reading.source === 'SENSOR'
    ? sensorReaderName(reading.sensorName ?? '')
    : reading.reader
      ? personName(reading.reader)
      : '',
  readingSourceLabels[reading.source],
];

/** What the summary sheet says about the export besides its counts. */
export interface ExportHeading {
  /** "2026-03-01 to 2026-03-07", in the sites' local dates. */
  range: string;
  sites: readonly string[];
  /** The other filters in words ("Result: FAIL"). */
  filters: readonly string[];
  generatedAt: Date;
}

/** The counts the summary sheet gives. */
interface Tally {
  readings: number;
  results: Record<TemperatureResult, number>;
  backFilled: number;
}

/** The download was closed before its end: the export stops reading rows for nobody. */
export class ExportAbandoned extends Error {
  constructor() {
    super('the client closed the download');
    this.name = 'ExportAbandoned';
  }
}

/** Waits until the reader has caught up, or has gone (a closed download never drains). */
export async function drainedOrClosed(stream: PassThrough) {
  const settled = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: settled.signal }),
      once(stream, 'close', { signal: settled.signal }),
    ]);
  } finally {
    settled.abort();
  }
}

/**
 * A sheet of readings, the same columns and colours wherever readings are written (this export, the
 * inspection pack): rows are committed as they are added, so the sheet holds no rows in memory.
 */
export function readingSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  return {
    add(readings: readonly ExportReading[]) {
      for (const reading of readings) {
        const row = sheet.addRow(sheetRow(reading));
        rowStyles[reading.result].forEach((style, column) => {
          row.getCell(column + 1).style = style;
        });
        row.commit();
      }
    },
    commit: () => sheet.commit(),
  };
}

export interface ReadingWorkbook {
  stream: PassThrough;
  /** Writes a batch's rows, then waits while the reader is behind, so memory holds about one batch. */
  add(readings: readonly ExportReading[]): Promise<void>;
  /** The summary sheet, then the end of the file. */
  finish(heading: ExportHeading): Promise<void>;
}

export function readingWorkbook(): ReadingWorkbook {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = readingSheet(workbook, 'Readings');
  const tally: Tally = { readings: 0, results: { PASS: 0, WARN: 0, FAIL: 0 }, backFilled: 0 };
  return {
    stream,
    async add(readings) {
      if (stream.destroyed) throw new ExportAbandoned();
      sheet.add(readings);
      for (const reading of readings) {
        tally.readings += 1;
        tally.results[reading.result] += 1;
        if (reading.backFilled) tally.backFilled += 1;
      }
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
    },
    async finish(heading) {
      sheet.commit();
      const summary = workbook.addWorksheet('Summary');
      summary.columns = [{ width: 22 }, { width: 60 }];
      const lines: [string, string | number][] = [
        ['Temperature log', ''],
        ['Range', heading.range],
        [heading.sites.length === 1 ? 'Site' : 'Sites', heading.sites.join(', ') || 'None'],
        ...heading.filters.map((filter): [string, string] => ['Filter', filter]),
        ['Readings', tally.readings],
        ['Pass', tally.results.PASS],
        ['Warn', tally.results.WARN],
        ['Fail', tally.results.FAIL],
        ['Back-filled', tally.backFilled],
        ['Generated at (UTC)', heading.generatedAt.toISOString()],
      ];
      for (const [label, value] of lines) summary.addRow([label, value]).commit();
      summary.commit();
      await workbook.commit();
    },
  };
}

/** `attachment` naming the file both plainly (ASCII) and exactly (UTF-8), as RFC 6266 allows. */
export function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers with the workbook as `writing` fills it. The headers are sent before the last row is read, so a
 * later failure is logged and the stream destroyed: the client sees a cut-off download, never a file that
 * looks complete.
 */
export function streamWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  workbook: ReadingWorkbook,
  fileName: string,
  writing: Promise<void>,
): FastifyReply {
  writing.catch((error: unknown) => {
    if (error instanceof ExportAbandoned) {
      request.log.info({ file: fileName }, 'temperature log export closed by the client');
      return;
    }
    request.log.error({ err: error, file: fileName }, 'temperature log export failed while streaming');
    workbook.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', xlsxType)
    .header('content-disposition', attachment(fileName))
    .send(workbook.stream);
}
