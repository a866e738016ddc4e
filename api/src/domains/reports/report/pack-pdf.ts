import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import {
  checkedSubjectLabels,
  resultText,
  temperatureStandards,
  type RecordCheck,
} from '@console/shared-sdk/contract';
import { personName } from '../../logs/index.js';
import { checkLabelOf } from '../../logs/index.js';
import { ExportAbandoned } from '../../logs/index.js';
import { hoursLines, type PackTarget, type PackWriter } from './pack-content.js';
import {
  complianceStatusWords,
  dateWords,
  instantWords,
  mismatchWords,
  nearMissStatusWords,
  rangeWords,
  scoreWords,
} from './pack-words.js';

// The inspection pack as a PDF (pdfkit), written as its content is read: each page goes out to the client
// when the next one starts, so a busy site's thousands of readings never wait in memory. A4 portrait,
// Helvetica (its WinAnsi encoding has °, – and ½), a running head naming the site and the range on every
// page, and tables whose failed rows are tinted red and warnings amber.

const margin = 40;
/** Bytes produced but not yet read by the client before the reading stops to wait. */
const backlogLimit = 1 << 20;
const fills = { FAIL: '#fde2e1', WARN: '#fff1cc', BAD: '#fde2e1' } as const;

interface Column {
  header: string;
  width: number;
}

export interface PdfPack {
  document: PDFKit.PDFDocument;
  writer: PackWriter;
}

export function pdfPack(target: PackTarget): PdfPack {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    info: {
      Title: `Inspection pack: ${target.site.name}, ${rangeWords(target.startDate, target.endDate)}`,
      Author: 'Compliance Console',
    },
  });
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin - 14;
  let pageNumber = 1;
  const runningHead = () => {
    // The footer sits in the bottom margin: with the margin in force, pdfkit would start a page for it.
    const { bottom: bottomMargin } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(
      `${target.site.name} · inspection pack · ${rangeWords(target.startDate, target.endDate)}`,
      margin,
      20,
      {
        width,
        lineBreak: false,
      },
    );
    doc.text(`Page ${pageNumber}`, margin, doc.page.height - 28, { width, align: 'right', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottomMargin;
    doc.fillColor('#000000').font('Helvetica').fontSize(9);
    doc.x = margin;
    doc.y = margin;
  };
  doc.on('pageAdded', () => {
    pageNumber += 1;
    runningHead();
  });
  runningHead();

  const heading = (text: string) => {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text, margin, doc.y, { width });
    doc.moveDown(0.3).font('Helvetica').fontSize(9);
  };
  const paragraph = (text: string, options: { bold?: boolean; color?: string } = {}) => {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(options.color ?? '#000000')
      .text(text, margin, doc.y, { width });
    doc.fillColor('#000000').font('Helvetica');
  };

  /** A table's rows, its header again at the top of each page it runs onto. */
  function table(
    columns: readonly Column[],
    rows: readonly (readonly string[])[],
    fillOf?: (row: number) => string | null,
  ) {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * width);
    const rowHeight = (cells: readonly string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      return (
        Math.max(
          ...cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: (widths[index] ?? 0) - 6 })),
        ) + 6
      );
    };
    const draw = (cells: readonly string[], bold: boolean, fill: string | null) => {
      const height = rowHeight(cells, bold);
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold)
          draw(
            columns.map((column) => column.header),
            true,
            '#eeeeee',
          );
      }
      const top = doc.y;
      if (fill) doc.rect(margin, top, width, height).fill(fill).fillColor('#000000');
      let x = margin;
      cells.forEach((cell, index) => {
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .text(cell, x + 3, top + 3, { width: (widths[index] ?? 0) - 6 });
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
      '#eeeeee',
    );
    rows.forEach((row, index) => draw(row, false, fillOf?.(index) ?? null));
    doc.moveDown(0.5);
  }

  let readingsStarted = false;
  const readingColumns: Column[] = [
    { header: 'Read (local)', width: 62 },
    { header: 'Item', width: 90 },
    { header: 'Check', width: 70 },
    { header: '°C', width: 28 },
    { header: 'Limits', width: 50 },
    { header: 'Result', width: 34 },
    { header: 'Corrective action / note', width: 120 },
    { header: 'By', width: 56 },
  ];

  const writer: PackWriter = {
    site(site) {
      doc.font('Helvetica-Bold').fontSize(20).text('Inspection pack', margin, 80, { width });
      doc.moveDown(0.5).fontSize(14).text(site.site.name, { width });
      doc.font('Helvetica').fontSize(10).moveDown(0.3);
      paragraph(site.site.address);
      paragraph(
        `Records of ${rangeWords(site.startDate, site.endDate)}, local dates and times in ${site.site.timeZoneId}.`,
      );
      paragraph('The digest of this pack’s content, to verify a copy later, is on its last page.');
      heading('Opening hours');
      hoursLines(site.site.timing).forEach((line) => paragraph(line));
    },
    equipment(lines) {
      heading('Equipment and the limits in force');
      if (lines.length === 0) return paragraph('No fridges, freezers, probes or food items are set up.');
      table(
        [
          { header: 'Item', width: 160 },
          { header: 'Kind', width: 80 },
          { header: 'Log type and check', width: 140 },
          { header: 'Passes when', width: 150 },
        ],
        lines.flatMap((line) =>
          line.checks.map((check, index) => [
            index === 0 ? line.name : '',
            index === 0 ? line.kind : '',
            `${check.logType}: ${check.check}`,
            check.limits,
          ]),
        ),
      );
    },
    async readings(batch) {
      if (doc.destroyed) throw new ExportAbandoned();
      if (!readingsStarted) {
        readingsStarted = true;
        doc.addPage();
        heading('Temperature readings');
        paragraph(
          'Failed readings are tinted red with their corrective action, warnings amber; “above the legal limit” marks a reading above its legal maximum (a fridge above 8 °C) whatever limit its item has; “back-filled” marks a reading entered more than 30 minutes after it was taken.',
        );
      }
      table(
        readingColumns,
        batch.map((reading) => [
          reading.readLocal.replace('T', ' ').slice(0, 16) + (reading.backFilled ? ' back-filled' : ''),
          [reading.equipmentName, reading.temperatureItemName ?? reading.foodItemName]
            .filter(Boolean)
            .join(': '),
          `${temperatureStandards[reading.logType].label}: ${checkLabelOf(reading.logType, reading.checkKind)}`,
          String(reading.celsius),
          [reading.lowerLimit, reading.upperLimit]
            .map((limit) => (limit === null ? '–' : String(limit)))
            .join(' to '),
          resultText(reading.result, reading.logType, reading.celsius),
          [reading.correctiveAction, reading.note].filter(Boolean).join(' · '),
          reading.reader ? personName(reading.reader) : '',
        ]),
        (row) => {
          const result = batch[row]?.result;
          return result === 'FAIL' ? fills.FAIL : result === 'WARN' ? fills.WARN : null;
        },
      );
      // Pages wait while the client is behind, so memory holds about a batch, not the whole pack.
      while (doc.readableLength > backlogLimit && !doc.destroyed) {
        await Promise.race([once(doc, 'data'), once(doc, 'close')]);
      }
    },
    tasks(days, totals, failed) {
      if (!readingsStarted) {
        heading('Temperature readings');
        paragraph('No temperature readings in these dates.');
      }
      doc.addPage();
      heading('Task completion per day');
      paragraph(`Over the range: ${scoreWords(totals)}.`, { bold: true });
      table(
        [
          { header: 'Date', width: 90 },
          { header: 'Due', width: 40 },
          { header: 'On time', width: 50 },
          { header: 'Late', width: 40 },
          { header: 'Missed', width: 50 },
          { header: 'Score', width: 50 },
        ],
        days.map((day) => [
          dateWords(day.date),
          String(day.due),
          String(day.onTime),
          String(day.late),
          String(day.missed),
          day.score === null ? '–' : `${day.score}`,
        ]),
        (row) => ((days[row]?.missed ?? 0) > 0 ? fills.BAD : null),
      );
      heading('Failed checklist items');
      if (failed.length === 0) return paragraph('No checklist item failed in these dates.');
      table(
        [
          { header: 'Date', width: 70 },
          { header: 'Task', width: 120 },
          { header: 'Item', width: 140 },
          { header: 'Comment', width: 200 },
        ],
        failed.map((line) => [
          dateWords(line.date),
          line.task,
          line.item,
          [line.comment, ...line.notes].filter(Boolean).join(' · '),
        ]),
      );
    },
    complianceLogs(logs) {
      heading('Compliance logs');
      if (logs.length === 0) return paragraph('No compliance logs in these dates.');
      table(
        [
          { header: 'Submitted', width: 80 },
          { header: 'Log', width: 150 },
          { header: 'Result', width: 45 },
          { header: 'Status', width: 70 },
          { header: 'By', width: 80 },
          { header: 'Note', width: 110 },
        ],
        logs.map((log) => [
          instantWords(log.submittedAt, target.site.timeZoneId),
          `${log.logID} ${log.title}`,
          log.result,
          complianceStatusWords[log.status],
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
          { header: 'When', width: 80 },
          { header: 'What happened', width: 190 },
          { header: 'Status', width: 70 },
          { header: 'Outcome / immediate action', width: 190 },
        ],
        reports.map((report) => [
          instantWords(report.occurredAt, target.site.timeZoneId),
          `${report.logID} ${report.category}: ${report.title}. ${report.whatHappened}`,
          nearMissStatusWords[report.status],
          report.outcome ?? report.immediateAction,
        ]),
      );
    },
    documents(documents) {
      heading('Documents');
      if (documents.length === 0)
        return paragraph('No documents are filed for the site or the organisation.');
      table(
        [
          { header: 'Document', width: 200 },
          { header: 'Category', width: 90 },
          { header: 'Expires', width: 90 },
          { header: 'State', width: 80 },
        ],
        documents.map((document) => [
          `${document.name}${document.siteID === null ? ' (whole organisation)' : ''}`,
          document.category,
          document.expiresOn ? dateWords(document.expiresOn) : 'Does not expire',
          document.expiry ?? '',
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
      paragraph(
        check.intact
          ? 'Records intact: every record of the range reads as its history says it was left, and the history chain is unbroken.'
          : 'Records changed outside the console: see below.',
        { bold: true, color: check.intact ? '#1b5e20' : '#b71c1c' },
      );
      paragraph(
        check.chain.valid
          ? `History chain: ${check.chain.entries} entries, unbroken.`
          : `History chain broken at entry ${check.chain.brokenAt ?? '?'} (${check.chain.problem ?? 'unknown'}).`,
      );
      check.subjects.forEach((subject) =>
        paragraph(
          `${checkedSubjectLabels[subject.subject]}: ${subject.checked} checked, ${subject.mismatched} differ.`,
        ),
      );
      check.mismatches.forEach((mismatch) => paragraph(`• ${mismatchWords(mismatch)}`, { color: '#b71c1c' }));
    },
    finish(summary) {
      heading('Digest');
      paragraph(
        'SHA-256 of this pack’s content (every line above but this page’s times). A fresh preview of the same site and ' +
          'dates gives the same digest while no record of it has changed.',
      );
      doc.moveDown(0.3).font('Courier').fontSize(10).text(summary.digest, margin, doc.y, { width });
      doc.font('Helvetica').fontSize(9).moveDown(0.5);
      paragraph(
        `Generated ${instantWords(summary.generatedAt.toISOString(), target.site.timeZoneId)} (${target.site.timeZoneId}).`,
      );
      doc.end();
    },
  };
  return { document: doc, writer };
}
