import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  backFilledAfterMinutes,
  checkedSubjectLabels,
  lateSyncMinutes,
  ruleSetOf,
  unitSymbols,
} from '@console/shared-sdk/contract';
import { drainedOrClosed, ExportAbandoned } from '../../logs/index.js';
import { hoursLines, type PackReading, type PackTarget, type PackWriter } from './pack-content.js';
import {
  allVerifiedWords,
  chainWords,
  compactReadingWords,
  complianceResultWords,
  complianceStatusWords,
  correctiveKindWords,
  correctiveStateWords,
  dateWords,
  discardedWords,
  documentCategoryWords,
  documentExpiryWords,
  equipmentKindWords,
  excursionWords,
  instantWords,
  localWords,
  mismatchWords,
  moreUnverifiedWords,
  nearMissStatusWords,
  nearMissTitleWords,
  noCorrectiveActionsWords,
  noReviewsWords,
  notYetDueWords,
  packWritingOf,
  reopenedWords,
  reviewFoundWords,
  reviewPeriodWords,
  rangeWords,
  recordCheckVerdict,
  ruleSetWords,
  scoreWords,
  taskEntryWords,
  temperatureWords,
  timeWords,
} from './pack-words.js';

// The inspection pack as an XLSX, streamed with exceljs's WorkbookWriter: one sheet per section in the
// PDF's order (pack-content.ts), each committed before the next begins and every row committed as it is
// added, so the workbook never holds a section in memory. The Summary comes first, as in the PDF; the
// digest, known only once everything has been read, goes on the last sheet, "Digest". Every code of the
// contract is written through pack-words.ts, never as the code.

type Value = string | number | Date | null;

interface Column {
  header: string;
  width: number;
  /** Long text: wrapped, the row growing to fit it. */
  wrap?: boolean;
}

interface RowStyle {
  fill?: ExcelJS.Fill | null;
  bold?: boolean;
  italic?: boolean;
  /**
   * A detail of the row above it, its wrapped text indented. Not an outline level: a sheet with an outline's
   * summary-above setting and fit-to-page printing is written in an order Excel refuses (exceljs issue 1348).
   */
  detail?: boolean;
  /** Merged cells, as [first, last] column numbers (1-based): the row's height is then set to fit. */
  spans?: readonly (readonly [number, number])[];
  /** A line to write on: the row taller, its cells after the first ruled beneath. */
  toFill?: boolean;
}

interface Sheet {
  add(values: readonly Value[], style?: RowStyle): void;
  commit(): void;
}

const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });
const fills = {
  fail: solid('FFFFC7CE'),
  warn: solid('FFFFEB9C'),
  good: solid('FFC6EFCE'),
  head: solid('FFEEEEEE'),
} as const;

/** A date cell as the site's locale writes a date: "3 Nov 2026", America's "Nov 3, 2026" (date-words.ts). */
const dateFormatOf = (locale: string) => (locale === 'en-US' ? 'mmm d", "yyyy' : 'd mmm yyyy');
/** A local date as a date cell: Excel has no zones, so the site's date is written as a UTC midnight. */
const day = (date: string) => new Date(`${date}T00:00:00Z`);
/** Excel keeps at most this many characters in a cell. */
const cellMaxChars = 32_767;
/** Wider than this (in character widths), a sheet prints landscape. */
const portraitWidth = 100;
/** The points a wrapped line of the default font takes, and the characters a unit of column width holds. */
const lineHeight = 15;
const charsPerWidth = 1.05;

/** The site's name in a print header: `&` starts a code there, so it is doubled; Excel allows 255 characters. */
function printHeader(siteName: string, range: string): string {
  const characters = [...siteName];
  const name = characters.length > 100 ? `${characters.slice(0, 99).join('')}…` : siteName;
  return `&L${name.replace(/&/g, '&&')} · Inspection pack · ${range}`;
}

const cellValue = (value: Value) =>
  typeof value === 'string' && value.length > cellMaxChars ? `${value.slice(0, cellMaxChars - 1)}…` : value;

/** The lines `text` takes wrapped in `width` units of column width. */
const linesOf = (text: string, width: number) =>
  text
    .split('\n')
    .reduce(
      (lines, paragraph) => lines + Math.max(1, Math.ceil(paragraph.length / (width * charsPerWidth))),
      0,
    );

const distinct = (names: readonly string[]) => [...new Set(names.filter((name) => name !== ''))];

/** A reading worth a row of its own: failed, warned, or above its legal limit. */
const isExcursion = (reading: PackReading) => reading.result !== 'PASS' || reading.aboveLegalLimit;
const excursionFill = (reading: PackReading) =>
  reading.result === 'FAIL' || reading.aboveLegalLimit ? fills.fail : fills.warn;

export interface XlsxPack {
  stream: PassThrough;
  writer: PackWriter;
}

export function xlsxPack(target: PackTarget): XlsxPack {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const zone = target.site.timeZoneId;
  const writing = packWritingOf(target.site);
  const rules = ruleSetOf(target.site.jurisdiction);
  const dateFormat = dateFormatOf(writing.locale);
  const range = rangeWords(target.startDate, target.endDate, writing);
  const headerFooter = { oddHeader: printHeader(target.site.name, range), oddFooter: '&RPage &P of &N' };

  /** Stops for a client that went away, and waits while it is behind, so memory holds about one section. */
  async function flow() {
    // The rows reach `stream` through the zip's deflate, off this turn of the event loop: let it run first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stream.destroyed) throw new ExportAbandoned();
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
  }
  const stillWanted = () => {
    if (stream.destroyed) throw new ExportAbandoned();
  };

  /**
   * A sheet whose first row, frozen and repeated on every printed page, names the columns. `filter` puts
   * the header's filter buttons on it; `head` replaces the column names in that first row.
   */
  function sheet(
    name: string,
    columns: readonly Column[],
    options: { filter?: boolean; head?: readonly string[] } = {},
  ): Sheet {
    const width = columns.reduce((sum, column) => sum + column.width, 0);
    const worksheet = workbook.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: 1 }],
      pageSetup: {
        paperSize: 9,
        orientation: width > portraitWidth ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '1:1',
      },
      headerFooter,
    });
    worksheet.columns = columns.map((column) => ({
      width: column.width,
      style: { alignment: { vertical: 'top', wrapText: column.wrap ?? false } },
    }));
    if (options.filter)
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

    function add(values: readonly Value[], style: RowStyle = {}) {
      const row = worksheet.addRow(values.map(cellValue));
      values.forEach((value, index) => {
        if (value instanceof Date) row.getCell(index + 1).numFmt = dateFormat;
      });
      if (style.fill)
        for (let column = 1; column <= columns.length; column += 1) row.getCell(column).fill = style.fill;
      if (style.bold || style.italic) row.font = { bold: style.bold ?? false, italic: style.italic ?? false };
      if (style.detail)
        values.forEach((value, index) => {
          if (typeof value === 'string' && value !== '' && columns[index]?.wrap)
            row.getCell(index + 1).alignment = { vertical: 'top', wrapText: true, indent: 1 };
        });
      if (style.toFill) {
        row.height = 2 * lineHeight;
        for (let column = 2; column <= columns.length; column += 1)
          row.getCell(column).border = { bottom: { style: 'thin', color: { argb: 'FF777777' } } };
      }
      if (style.spans && style.spans.length > 0) {
        // Excel does not fit a row to text in merged cells: the height is reckoned from the text.
        const { spans } = style;
        const lines = values.map((value, index) => {
          const span = spans.find(([first]) => first === index + 1);
          if (typeof value !== 'string' || !(span ?? columns[index]?.wrap)) return 1;
          const spanned = columns.slice(index, span ? span[1] : index + 1);
          return linesOf(
            value,
            spanned.reduce((sum, column) => sum + column.width, 0),
          );
        });
        for (const [first, last] of spans) {
          row.getCell(first).alignment = { vertical: 'top', wrapText: true };
          worksheet.mergeCells(row.number, first, row.number, last);
        }
        const height = Math.max(1, ...lines) * lineHeight;
        if (height > (row.height || lineHeight)) row.height = height;
      }
      row.commit();
    }

    add(options.head ?? columns.map((column) => column.header), { bold: true, fill: fills.head });
    return { add, commit: () => worksheet.commit() };
  }

  // The readings' sheet stays open across the days, begun with the first.
  let readings: Sheet | null = null;
  const readingSheet = () =>
    sheet(
      'Readings',
      [
        { header: 'Date', width: 13 },
        { header: 'Time', width: 7 },
        { header: 'Item', width: 30, wrap: true },
        { header: 'Check', width: 28, wrap: true },
        { header: 'Passes when', width: 22, wrap: true },
        {
          header: `Readings (time, ${unitSymbols[writing.unit]}), or the reading in full`,
          width: 70,
          wrap: true,
        },
        { header: 'Read by', width: 26, wrap: true },
      ],
      { filter: true },
    );

  const writer: PackWriter = {
    async summary(site, first) {
      stillWanted();
      // A: labels and dates; B: times and references; C to E: what each table says. Label-and-value rows
      // span B to E.
      const summary = sheet(
        'Summary',
        [
          { header: '', width: 18 },
          { header: '', width: 11 },
          { header: '', width: 30, wrap: true },
          { header: '', width: 30, wrap: true },
          { header: '', width: 62, wrap: true },
        ],
        { head: ['Inspection pack', `${site.site.name} · ${range}`] },
      );
      const pair = (label: string, value: string, style: RowStyle = {}) =>
        summary.add([label, value], { ...style, spans: [[2, 5]] });
      const heading = (text: string) => {
        summary.add([]);
        summary.add([text], { bold: true, fill: fills.head, spans: [[1, 5]] });
      };
      const columnsOf = (headers: readonly string[], spans: RowStyle['spans'] = []) =>
        summary.add(headers, { bold: true, spans });
      const none = (text: string) => summary.add([text], { italic: true, spans: [[1, 5]] });

      pair('Site', site.site.name);
      pair('Address', site.site.address);
      pair('Time zone', `${zone}: every date and time in this file is the site’s local time.`);
      pair('Rules', `${ruleSetWords(rules)} The sheet ‘Rules’ cites where each figure comes from.`);
      hoursLines(site.site.timing, (time) => timeWords(time, writing)).forEach((line, index) =>
        pair(index === 0 ? 'Opening hours' : '', line),
      );
      pair('Records of', range);
      if (first.firstRecordDate === null) pair('', 'The site has no tasks or readings in these dates.');
      else if (first.firstRecordDate > site.startDate)
        pair(
          '',
          `The site’s records begin on ${dateWords(first.firstRecordDate, writing)}; no day before it is listed.`,
        );
      pair('Score', scoreWords(first.score), { bold: true });
      pair('Record check', recordCheckVerdict(first.recordCheck), {
        bold: true,
        fill: first.recordCheck.intact ? fills.good : fills.fail,
      });

      heading('Sign-off');
      summary.add([`Prepared by ${site.producer.name}, ${site.producer.role}.`], {
        spans: [[1, 5]],
      });
      for (const label of ['Reviewed by', 'Role', 'Date', 'Signature'])
        summary.add([label, ''], { toFill: true, spans: [[2, 5]] });
      summary.add([]);
      pair(
        'Authenticity',
        `Check this file is authentic at ${site.verifyUrl}; any change to the file makes it unrecognised.`,
      );
      pair('Digest', 'The digest is on the sheet ‘Digest’.');
      pair(
        'How to read it',
        'Failed readings are tinted red and warnings amber, each with its corrective action. ' +
          `“Back-filled” marks a reading entered more than ${backFilledAfterMinutes} minutes after it was taken, ` +
          '“sensor” one a wireless sensor logged on its own (read by the sensor it names), ' +
          `“synced late” a completion that reached the server more than ${lateSyncMinutes} minutes after it was ` +
          'made, and “entered after the fact” an admin’s correction. A corrective action awaiting action is ' +
          'tinted red, and one awaiting verification amber.',
      );

      heading(`Excursions (${first.excursions.length})`);
      if (first.excursions.length === 0) none('No reading failed or went above its legal limit.');
      else {
        columnsOf(['Date', 'Time', 'Item', 'Check', 'What was read, its limits and the corrective action']);
        for (const reading of first.excursions)
          summary.add(
            [
              day(reading.date),
              timeWords(reading.time, writing),
              reading.item,
              reading.check,
              excursionWords(reading, writing),
            ],
            { fill: excursionFill(reading) },
          );
      }

      heading(`Missed and failed tasks (${first.taskProblems.length})`);
      if (first.taskProblems.length === 0) none('Every task due was done, and no checklist line failed.');
      else {
        columnsOf(['Date', '', 'Task and what happened'], [[3, 5]]);
        for (const entry of first.taskProblems)
          summary.add([day(entry.date), '', taskEntryWords(entry, writing)], {
            fill: entry.bucket === 'INCOMPLETE' ? fills.fail : fills.warn,
            spans: [[3, 5]],
          });
      }

      const { unverifiedActions } = first;
      const unverifiedCount = unverifiedActions.first.length + unverifiedActions.more;
      heading(`Corrective actions not verified (${unverifiedCount})`);
      if (unverifiedCount === 0) none(allVerifiedWords(first.correctiveActionCount));
      else {
        columnsOf(['When', 'Reference', 'Deviation', '', 'State'], [[3, 4]]);
        for (const action of unverifiedActions.first)
          summary.add(
            [
              instantWords(action.occurredAt, writing),
              action.ref,
              action.deviation,
              '',
              correctiveStateWords(action),
            ],
            { fill: action.state === 'OPEN' ? fills.fail : fills.warn, spans: [[3, 4]] },
          );
        if (unverifiedActions.more > 0)
          none(moreUnverifiedWords(unverifiedActions.more, 'the sheet ‘Corrective actions’'));
      }

      heading(`Open near misses (${first.openNearMisses.length})`);
      if (first.openNearMisses.length === 0) none('No near miss is open.');
      else {
        columnsOf(['When', 'Reference', 'What', '', 'Status'], [[3, 4]]);
        for (const report of first.openNearMisses)
          summary.add(
            [
              instantWords(report.occurredAt, writing),
              report.logID,
              nearMissTitleWords(report),
              '',
              nearMissStatusWords(report),
            ],
            { spans: [[3, 4]] },
          );
      }

      heading(`Documents expired or expiring (${first.documentsDue.length})`);
      if (first.documentsDue.length === 0) none('No document has expired or expires soon.');
      else {
        columnsOf(['Expires', '', 'Document', 'Category', 'State']);
        for (const document of first.documentsDue)
          summary.add(
            [
              document.expiresOn ? day(document.expiresOn) : '',
              '',
              document.name,
              documentCategoryWords(document),
              documentExpiryWords(document),
            ],
            { fill: document.expiry === 'EXPIRED' ? fills.fail : fills.warn },
          );
      }
      summary.commit();
      await flow();
    },

    async equipment(lines, legend) {
      stillWanted();
      const equipment = sheet(
        'Equipment',
        [
          { header: 'Item', width: 36, wrap: true },
          { header: 'Kind', width: 18 },
          { header: 'Log type', width: 26, wrap: true },
          { header: 'Check', width: 26, wrap: true },
          { header: 'Passes when', width: 36, wrap: true },
        ],
        { filter: true },
      );
      if (lines.length === 0)
        equipment.add(['No fridges, freezers, probes or food items are set up.'], { italic: true });
      for (const line of lines) {
        const kind = equipmentKindWords(line.kind);
        if (line.checks.length === 0) equipment.add([line.name, kind, 'Not read in these dates', '', '']);
        for (const check of line.checks)
          equipment.add([line.name, kind, check.logType, check.check, check.limits]);
      }
      equipment.commit();

      const rulesSheet = sheet(
        'Rules',
        [
          { header: 'Log type and check', width: 40, wrap: true },
          { header: 'Passes when', width: 36, wrap: true },
          { header: 'Source', width: 70, wrap: true },
        ],
        { head: ['Rules', rules.name] },
      );
      rulesSheet.add(['Enforced by', rules.authority]);
      rulesSheet.add(['Unit', `${unitSymbols[rules.unit]}: every temperature in this file`]);
      rulesSheet.add([
        'How to read it',
        'Each item is judged by its own limits where an admin set them (the sheet ‘Equipment’); these are the ' +
          'rule set’s figures, in its own unit, and where each comes from.',
      ]);
      rulesSheet.add([]);
      rulesSheet.add(['Log type and check', 'Passes when', 'Source'], { bold: true, fill: fills.head });
      for (const line of legend) rulesSheet.add([line.check, line.figure, line.source]);
      rulesSheet.commit();
      await flow();
    },

    async tasks(days, totals) {
      stillWanted();
      const tasks = sheet(
        'Tasks',
        [
          { header: 'Date', width: 13 },
          { header: 'Due', width: 6 },
          { header: 'On time', width: 8 },
          { header: 'Late', width: 6 },
          { header: 'Missed', width: 8 },
          { header: 'Score', width: 7 },
          { header: 'Missed, failed and late tasks', width: 64, wrap: true },
          { header: 'Notes on a failed line', width: 50, wrap: true },
        ],
        { filter: true },
      );
      const firstDay = days[0];
      if (!firstDay) tasks.add(['The site has no tasks or readings in these dates.'], { italic: true });
      else if (firstDay.date > target.startDate)
        tasks.add(
          [`The site’s records begin on ${dateWords(firstDay.date, writing)}; no day before it is listed.`],
          {
            italic: true,
          },
        );
      for (const [index, taskDay] of days.entries()) {
        tasks.add(
          [
            day(taskDay.date),
            taskDay.due,
            taskDay.onTime,
            taskDay.late,
            taskDay.missed,
            taskDay.score,
            notYetDueWords(taskDay),
          ],
          { fill: taskDay.missed > 0 ? fills.fail : null },
        );
        for (const entry of taskDay.entries) {
          // The entry's words without its failed lines, which follow on rows of their own with their notes.
          tasks.add(
            [
              day(taskDay.date),
              null,
              null,
              null,
              null,
              null,
              taskEntryWords({ ...entry, failedLines: [] }, writing),
            ],
            {
              detail: true,
              fill: entry.bucket === 'INCOMPLETE' ? fills.fail : null,
            },
          );
          for (const line of entry.failedLines)
            tasks.add(
              [
                day(taskDay.date),
                null,
                null,
                null,
                null,
                null,
                `Failed “${line.item}”`,
                line.notes.join('; '),
              ],
              {
                detail: true,
                fill: fills.fail,
              },
            );
        }
        if (index % 50 === 49) await flow();
      }
      tasks.add(
        [
          'Over these dates',
          totals.due,
          totals.onTime,
          totals.late,
          totals.missed,
          totals.score,
          scoreWords(totals),
        ],
        { bold: true },
      );
      tasks.commit();
      await flow();
    },

    async readingDay(readingDay) {
      stillWanted();
      readings ??= readingSheet();
      const date = day(readingDay.date);
      for (const line of readingDay.lines) {
        readings.add([
          date,
          null,
          line.item,
          line.check,
          line.limits,
          line.readings.map((reading) => compactReadingWords(reading, writing)).join(' · '),
          distinct(line.readings.map((reading) => reading.readBy)).join(', '),
        ]);
        for (const reading of line.readings.filter(isExcursion))
          readings.add(
            [
              date,
              timeWords(reading.time, writing),
              line.item,
              line.check,
              null,
              excursionWords(reading, writing),
              reading.readBy,
            ],
            {
              detail: true,
              fill: excursionFill(reading),
            },
          );
      }
      await flow();
    },

    async readingChanges(corrections, deletions) {
      stillWanted();
      if (readings === null) {
        readings = readingSheet();
        readings.add(['No temperature readings in these dates.'], { italic: true });
      }
      readings.commit();

      const corrected = sheet(
        'Corrections',
        [
          { header: 'Reading taken', width: 17 },
          { header: 'Item', width: 28, wrap: true },
          { header: 'Check', width: 26, wrap: true },
          { header: 'Original value', width: 10 },
          { header: 'New value', width: 10 },
          { header: 'Also changed', width: 20, wrap: true },
          { header: 'Changed by', width: 20, wrap: true },
          { header: 'Changed on', width: 17 },
          { header: 'Reason', width: 44, wrap: true },
        ],
        { filter: true },
      );
      if (corrections.length === 0)
        corrected.add(['No reading of these dates was changed after it was taken.'], { italic: true });
      for (const correction of corrections)
        corrected.add([
          localWords(correction.read, writing),
          correction.item,
          correction.check,
          temperatureWords(correction.before, writing),
          temperatureWords(correction.after, writing),
          correction.otherChanges.join(', '),
          correction.by,
          instantWords(correction.at, writing),
          correction.reason,
        ]);
      corrected.commit();

      const deleted = sheet(
        'Deleted readings',
        [
          { header: 'Reading taken', width: 17 },
          { header: 'Item', width: 28, wrap: true },
          { header: 'Check', width: 26, wrap: true },
          { header: 'Value', width: 10 },
          { header: 'Deleted by', width: 20, wrap: true },
          { header: 'Deleted on', width: 17 },
          { header: 'Reason', width: 44, wrap: true },
        ],
        { filter: true },
      );
      if (deletions.length === 0) deleted.add(['No reading of these dates was deleted.'], { italic: true });
      for (const deletion of deletions)
        deleted.add([
          localWords(deletion.read, writing),
          deletion.item,
          deletion.check,
          temperatureWords(deletion.celsius, writing),
          deletion.by,
          instantWords(deletion.at, writing),
          deletion.reason,
        ]);
      deleted.commit();
      await flow();
    },

    async complianceLogs(logs) {
      stillWanted();
      const logSheet = sheet(
        'Compliance logs',
        [
          { header: 'Submitted', width: 17 },
          { header: 'Reference', width: 12 },
          { header: 'Log', width: 34, wrap: true },
          { header: 'Result', width: 9 },
          { header: 'Failed answers', width: 9 },
          { header: 'Status', width: 17 },
          { header: 'By', width: 20, wrap: true },
          { header: 'Back-filled', width: 10 },
          { header: 'Note', width: 36, wrap: true },
          { header: 'Review note', width: 36, wrap: true },
          { header: 'Reviewed by', width: 20, wrap: true },
        ],
        { filter: true },
      );
      if (logs.length === 0) logSheet.add(['No compliance logs in these dates.'], { italic: true });
      for (const log of logs)
        logSheet.add(
          [
            instantWords(log.submittedAt, writing),
            log.logID,
            log.title,
            complianceResultWords(log),
            log.failedCount,
            complianceStatusWords(log),
            log.submittedBy.name,
            log.backFilled ? 'Back-filled' : '',
            log.note ?? '',
            log.reviewNote ?? '',
            log.reviewedBy?.name ?? '',
          ],
          { fill: log.result === 'FAIL' ? fills.fail : null },
        );
      logSheet.commit();
      await flow();
    },

    async nearMisses(reports) {
      stillWanted();
      const reportSheet = sheet(
        'Near misses',
        [
          { header: 'When', width: 17 },
          { header: 'Reference', width: 12 },
          { header: 'What', width: 32, wrap: true },
          { header: 'What happened', width: 44, wrap: true },
          { header: 'Where', width: 18, wrap: true },
          { header: 'Injuries', width: 24, wrap: true },
          { header: 'Immediate action', width: 36, wrap: true },
          { header: 'Status', width: 18 },
          { header: 'Outcome', width: 36, wrap: true },
          { header: 'Open follow-ups', width: 10 },
        ],
        { filter: true },
      );
      if (reports.length === 0)
        reportSheet.add(['No near misses reported in these dates.'], { italic: true });
      for (const report of reports)
        reportSheet.add([
          instantWords(report.occurredAt, writing),
          report.logID,
          nearMissTitleWords(report),
          report.whatHappened,
          report.location,
          report.injuries,
          report.immediateAction,
          nearMissStatusWords(report),
          report.outcome ?? '',
          report.openFollowUps,
        ]);
      reportSheet.commit();
      await flow();
    },

    async correctiveActions(actions) {
      stillWanted();
      const actionSheet = sheet(
        'Corrective actions',
        [
          { header: 'When', width: 17 },
          { header: 'Reference', width: 11 },
          { header: 'Deviation kind', width: 26, wrap: true },
          { header: 'Deviation', width: 44, wrap: true },
          { header: 'State', width: 18, wrap: true },
          { header: 'What was done', width: 40, wrap: true },
          { header: 'Food discarded', width: 24, wrap: true },
          { header: 'Recorded by', width: 20, wrap: true },
          { header: 'Recorded on', width: 17 },
          { header: 'Verified by', width: 20, wrap: true },
          { header: 'Verified on', width: 17 },
          { header: 'Verification note', width: 36, wrap: true },
          { header: 'Reopened', width: 36, wrap: true },
        ],
        { filter: true },
      );
      if (actions.length === 0) actionSheet.add([noCorrectiveActionsWords], { italic: true });
      for (const [index, action] of actions.entries()) {
        actionSheet.add(
          [
            instantWords(action.occurredAt, writing),
            action.ref,
            correctiveKindWords(action),
            action.deviation,
            correctiveStateWords(action),
            action.actionTaken ?? '',
            discardedWords(action),
            action.recordedBy ?? '',
            action.recordedAt ? instantWords(action.recordedAt, writing) : '',
            action.verifiedBy ?? '',
            action.verifiedAt ? instantWords(action.verifiedAt, writing) : '',
            action.verificationNote ?? '',
            reopenedWords(action),
          ],
          {
            fill:
              action.state === 'OPEN' ? fills.fail : action.state === 'ACTION_RECORDED' ? fills.warn : null,
          },
        );
        if (index % 200 === 199) await flow();
      }
      actionSheet.commit();
      await flow();
    },

    async reviews(reviews) {
      stillWanted();
      const reviewSheet = sheet(
        'Four-weekly reviews',
        [
          { header: 'Four weeks', width: 30, wrap: true },
          { header: 'From', width: 13 },
          { header: 'To', width: 13 },
          { header: 'Signed by', width: 20, wrap: true },
          { header: 'Signed on', width: 17 },
          { header: 'Notes', width: 50, wrap: true },
          { header: 'Changes', width: 50, wrap: true },
          { header: 'Found', width: 44, wrap: true },
        ],
        { filter: true },
      );
      if (reviews.length === 0) reviewSheet.add([noReviewsWords], { italic: true });
      for (const review of reviews)
        reviewSheet.add([
          reviewPeriodWords(review, writing),
          day(review.periodStart),
          day(review.periodEnd),
          review.signedBy ?? '',
          instantWords(review.signedAt, writing),
          review.notes,
          review.changes,
          reviewFoundWords(review),
        ]);
      reviewSheet.commit();
      await flow();
    },

    async documents(documents) {
      stillWanted();
      const documentSheet = sheet(
        'Documents',
        [
          { header: 'Document', width: 40, wrap: true },
          { header: 'Of', width: 22, wrap: true },
          { header: 'Category', width: 20 },
          { header: 'Expires', width: 13 },
          { header: 'State', width: 16 },
          { header: 'Files', width: 40, wrap: true },
        ],
        { filter: true },
      );
      if (documents.length === 0)
        documentSheet.add(['No documents are filed for the site or the organisation.'], { italic: true });
      for (const document of documents)
        documentSheet.add(
          [
            document.name,
            document.siteID === null ? 'Whole organisation' : (document.siteName ?? target.site.name),
            documentCategoryWords(document),
            document.expiresOn ? day(document.expiresOn) : 'Does not expire',
            documentExpiryWords(document),
            document.files.map((file) => file.originalName).join(', '),
          ],
          {
            fill:
              document.expiry === 'EXPIRED' ? fills.fail : document.expiry === 'EXPIRING' ? fills.warn : null,
          },
        );
      documentSheet.commit();
      await flow();
    },

    async recordCheck(check) {
      stillWanted();
      const checkSheet = sheet(
        'Record check',
        [
          { header: 'Record-history check', width: 30, wrap: true },
          { header: '', width: 100, wrap: true },
        ],
        {
          head: ['Record-history check', `Records of ${rangeWords(check.startDate, check.endDate, writing)}`],
        },
      );
      checkSheet.add(['Verdict', recordCheckVerdict(check)], {
        bold: true,
        fill: check.intact ? fills.good : fills.fail,
      });
      checkSheet.add(['History chain', chainWords(check)], { fill: check.chain.valid ? null : fills.fail });
      checkSheet.add(['Checked on', `${instantWords(check.checkedAt, writing)} (${zone})`]);
      for (const subject of check.subjects)
        checkSheet.add([
          checkedSubjectLabels[subject.subject],
          `${subject.checked} checked, ${subject.mismatched} differ from their history`,
        ]);
      const differing = check.subjects.reduce((sum, subject) => sum + subject.mismatched, 0);
      if (check.mismatches.length > 0) checkSheet.add([]);
      for (const mismatch of check.mismatches)
        checkSheet.add(['Differs from its history', mismatchWords(mismatch)], { fill: fills.fail });
      if (differing > check.mismatches.length)
        checkSheet.add(
          ['', `The first ${check.mismatches.length} of ${differing} records that differ are listed.`],
          {
            italic: true,
          },
        );
      checkSheet.commit();
      await flow();
    },

    async finish(summary) {
      stillWanted();
      const { sections } = summary;
      const digest = sheet(
        'Digest',
        [
          { header: 'Digest', width: 30, wrap: true },
          { header: '', width: 100, wrap: true },
        ],
        { head: ['Digest', `${target.site.name} · ${range}`] },
      );
      digest.add(['Content digest (SHA-256)', summary.digest], { bold: true });
      digest.add([
        'What it covers',
        'The SHA-256 of this pack’s content: every record it lists, as it reads now. The same records give the ' +
          'same digest, whether in the PDF or this file; a fresh preview of the same site and dates gives it ' +
          'while no record changed.',
      ]);
      digest.add([
        'Authenticity',
        `Check this file is authentic at ${target.verifyUrl}; any change to the file makes it unrecognised.`,
      ]);
      digest.add(['Generated', `${instantWords(summary.generatedAt.toISOString(), writing)} (${zone})`]);
      digest.add([]);
      digest.add(['What the pack holds', ''], { bold: true, fill: fills.head });
      const { temperature, tasks, complianceLogs, nearMisses, correctiveActions, reviews, documents } =
        sections;
      const counted: [string, Value][] = [
        ['Equipment items', sections.equipment.items],
        [
          'Temperature readings',
          `${temperature.readings} (${temperature.failed} failed, ${temperature.warned} warned, ${temperature.backFilled} back-filled)`,
        ],
        ['Tasks', scoreWords(tasks)],
        ['Failed checklist lines', tasks.failedChecklistItems],
        ['Compliance logs', `${complianceLogs.total} (${complianceLogs.failed} failed)`],
        ['Near misses', `${nearMisses.total} (${nearMisses.open} open)`],
        [
          'Corrective actions',
          `${correctiveActions.total} (${correctiveActions.awaitingAction} awaiting action, ` +
            `${correctiveActions.awaitingVerification} awaiting verification, ${correctiveActions.verified} verified)`,
        ],
        ['Four-weekly reviews', `${reviews.signed} signed`],
        [
          'Documents',
          `${documents.total} (${documents.expiring} expiring soon, ${documents.expired} expired)`,
        ],
        ['Record check', recordCheckVerdict(summary.recordCheck)],
      ];
      for (const [label, value] of counted) digest.add([label, value]);
      digest.commit();
      await workbook.commit();
    },
  };
  return { stream, writer };
}
