import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  readingSourceLabels,
  temperatureResultLabels,
  checkLabelOf,
  fromCelsius,
  logTypeLabels,
  ruleSetLegend,
  ruleSetOf,
  withNationalFigures,
  type NationalFigure,
  unitSymbols,
  type TemperatureResult,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { exportedReaderName } from './dto.js';
import type { ExportReading } from './repository.js';

// The temperature log as an inspector reads it: one XLSX written row by row with exceljs's streaming
// writer, so an export of any length holds about one batch of rows in memory. Times are the site's wall
// clock, written as spreadsheet dates so they sort and filter, shown in the order the site's locale writes
// them; temperatures and limits are converted from the API's °C to the sites' unit (readingWorkbook says
// which when sites differ), named on every row in the Unit column;
// failed readings are filled red and warnings amber; a second sheet sums the export up and a third, Rules,
// names each rule set the readings were judged by, its unit and where each of its figures comes from.

const resultFills: Record<TemperatureResult, ExcelJS.Fill | undefined> = {
  PASS: undefined,
  WARN: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEB9C' } },
  FAIL: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } },
};

/**
 * The console's date style (the contract's date words) on real date cells, which still sort and filter as
 * dates: "28 Nov 2026, 17:30" day first on a 24-hour clock, and America's "Nov 28, 2026, 5:30 PM", as
 * date-words.ts writes each locale.
 */
const localTimeFormat = (locale: string) =>
  locale === 'en-US' ? 'mmm d", "yyyy", "h:mm AM/PM' : 'd mmm yyyy", "hh:mm';

/** A column whose cells are dates, formatted in each row's locale. */
const localTime = 'local time';
/**
 * The sheet's columns. Text cells hold an index into the workbook's table of shared strings, each text
 * written once however many rows repeat it (a site, a label, an item, a person), except `ownText` columns:
 * text typed for one reading is written in its cell, so the table, which lives until the file's end, grows
 * with the names an export meets and not with its rows.
 */
const columns: { header: string; width: number; numFmt?: string; ownText?: true }[] = [
  { header: 'Site', width: 28 },
  { header: 'Read (local time)', width: 22, numFmt: localTime },
  { header: 'Received (local time)', width: 22, numFmt: localTime },
  { header: 'Back-filled', width: 11 },
  { header: 'Log type', width: 22 },
  { header: 'Check', width: 24 },
  { header: 'Item', width: 24 },
  { header: 'Equipment', width: 22 },
  { header: 'Reading', width: 12, numFmt: '0.0#' },
  { header: 'Lower limit', width: 15 },
  { header: 'Upper limit', width: 15 },
  { header: 'Unit', width: 6 },
  { header: 'Result', width: 9 },
  { header: 'Corrective action', width: 40, ownText: true },
  { header: 'Note', width: 30, ownText: true },
  { header: 'Read by', width: 22 },
  { header: 'Source', width: 10 },
];
/** The columns holding temperatures, whose headers name the unit when the whole sheet has one. */
const temperatureColumns = new Set(['Reading', 'Lower limit', 'Upper limit']);

/** Each column's letter, as a cell's reference starts. */
const columnLetters = columns.map((_, index) => String.fromCharCode(65 + index));
const ownText = columns.map((column) => column.ownText === true);

const millisecondsPerDay = 86_400_000;
/** Day 0 of a spreadsheet's dates (1899-12-30) is this many days before 1970-01-01. */
const spreadsheetEpochDays = 25_569;

/**
 * A wall-clock time (`YYYY-MM-DDTHH:MM:SS`, the site's) as a spreadsheet date, a number of days: spreadsheets
 * have no time zones, so the local time is counted as if it were UTC.
 */
const spreadsheetDate = (wallClock: string) =>
  Date.parse(`${wallClock}Z`) / millisecondsPerDay + spreadsheetEpochDays;

/**
 * A row's values, its temperatures in `unit`: text, or a number (dates are numbers in a spreadsheet, their
 * cell's format says how).
 */
const sheetRow = (reading: ExportReading, unit: TemperatureUnit): (string | number)[] => [
  reading.siteName,
  spreadsheetDate(reading.readLocal),
  spreadsheetDate(reading.receivedLocal),
  reading.backFilled ? 'Yes' : 'No',
  logTypeLabels[reading.logType],
  checkLabelOf(reading.logType, reading.checkKind, reading.jurisdiction),
  reading.temperatureItemName ?? reading.foodItemName ?? '',
  reading.equipmentName ?? '',
  fromCelsius(reading.celsius, unit),
  reading.lowerLimit === null ? '' : fromCelsius(reading.lowerLimit, unit),
  reading.upperLimit === null ? '' : fromCelsius(reading.upperLimit, unit),
  unitSymbols[unit],
  temperatureResultLabels[reading.result],
  reading.correctiveAction ?? '',
  reading.note ?? '',
  exportedReaderName(reading) ?? '',
  readingSourceLabels[reading.source],
];

/** Characters XML escapes, and those it cannot hold at all (control characters), which are dropped. */
// eslint-disable-next-line no-control-regex -- the control characters are what XML cannot hold
const xmlUnsafe = /[<>&\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
/** The characters XML cannot hold, dropped from a shared text before exceljs escapes the rest. */
// eslint-disable-next-line no-control-regex -- the control characters are what XML cannot hold
const xmlUnholdable = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const xmlEscapes: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
const xmlText = (text: string) => text.replace(xmlUnsafe, (character) => xmlEscapes[character] ?? '');
/** XML drops a text's leading and trailing spaces unless told to keep them. */
const spaceOf = (text: string) =>
  text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';

/**
 * The parts of exceljs's streaming writer the readings' rows are written through. exceljs builds a row
 * object, sixteen cell objects and their styles for every row and renders them through its XML builder:
 * 3 s of CPU for 100,000 readings, most of an export's time (bench/README.md). These rows are plain (text,
 * numbers, four styles), so they are written as the sheet's XML straight into the sheet's part of the
 * workbook, which exceljs still writes all else of: the header, columns, styles, the shared strings, other
 * sheets, the zip. All three are exceljs 4's own (the sheet's `stream`, the workbook's `styles` and
 * `sharedStrings`), pinned by the lockfile; the export's tests read every written row back with exceljs's
 * reader.
 */
interface SheetPart {
  stream: { write(xml: Buffer): unknown };
}
/** The size of the buffers the rows' XML is encoded into: about a thousand rows of readings each. */
const xmlChunkBytes = 512 * 1024;
interface WorkbookParts {
  styles: { addStyleModel(style: Partial<ExcelJS.Style>): number };
  /** The workbook's table of shared strings, which exceljs writes (escaped) when the workbook is committed. */
  sharedStrings: { add(text: string): number };
}

/**
 * The export's sheet of readings: rows are written as they are added, so it holds no rows in memory. Its
 * header goes first, so the unit it names is settled before the first row: `unit`, or none when each row
 * is written in its own site's unit (the Unit column says which).
 */
function readingSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  unit: TemperatureUnit | null,
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width }) => ({
    header: unit && temperatureColumns.has(header) ? `${header} (${unitSymbols[unit]})` : header,
    width,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  // Committing the header opens the sheet's rows, after which the readings' rows are written as XML.
  header.commit();
  const { styles, sharedStrings } = workbook as unknown as WorkbookParts;
  /** Each text met in a shared column, as the end of its cell: its index in the workbook's table. */
  const sharedCells = new Map<string, string>();
  const sharedCell = (text: string) => {
    let cell = sharedCells.get(text);
    if (cell === undefined) {
      cell = ` t="s"><v>${sharedStrings.add(text.replace(xmlUnholdable, ''))}</v></c>`;
      sharedCells.set(text, cell);
    }
    return cell;
  };
  /**
   * Each column's style for a result and a locale's dates: the workbook's style numbers (0: none), and
   * the attribute that names each in a cell.
   */
  const styleIds = new Map<string, { ids: number[]; attributes: string[] }>();
  const stylesOf = (result: TemperatureResult, locale: string) => {
    const key = `${result}|${locale}`;
    let found = styleIds.get(key);
    if (!found) {
      const fill = resultFills[result];
      const ids = columns.map(({ numFmt }) => {
        const format = numFmt === localTime ? localTimeFormat(locale) : numFmt;
        return format || fill
          ? styles.addStyleModel({ ...(format ? { numFmt: format } : {}), ...(fill ? { fill } : {}) })
          : 0;
      });
      found = { ids, attributes: ids.map((id) => (id === 0 ? '' : ` s="${id}"`)) };
      styleIds.set(key, found);
    }
    return found;
  };
  const part = sheet as unknown as SheetPart;
  let rowNumber = 1;
  return {
    add(readings: readonly ExportReading[]) {
      // Each row's XML is one string, encoded at once into a buffer of many rows, which is written when
      // full. A batch's rows joined into one string first (a rope of every row's pieces) took longer to
      // encode than to build, and kept each piece until then, out of the garbage collector's young space.
      let chunk = Buffer.allocUnsafe(xmlChunkBytes);
      let used = 0;
      for (const reading of readings) {
        rowNumber += 1;
        const number = String(rowNumber);
        const site = ruleSetOf(reading.siteJurisdiction);
        const style = stylesOf(reading.result, site.locale);
        const values = sheetRow(reading, unit ?? site.unit);
        let row = `<row r="${number}">`;
        for (let column = 0; column < values.length; column += 1) {
          const value = values[column];
          if (value === '' && style.ids[column] === 0) continue;
          row += `<c r="${columnLetters[column]}${number}"${style.attributes[column]}`;
          if (typeof value === 'number') row += `><v>${value}</v></c>`;
          // An empty cell of a filled row is still written, so the row's colour runs across the sheet.
          else if (value === '' || value === undefined) row += '/>';
          else if (ownText[column])
            row += ` t="inlineStr"><is><t${spaceOf(value)}>${xmlText(value)}</t></is></c>`;
          else row += sharedCell(value);
        }
        row += '</row>';
        // UTF-8 takes at most three bytes for each UTF-16 unit of a string.
        if (used + row.length * 3 > chunk.length) {
          if (used > 0) part.stream.write(chunk.subarray(0, used));
          chunk = Buffer.allocUnsafe(Math.max(xmlChunkBytes, row.length * 3));
          used = 0;
        }
        used += chunk.write(row, used);
      }
      if (used > 0) part.stream.write(chunk.subarray(0, used));
    },
    commit: () => sheet.commit(),
  };
}

/** What the summary sheet says about the export besides its counts. */
export interface ExportHeading {
  /** "2026-03-01 to 2026-03-07", in the sites' local dates. */
  range: string;
  sites: readonly string[];
  /** The other filters in words ("Result: Fail"). */
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

export interface ReadingWorkbook {
  stream: PassThrough;
  /** Writes a batch's rows, then waits while the reader is behind, so memory holds about one batch. */
  add(readings: readonly ExportReading[]): Promise<void>;
  /** The summary sheet, then the end of the file. */
  finish(heading: ExportHeading): Promise<void>;
}

/**
 * The workbook of an export. `units` are the units of the export's sites, where its caller knows them:
 * sites of one unit give a sheet in it, its headers naming it ("Reading (°F)"); sites of several give each
 * row in its own site's unit. Not told, the sheet takes its first reading's site's unit and writes every
 * row in it, so what a header names is always what its column holds. The Unit column says it on each row.
 * `nationalFigures` are the organisation's, which its Rules sheet prints for a set that takes them (the EU's).
 */
export function readingWorkbook(
  options: { units?: readonly TemperatureUnit[]; nationalFigures?: readonly NationalFigure[] } = {},
): ReadingWorkbook {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const told = options.units && [...new Set(options.units)];
  const sheetUnit = (first: ExportReading | undefined): TemperatureUnit | null => {
    if (told) return told.length === 1 ? (told[0] ?? null) : null;
    return ruleSetOf(first?.siteJurisdiction).unit;
  };
  let sheet: ReturnType<typeof readingSheet> | null = null;
  let unit: TemperatureUnit | null = null;
  const tally: Tally = { readings: 0, results: { PASS: 0, WARN: 0, FAIL: 0 }, backFilled: 0 };
  /** The rule sets the readings were judged by, in the order first met. */
  const judgedBy = new Set<string>();
  return {
    stream,
    async add(readings) {
      if (stream.destroyed) throw new ExportAbandoned();
      if (!sheet) {
        unit = sheetUnit(readings[0]);
        sheet = readingSheet(workbook, 'Readings', unit);
      }
      sheet.add(readings);
      for (const reading of readings) {
        tally.readings += 1;
        tally.results[reading.result] += 1;
        if (reading.backFilled) tally.backFilled += 1;
        judgedBy.add(reading.jurisdiction);
      }
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
    },
    async finish(heading) {
      if (!sheet) {
        unit = sheetUnit(undefined);
        sheet = readingSheet(workbook, 'Readings', unit);
      }
      sheet.commit();
      const sets = [...judgedBy].map((jurisdiction) =>
        withNationalFigures(ruleSetOf(jurisdiction), options.nationalFigures),
      );
      const summary = workbook.addWorksheet('Summary');
      summary.columns = [{ width: 22 }, { width: 60 }];
      const lines: [string, string | number][] = [
        ['Temperature log', ''],
        ['Range', heading.range],
        [heading.sites.length === 1 ? 'Site' : 'Sites', heading.sites.join(', ') || 'None'],
        ...heading.filters.map((filter): [string, string] => ['Filter', filter]),
        ['Temperatures in', unit ? unitSymbols[unit] : 'Each site’s unit, in the Unit column'],
        [sets.length === 1 ? 'Rule set' : 'Rule sets', sets.map((set) => set.name).join('; ') || 'None'],
        ['Readings', tally.readings],
        ...(Object.keys(tally.results) as TemperatureResult[]).map((result): [string, number] => [
          temperatureResultLabels[result],
          tally.results[result],
        ]),
        ['Back-filled', tally.backFilled],
        ['Generated at (UTC)', heading.generatedAt.toISOString()],
      ];
      for (const [label, value] of lines) summary.addRow([label, value]).commit();
      summary.commit();

      const rules = workbook.addWorksheet('Rules', { views: [{ state: 'frozen', ySplit: 1 }] });
      rules.columns = [
        { header: 'Rule set', width: 40 },
        { header: 'Check', width: 44 },
        { header: 'Figure', width: 40 },
        { header: 'Source', width: 70 },
      ];
      rules.getRow(1).font = { bold: true };
      rules.getRow(1).commit();
      for (const set of sets) {
        rules.addRow([set.name, 'Enforced by', set.authority]).commit();
        rules.addRow([set.name, 'Its unit', unitSymbols[set.unit]]).commit();
        for (const line of ruleSetLegend(set))
          rules.addRow([set.name, line.check, line.figure, line.source]).commit();
      }
      rules.addRow([]).commit();
      rules
        .addRow([
          'Each reading keeps the limits it was judged by (its item’s own, where an admin set them); these are ' +
            'its rule set’s figures and legal limits, in the set’s own unit.',
        ])
        .commit();
      rules.commit();
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
