import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { checkedSubjectLabels, ruleSetOf, unitSymbols, type RecordCheck } from '@console/shared-sdk/contract';
import { ExportAbandoned } from '../../logs/index.js';
import { packFonts, printable, unprintablePlaceholder } from './pack-fonts.js';
import { addDays } from '../../sites/index.js';
import {
  hoursLines,
  type PackReading,
  type PackReadingDay,
  type PackReadingLine,
  type PackTarget,
  type PackWriter,
} from './pack-content.js';
import {
  allVerifiedWords,
  chainWords,
  compactReadingWords,
  complianceResultWords,
  complianceStatusWords,
  correctionWords,
  correctiveKindWords,
  correctiveOutcomeWords,
  correctiveStateWords,
  dateWords,
  dayWords,
  deletionWords,
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
  rangeWords,
  recordCheckVerdict,
  reviewFoundWords,
  reviewPeriodWords,
  reviewSignedWords,
  ruleSetWords,
  scoreWords,
  taskEntryWords,
  temperatureWords,
  timeWords,
  weekDayWords,
  type PackWriting,
} from './pack-words.js';

// The inspection pack as a PDF (pdfkit), A4 portrait in DejaVu Sans (pack-fonts.ts). The first page says
// what went wrong and carries the sign-off and the verify address with its QR code; the sections follow in
// the order of pack-content.ts. Passing readings are compact (a week's grid per item), so a busy site's
// quarter is tens of pages rather than hundreds. Each page's drawing goes out as soon as the page is done;
// its running head and its foot ("Page N of M" and the digest, both known only at the end) are drawn then,
// in a second content stream of its own.

const margin = 40;
const fills = { FAIL: '#fde2e1', WARN: '#fff1cc', BAD: '#fde2e1', HEAD: '#eeeeee' } as const;
const ink = { muted: '#555555', good: '#1b5e20', bad: '#b71c1c', black: '#000000' } as const;

interface Column {
  header: string;
  width: number;
}

type Fill = string | null;

/** The parts of pdfkit's page the early flush uses: pdfkit's own, not in its declarations. */
interface PageStreams {
  content: PDFKit.PDFKitReference;
  dictionary: { data: { Contents: unknown } };
}

const pageStreams = (page: PDFKit.PDFPage) => page as unknown as PageStreams;

/** The document's embedded fonts, each with its cache of laid-out words: pdfkit's own, not declared. */
interface FontCaches {
  _fontFamilies: Record<string, { layoutCache?: Record<string, unknown> }>;
}

/**
 * Empties each font's cache of laid-out words. pdfkit keeps every distinct word it has laid out for the
 * life of the document, and a year of readings prints tens of thousands (times, values, spans), which grew
 * the year's pack by 45 MB; emptied at each page, it holds one page's words, and a page lays out no slower.
 */
function forgetLaidOutWords(doc: PDFKit.PDFDocument) {
  for (const font of Object.values((doc as unknown as FontCaches)._fontFamilies)) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }
}

export interface PdfPack {
  document: PDFKit.PDFDocument;
  writer: PackWriter;
}

/** The most readings a day's cell lists one by one; more (a logger's) are summed up, their failures in full below. */
const listedPerCell = 8;

/** An item's readings of a day in its week's cell: each one, or how many and their span when there are many. */
export function dayCellWords(readings: readonly PackReading[], writing: PackWriting): string {
  if (readings.length <= listedPerCell)
    return readings.map((reading) => compactReadingWords(reading, writing)).join('\n');
  const values = readings.map((reading) => reading.celsius);
  const flagged = readings.filter((reading) => reading.result !== 'PASS' || reading.aboveLegalLimit).length;
  const first = readings[0];
  const last = readings.at(-1);
  return [
    `${readings.length} readings`,
    `${first ? timeWords(first.time, writing) : ''}–${last ? timeWords(last.time, writing) : ''}`,
    `${temperatureWords(Math.min(...values), writing)} to ${temperatureWords(Math.max(...values), writing)}`,
    ...(flagged > 0 ? [`${flagged} not passed: below`] : []),
  ].join('\n');
}

/** The Monday of a local date's week. */
const mondayOf = (date: string) => addDays(date, 1 - (new Date(`${date}T00:00:00Z`).getUTCDay() || 7));

export function pdfPack(target: PackTarget): PdfPack {
  const writing = packWritingOf(target.site);
  const rules = ruleSetOf(target.site.jurisdiction);
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    info: {
      Title: printable(
        `Inspection pack: ${target.site.name}, ${rangeWords(target.startDate, target.endDate, writing)}`,
      ),
      Author: 'Compliance Console',
    },
  });
  doc.registerFont('Sans', packFonts.regular);
  doc.registerFont('Sans-Bold', packFonts.bold);
  doc.registerFont('Mono', packFonts.mono);
  const zone = target.site.timeZoneId;
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin - 14;
  const startPage = () => {
    doc.fillColor(ink.black).font('Sans').fontSize(9);
    doc.x = margin;
    doc.y = margin;
  };
  // A page's drawing goes out, compressed, as soon as the next page starts; what is kept for the end is
  // the page's dictionary and a second, empty content stream (a page's /Contents may be several), where its
  // head and foot are drawn once the number of pages and the digest are known. So the pack's memory does not
  // grow with its pages (nor, with forgetLaidOutWords, with the words they print).
  let drawing = pageStreams(doc.page);
  doc.on('pageAdded', () => {
    const finished = drawing;
    const main = finished.content;
    main.end(null);
    finished.content = doc.ref({});
    finished.dictionary.data.Contents = [main, finished.content];
    drawing = pageStreams(doc.page);
    forgetLaidOutWords(doc);
    startPage();
  });
  startPage();

  const heading = (text: string, size = 13) => {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.moveDown(0.8).font('Sans-Bold').fontSize(size).text(printable(text), margin, doc.y, { width });
    doc.moveDown(0.3).font('Sans').fontSize(9);
  };
  const paragraph = (text: string, options: { bold?: boolean; color?: string; size?: number } = {}) => {
    doc
      .font(options.bold ? 'Sans-Bold' : 'Sans')
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? ink.black)
      .text(printable(text), margin, doc.y, { width });
    doc.fillColor(ink.black).font('Sans').fontSize(9);
  };

  /** A table's rows, its header again at the top of each page it runs onto. */
  function table(
    columns: readonly Column[],
    rows: readonly (readonly string[])[],
    fillOf?: (row: number) => Fill,
  ) {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * width);
    const draw = (raw: readonly string[], bold: boolean, fill: Fill) => {
      const cells = raw.map((cell) => printable(cell));
      doc.font(bold ? 'Sans-Bold' : 'Sans').fontSize(7.5);
      const height =
        Math.max(
          ...cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: (widths[index] ?? 0) - 6 })),
        ) + 5;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold)
          draw(
            columns.map((column) => column.header),
            true,
            fills.HEAD,
          );
        doc.font(bold ? 'Sans-Bold' : 'Sans').fontSize(7.5);
      }
      const top = doc.y;
      if (fill) doc.rect(margin, top, width, height).fill(fill).fillColor(ink.black);
      let x = margin;
      cells.forEach((cell, index) => {
        doc.text(cell, x + 3, top + 2.5, { width: (widths[index] ?? 0) - 6 });
        x += widths[index] ?? 0;
      });
      doc
        .moveTo(margin, top + height)
        .lineTo(margin + width, top + height)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
      doc.x = margin;
      doc.y = top + height;
    };
    draw(
      columns.map((column) => column.header),
      true,
      fills.HEAD,
    );
    rows.forEach((row, index) => draw(row, false, fillOf?.(index) ?? null));
    doc.moveDown(0.4);
  }

  /** The verify address's QR code, drawn as squares, `size` points wide at (x, y). */
  function qrCode(text: string, x: number, y: number, size: number) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const cell = size / modules.size;
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
      }
    }
    doc.fill(ink.black);
  }

  // Readings go in a grid per week: a row per item and check, a column per day, each cell the day's
  // readings (time and temperature in the site's unit); failures and warnings again in full beneath the week.
  let readingsStarted = false;
  let week: { monday: string; days: PackReadingDay[] } | null = null;
  const writeWeek = ({ monday, days }: { monday: string; days: PackReadingDay[] }) => {
    const dates = Array.from({ length: 7 }, (_, offset) => addDays(monday, offset));
    const lines = new Map<string, { line: PackReadingLine; cells: string[]; flagged: boolean }>();
    const excursions: PackReading[] = [];
    const readers = new Set<string>();
    for (const day of days) {
      const column = dates.indexOf(day.date);
      for (const line of day.lines) {
        const key = `${line.item}\u0000${line.check}\u0000${line.limits}`;
        const row = lines.get(key) ?? { line, cells: dates.map(() => ''), flagged: false };
        row.cells[column] = dayCellWords(line.readings, writing);
        lines.set(key, row);
        for (const reading of line.readings) {
          if (reading.readBy) readers.add(reading.readBy);
          if (reading.result !== 'PASS' || reading.aboveLegalLimit) {
            excursions.push(reading);
            row.flagged = true;
          }
        }
      }
    }
    const rows = [...lines.values()].sort(
      (a, b) =>
        a.line.item.localeCompare(b.line.item, 'en') || a.line.check.localeCompare(b.line.check, 'en'),
    );
    if (doc.y > bottom() - 80) doc.addPage();
    doc.moveDown(0.7);
    paragraph(`Week of ${dayWords(monday, writing)}`, { bold: true });
    table(
      [
        { header: 'Item, check and limits', width: 107 },
        ...dates.map((date) => ({ header: weekDayWords(date, writing), width: 58 })),
      ],
      rows.map(({ line, cells }) => [`${line.item}\n${line.check}; ${line.limits}`, ...cells]),
      (row) => (rows[row]?.cells.some((cell) => cell.includes('(')) === true ? fills.WARN : null),
    );
    if (excursions.length > 0)
      table(
        [
          { header: 'Failure or warning', width: 130 },
          { header: 'What was read, its limits and the corrective action', width: 385 },
        ],
        excursions.map((reading) => [
          `${localWords(`${reading.date} ${reading.time}`, writing)}\n${reading.item}`,
          excursionWords(reading, writing),
        ]),
        (row) => (excursions[row]?.result === 'FAIL' ? fills.FAIL : fills.WARN),
      );
    paragraph(`Read by ${[...readers].sort((a, b) => a.localeCompare(b, 'en')).join(', ')}.`, {
      color: ink.muted,
      size: 7.5,
    });
  };

  const writer: PackWriter = {
    summary(site, first) {
      const qrSize = 86;
      doc
        .font('Sans-Bold')
        .fontSize(20)
        .text('Inspection pack', margin, margin + 10, { width: width - qrSize - 12 });
      doc
        .moveDown(0.2)
        .fontSize(14)
        .text(printable(site.site.name), { width: width - qrSize - 12 });
      doc.font('Sans').fontSize(9).moveDown(0.2);
      doc.text(printable(site.site.address), { width: width - qrSize - 12 });
      doc.text(
        `Records of ${rangeWords(site.startDate, site.endDate, writing)}; dates and times are local to the site (${zone}).`,
        { width: width - qrSize - 12 },
      );
      doc.text(ruleSetWords(rules), { width: width - qrSize - 12 });
      const textBottom = doc.y;
      qrCode(site.verifyUrl, margin + width - qrSize, margin + 6, qrSize);
      // The address on one line, as small as it must be to fit under the code: a wrapped URL is misread.
      const captionWidth = qrSize + 20;
      doc.font('Sans').fontSize(6.5).fillColor(ink.muted);
      doc.text('Check this file at', margin + width - captionWidth, margin + qrSize + 10, {
        width: captionWidth,
        align: 'center',
      });
      doc.fontSize(Math.min(6.5, (6.5 * captionWidth) / doc.widthOfString(site.verifyUrl)));
      doc.text(site.verifyUrl, margin + width - captionWidth, doc.y, {
        width: captionWidth,
        align: 'center',
        lineBreak: false,
      });
      doc.fillColor(ink.black).fontSize(9);
      doc.y = Math.max(textBottom, margin + qrSize + 34);
      doc.x = margin;

      paragraph(`Score over the range: ${scoreWords(first.score)}.`, { bold: true, size: 10 });
      paragraph(recordCheckVerdict(first.recordCheck), {
        bold: true,
        color: first.recordCheck.intact ? ink.good : ink.bad,
      });

      heading(`Excursions (${first.excursions.length})`, 11);
      if (first.excursions.length === 0) paragraph('No reading failed or went above its legal limit.');
      else
        table(
          [
            { header: 'Read', width: 70 },
            { header: 'Item and check', width: 130 },
            { header: 'What was read, its limits and the corrective action', width: 315 },
          ],
          first.excursions.map((reading) => [
            localWords(`${reading.date} ${reading.time}`, writing),
            `${reading.item} (${reading.check})`,
            excursionWords(reading, writing),
          ]),
          (row) => (first.excursions[row]?.result === 'FAIL' ? fills.FAIL : fills.WARN),
        );

      heading(`Missed and failed tasks (${first.taskProblems.length})`, 11);
      if (first.taskProblems.length === 0)
        paragraph('Every task due was done, and no checklist line failed.');
      else
        table(
          [
            { header: 'Date', width: 70 },
            { header: 'Task and what happened', width: 445 },
          ],
          first.taskProblems.map((entry) => [dateWords(entry.date, writing), taskEntryWords(entry, writing)]),
          (row) => (first.taskProblems[row]?.bucket === 'INCOMPLETE' ? fills.BAD : fills.WARN),
        );

      const { unverifiedActions } = first;
      const unverifiedCount = unverifiedActions.first.length + unverifiedActions.more;
      heading(`Corrective actions not verified (${unverifiedCount})`, 11);
      if (unverifiedCount === 0) paragraph(allVerifiedWords(first.correctiveActionCount));
      else {
        table(
          [
            { header: 'When', width: 80 },
            { header: 'Reference', width: 60 },
            { header: 'Deviation', width: 275 },
            { header: 'State', width: 100 },
          ],
          unverifiedActions.first.map((action) => [
            instantWords(action.occurredAt, writing),
            action.ref,
            action.deviation,
            correctiveStateWords(action),
          ]),
          (row) => (unverifiedActions.first[row]?.state === 'OPEN' ? fills.BAD : fills.WARN),
        );
        if (unverifiedActions.more > 0)
          paragraph(moreUnverifiedWords(unverifiedActions.more, 'the Corrective actions section'));
      }

      heading(`Open near misses (${first.openNearMisses.length})`, 11);
      if (first.openNearMisses.length === 0) paragraph('No near miss is open.');
      else
        table(
          [
            { header: 'When', width: 80 },
            { header: 'Reference', width: 60 },
            { header: 'What', width: 275 },
            { header: 'Status', width: 100 },
          ],
          first.openNearMisses.map((report) => [
            instantWords(report.occurredAt, writing),
            report.logID,
            nearMissTitleWords(report),
            nearMissStatusWords(report),
          ]),
        );

      heading(`Documents expired or expiring (${first.documentsDue.length})`, 11);
      if (first.documentsDue.length === 0) paragraph('No document has expired or expires soon.');
      else
        table(
          [
            { header: 'Document', width: 235 },
            { header: 'Category', width: 100 },
            { header: 'Expires', width: 80 },
            { header: 'State', width: 100 },
          ],
          first.documentsDue.map((document) => [
            document.name,
            documentCategoryWords(document),
            document.expiresOn ? dateWords(document.expiresOn, writing) : '',
            documentExpiryWords(document),
          ]),
          (row) => (first.documentsDue[row]?.expiry === 'EXPIRED' ? fills.FAIL : fills.WARN),
        );

      heading('Sign-off', 11);
      paragraph(`Prepared by ${site.producer.name}, ${site.producer.role}.`);
      doc.moveDown(0.6);
      const line = (label: string, x: number, lineWidth: number) => {
        doc.font('Sans').fontSize(9).text(label, x, doc.y, { width: lineWidth, lineBreak: false });
        const y = doc.y + 12;
        doc
          .moveTo(x + 62, y)
          .lineTo(x + lineWidth - 10, y)
          .lineWidth(0.5)
          .strokeColor('#777777')
          .stroke();
      };
      if (doc.y > bottom() - 70) doc.addPage();
      const rowY = doc.y;
      line('Reviewed by', margin, width / 2);
      doc.y = rowY;
      line('Role', margin + width / 2, width / 2);
      doc.y = rowY + 26;
      const secondY = doc.y;
      line('Date', margin, width / 2);
      doc.y = secondY;
      line('Signature', margin + width / 2, width / 2);
      doc.x = margin;
      doc.y = secondY + 30;
      paragraph(
        `How to read this pack: failed readings are tinted red and warnings amber, each with its corrective ` +
          `action; a corrective action awaiting action is tinted red and one awaiting verification amber; ` +
          `“back-filled” marks a reading entered more than 30 minutes after it was taken, “sensor” one a ` +
          `wireless sensor logged on its own (read by the sensor it names), “synced late” a ` +
          `completion that reached the server more than 30 minutes after it was made, and “entered after the ` +
          `fact” an admin’s correction. ${unprintablePlaceholder} stands for text in a script this file’s font ` +
          `cannot print; the console shows it as typed. Every page’s foot carries the digest of the pack’s ` +
          `content; anyone can check this file is authentic at ${site.verifyUrl}.`,
        { color: ink.muted, size: 7.5 },
      );
    },
    equipment(lines, legend) {
      doc.addPage();
      heading('Opening hours');
      hoursLines(target.site.timing, (time) => timeWords(time, writing)).forEach((line) => paragraph(line));
      heading('Equipment and the limits in force');
      if (lines.length === 0) paragraph('No fridges, freezers, probes or food items are set up.');
      else
        table(
          [
            { header: 'Item', width: 170 },
            { header: 'Kind', width: 75 },
            { header: 'Log type and check', width: 150 },
            { header: 'Passes when', width: 120 },
          ],
          lines.flatMap((line) =>
            line.checks.length === 0
              ? [[line.name, equipmentKindWords(line.kind), 'Not read in these dates', '']]
              : line.checks.map((check, index) => [
                  index === 0 ? line.name : '',
                  index === 0 ? equipmentKindWords(line.kind) : '',
                  `${check.logType}: ${check.check}`,
                  check.limits,
                ]),
          ),
        );
      heading('The rules these limits come from', 11);
      paragraph(ruleSetWords(rules));
      paragraph(
        'Each item above is judged by its own limits where an admin set them, never looser than the law ' +
          'without a reason kept in its history. The rule set’s figures, in its own unit, and where each comes from:',
        { color: ink.muted },
      );
      table(
        [
          { header: 'Log type and check', width: 170 },
          { header: 'Passes when', width: 120 },
          { header: 'Source', width: 225 },
        ],
        legend.map((line) => [line.check, line.figure, line.source]),
      );
    },
    tasks(days, totals) {
      heading('Tasks, day by day');
      paragraph(`Over the range: ${scoreWords(totals)}.`, { bold: true });
      if (days.length === 0) return paragraph('The site has no tasks or readings in these dates.');
      if (days[0] && days[0].date > target.startDate)
        paragraph(
          `The site’s records begin on ${dateWords(days[0].date, writing)}; no day before it is listed.`,
          {
            color: ink.muted,
          },
        );
      table(
        [
          { header: 'Date', width: 68 },
          { header: 'Due', width: 26 },
          { header: 'On time', width: 34 },
          { header: 'Late', width: 26 },
          { header: 'Missed', width: 34 },
          { header: 'Score', width: 32 },
          { header: 'Missed, failed and late tasks', width: 295 },
        ],
        days.map((day) => [
          dayWords(day.date, writing),
          String(day.due),
          String(day.onTime),
          String(day.late),
          String(day.missed),
          day.score === null ? '–' : `${day.score}`,
          [notYetDueWords(day), ...day.entries.map((entry) => taskEntryWords(entry, writing))]
            .filter(Boolean)
            .join('\n'),
        ]),
        (row) => ((days[row]?.missed ?? 0) > 0 ? fills.BAD : null),
      );
    },
    readingDay(day) {
      if (doc.destroyed) throw new ExportAbandoned();
      if (!readingsStarted) {
        readingsStarted = true;
        doc.addPage();
        heading('Temperature readings');
        paragraph(
          `A week at a time: each item’s readings of a day in its column (time, then ${unitSymbols[writing.unit]}; more than ` +
            `${listedPerCell} in a day as their number, times and range); a row with a failure or a warning ` +
            'is tinted, and each failure and warning follows the week in full. The Excel file lists every reading.',
          { color: ink.muted },
        );
      }
      const monday = mondayOf(day.date);
      if (week && week.monday !== monday) {
        writeWeek(week);
        week = null;
      }
      (week ??= { monday, days: [] }).days.push(day);
    },
    readingChanges(corrections, deletions) {
      if (week) {
        writeWeek(week);
        week = null;
      }
      if (!readingsStarted) {
        doc.addPage();
        heading('Temperature readings');
        paragraph('No temperature readings in these dates.');
      }
      heading(`Corrected readings (${corrections.length})`, 11);
      if (corrections.length === 0) paragraph('No reading of these dates was changed after it was taken.');
      else
        table(
          [
            { header: 'Reading', width: 150 },
            { header: 'Original, new value, who, when and why', width: 365 },
          ],
          corrections.map((correction) => [
            `${localWords(correction.read, writing)} ${correction.item} (${correction.check})`,
            correctionWords(correction, writing),
          ]),
        );
      heading(`Deleted readings (${deletions.length})`, 11);
      if (deletions.length === 0) paragraph('No reading of these dates was deleted.');
      else
        table(
          [
            { header: 'Reading', width: 150 },
            { header: 'Value, who deleted it, when and why', width: 365 },
          ],
          deletions.map((deletion) => [
            `${localWords(deletion.read, writing)} ${deletion.item} (${deletion.check})`,
            deletionWords(deletion, writing),
          ]),
        );
    },
    complianceLogs(logs) {
      doc.addPage();
      heading('Compliance logs');
      if (logs.length === 0) return paragraph('No compliance logs in these dates.');
      table(
        [
          { header: 'Submitted', width: 75 },
          { header: 'Log', width: 150 },
          { header: 'Result', width: 45 },
          { header: 'Status', width: 70 },
          { header: 'By', width: 70 },
          { header: 'Note', width: 105 },
        ],
        logs.map((log) => [
          instantWords(log.submittedAt, writing),
          `${log.logID} ${log.title}`,
          complianceResultWords(log),
          complianceStatusWords(log),
          log.submittedBy.name,
          [log.note, log.reviewNote].filter(Boolean).join(' · '),
        ]),
        (row) => (logs[row]?.result === 'FAIL' ? fills.FAIL : null),
      );
    },
    nearMisses(reports) {
      heading('Near misses');
      if (reports.length === 0) return paragraph('No near misses reported in these dates.');
      table(
        [
          { header: 'When', width: 75 },
          { header: 'What happened', width: 200 },
          { header: 'Status', width: 70 },
          { header: 'Immediate action and outcome', width: 170 },
        ],
        reports.map((report) => [
          instantWords(report.occurredAt, writing),
          `${report.logID} ${nearMissTitleWords(report)}. ${report.whatHappened}`,
          nearMissStatusWords(report),
          [report.immediateAction, report.outcome].filter(Boolean).join(' · '),
        ]),
      );
    },
    correctiveActions(actions) {
      heading(`Corrective actions (${actions.length})`);
      if (actions.length === 0) return paragraph(noCorrectiveActionsWords);
      paragraph(
        'Every deviation of these dates (a failed reading or checklist line, a missed task or follow-up check, ' +
          'a sensor excursion, a near miss) and its corrective action: what was done, who recorded it, and who ' +
          'verified it.',
        { color: ink.muted },
      );
      table(
        [
          { header: 'When', width: 72 },
          { header: 'Deviation', width: 163 },
          { header: 'State', width: 60 },
          { header: 'What was done, recorded and verified', width: 220 },
        ],
        actions.map((action) => [
          `${instantWords(action.occurredAt, writing)}\n${action.ref}`,
          `${correctiveKindWords(action)}\n${action.deviation}`,
          correctiveStateWords(action),
          correctiveOutcomeWords(action, writing),
        ]),
        (row) =>
          actions[row]?.state === 'OPEN'
            ? fills.BAD
            : actions[row]?.state === 'ACTION_RECORDED'
              ? fills.WARN
              : null,
      );
    },
    reviews(reviews) {
      heading(`Four-weekly reviews (${reviews.length})`);
      if (reviews.length === 0) return paragraph(noReviewsWords);
      paragraph(
        'Every four weeks a manager reviews the records of the four weeks, writes what they show and what was ' +
          'changed because of it, and signs. What each signed review found is counted as it was signed.',
        { color: ink.muted },
      );
      for (const review of reviews) {
        // Kept with its signature: a review's first lines never end a page alone.
        if (doc.y > bottom() - 60) doc.addPage();
        doc.moveDown(0.5);
        paragraph(reviewPeriodWords(review, writing), { bold: true, size: 10 });
        paragraph(reviewSignedWords(review, writing));
        paragraph(`Found: ${reviewFoundWords(review)}`);
        paragraph(`Notes: ${review.notes || 'none written'}`);
        paragraph(`Changes: ${review.changes || 'none written'}`);
      }
    },
    documents(documents) {
      heading('Documents');
      if (documents.length === 0)
        return paragraph('No documents are filed for the site or the organisation.');
      table(
        [
          { header: 'Document', width: 215 },
          { header: 'Category', width: 100 },
          { header: 'Expires', width: 90 },
          { header: 'State', width: 110 },
        ],
        documents.map((document) => [
          `${document.name}${document.siteID === null ? ' (whole organisation)' : ''}`,
          documentCategoryWords(document),
          document.expiresOn ? dateWords(document.expiresOn, writing) : 'Does not expire',
          documentExpiryWords(document),
        ]),
        (row) =>
          documents[row]?.expiry === 'EXPIRED'
            ? fills.FAIL
            : documents[row]?.expiry === 'EXPIRING'
              ? fills.WARN
              : null,
      );
    },
    recordCheck(check: RecordCheck) {
      heading('Record-history check');
      paragraph(recordCheckVerdict(check), { bold: true, color: check.intact ? ink.good : ink.bad });
      paragraph(chainWords(check));
      check.subjects.forEach((subject) =>
        paragraph(
          `${checkedSubjectLabels[subject.subject]}: ${subject.checked} checked, ${subject.mismatched} differ.`,
        ),
      );
      check.mismatches.forEach((mismatch) => paragraph(`• ${mismatchWords(mismatch)}`, { color: ink.bad }));
    },
    finish(summary) {
      heading('Digest');
      paragraph(
        'SHA-256 of this pack’s content (every record it lists, as it reads now). A fresh preview of the same site ' +
          'and dates gives the same digest while no record of it has changed; the file itself is checked at ' +
          `${target.verifyUrl}.`,
      );
      doc.moveDown(0.3).font('Mono').fontSize(10).text(summary.digest, margin, doc.y, { width });
      doc.font('Sans').fontSize(9).moveDown(0.5);
      paragraph(`Generated ${instantWords(summary.generatedAt.toISOString(), writing)} (${zone}).`);

      // Every page's head and foot, now that the number of pages and the digest are known. The foot sits in
      // the bottom margin: with the margin in force, pdfkit would start a page for it.
      const pages = doc.bufferedPageRange();
      const head = printable(
        `${target.site.name} · Inspection pack · ${rangeWords(target.startDate, target.endDate, writing)}`,
      );
      for (let index = 0; index < pages.count; index += 1) {
        doc.switchToPage(pages.start + index);
        const { bottom: bottomMargin, top: topMargin } = doc.page.margins;
        doc.page.margins.bottom = 0;
        doc.page.margins.top = 0;
        doc.fillColor(ink.muted).font('Sans').fontSize(7.5);
        doc.text(head, margin, 20, { width, lineBreak: false });
        doc
          .font('Mono')
          .fontSize(6.5)
          .text(`Digest ${summary.digest}`, margin, doc.page.height - 26, {
            width: width - 80,
            lineBreak: false,
          });
        doc
          .font('Sans')
          .fontSize(7.5)
          .text(`Page ${index + 1} of ${pages.count}`, margin, doc.page.height - 27, {
            width,
            align: 'right',
            lineBreak: false,
          });
        doc.page.margins.bottom = bottomMargin;
        doc.page.margins.top = topMargin;
      }
      doc.end();
    },
  };
  return { document: doc, writer };
}
