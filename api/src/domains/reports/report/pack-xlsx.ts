import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { checkedSubjectLabels } from '@console/shared-sdk/contract';
import { drainedOrClosed, ExportAbandoned, readingSheet } from '../../logs/index.js';
import { hoursLines, type PackTarget, type PackWriter } from './pack-content.js';
import {
  complianceStatusWords,
  instantWords,
  mismatchWords,
  nearMissStatusWords,
  rangeWords,
  scoreWords,
} from './pack-words.js';

// The inspection pack as an XLSX, streamed with exceljs's WorkbookWriter: one sheet per section, in the
// PDF's order, each committed before the next begins, readings row by row; the Summary sheet with the
// digest comes last, as it is known only once everything has been read.

const red: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const amber: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEB9C' } };

const spreadsheetDay = (date: string) => new Date(`${date}T00:00:00Z`);

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

  function sheet(name: string, columns: { header: string; width: number; numFmt?: string }[]) {
    const added = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    added.columns = columns.map(({ header, width, numFmt }) => ({
      header,
      width,
      ...(numFmt ? { style: { numFmt } } : {}),
    }));
    added.getRow(1).font = { bold: true };
    return added;
  }
  const addRows = (
    target: ExcelJS.Worksheet,
    rows: unknown[][],
    fillOf?: (row: number) => ExcelJS.Fill | null,
  ) =>
    rows.forEach((values, index) => {
      const row = target.addRow(values);
      const fill = fillOf?.(index);
      if (fill) row.eachCell((cell) => (cell.fill = fill));
      row.commit();
    });

  // The readings' sheet is the temperature log export's, begun when the first batch comes.
  let readings: ReturnType<typeof readingSheet> | null = null;

  const writer: PackWriter = {
    site(site) {
      const about = sheet('Site', [
        { header: 'Inspection pack', width: 28 },
        { header: '', width: 70 },
      ]);
      addRows(about, [
        ['Site', site.site.name],
        ['Address', site.site.address],
        ['Time zone', zone],
        ['Records of', rangeWords(site.startDate, site.endDate)],
        ...hoursLines(site.site.timing).map((line, index) => [index === 0 ? 'Opening hours' : '', line]),
      ]);
      about.commit();
    },
    equipment(lines) {
      const equipment = sheet('Equipment', [
        { header: 'Item', width: 36 },
        { header: 'Kind', width: 18 },
        { header: 'Log type', width: 24 },
        { header: 'Check', width: 24 },
        { header: 'Passes when', width: 40 },
      ]);
      addRows(
        equipment,
        lines.flatMap((line) =>
          line.checks.map((check) => [line.name, line.kind, check.logType, check.check, check.limits]),
        ),
      );
      equipment.commit();
    },
    async readings(batch) {
      if (stream.destroyed) throw new ExportAbandoned();
      (readings ??= readingSheet(workbook, 'Temperature readings')).add(batch);
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
    },
    tasks(days, totals, failed) {
      (readings ??= readingSheet(workbook, 'Temperature readings')).commit();
      const daySheet = sheet('Tasks per day', [
        { header: 'Date', width: 12, numFmt: 'yyyy-mm-dd' },
        { header: 'Due', width: 8 },
        { header: 'On time', width: 9 },
        { header: 'Late', width: 8 },
        { header: 'Missed', width: 9 },
        { header: 'Score', width: 8 },
      ]);
      addRows(
        daySheet,
        [
          ...days.map((day) => [
            spreadsheetDay(day.date),
            day.due,
            day.onTime,
            day.late,
            day.missed,
            day.score ?? '',
          ]),
          [],
          ['Over the range', scoreWords(totals)],
        ],
        (row) => ((days[row]?.missed ?? 0) > 0 ? red : null),
      );
      daySheet.commit();
      const failedSheet = sheet('Failed checklist items', [
        { header: 'Date', width: 12, numFmt: 'yyyy-mm-dd' },
        { header: 'Task', width: 30 },
        { header: 'Item', width: 40 },
        { header: 'Comment', width: 60 },
      ]);
      addRows(
        failedSheet,
        failed.map((line) => [
          spreadsheetDay(line.date),
          line.task,
          line.item,
          [line.comment, ...line.notes].filter(Boolean).join(' · '),
        ]),
      );
      failedSheet.commit();
    },
    complianceLogs(logs) {
      const logSheet = sheet('Compliance logs', [
        { header: 'Submitted (local time)', width: 20 },
        { header: 'Reference', width: 12 },
        { header: 'Log', width: 36 },
        { header: 'Result', width: 9 },
        { header: 'Status', width: 18 },
        { header: 'By', width: 22 },
        { header: 'Note', width: 40 },
      ]);
      addRows(
        logSheet,
        logs.map((log) => [
          instantWords(log.submittedAt, zone),
          log.logID,
          log.title,
          log.result,
          complianceStatusWords[log.status],
          log.submittedBy.name,
          [log.note, log.reviewNote].filter(Boolean).join(' · '),
        ]),
        (row) => (logs[row]?.result === 'FAIL' ? red : null),
      );
      logSheet.commit();
    },
    nearMisses(reports) {
      const reportSheet = sheet('Near misses', [
        { header: 'When (local time)', width: 18 },
        { header: 'Reference', width: 12 },
        { header: 'Category', width: 18 },
        { header: 'Title', width: 30 },
        { header: 'What happened', width: 50 },
        { header: 'Immediate action', width: 40 },
        { header: 'Status', width: 20 },
        { header: 'Outcome', width: 40 },
      ]);
      addRows(
        reportSheet,
        reports.map((report) => [
          instantWords(report.occurredAt, zone),
          report.logID,
          report.category,
          report.title,
          report.whatHappened,
          report.immediateAction,
          nearMissStatusWords[report.status],
          report.outcome ?? '',
        ]),
      );
      reportSheet.commit();
    },
    documents(documents) {
      const documentSheet = sheet('Documents', [
        { header: 'Document', width: 40 },
        { header: 'Of', width: 20 },
        { header: 'Category', width: 18 },
        { header: 'Expires', width: 12, numFmt: 'yyyy-mm-dd' },
        { header: 'State', width: 12 },
      ]);
      addRows(
        documentSheet,
        documents.map((document) => [
          document.name,
          document.siteID === null ? 'Whole organisation' : (document.siteName ?? ''),
          document.category,
          document.expiresOn ? spreadsheetDay(document.expiresOn) : '',
          document.expiry ?? '',
        ]),
        (row) =>
          documents[row]?.expiry === 'EXPIRED' ? red : documents[row]?.expiry === 'EXPIRING' ? amber : null,
      );
      documentSheet.commit();
    },
    recordCheck(check) {
      const checkSheet = sheet('Record check', [
        { header: 'Record-history check', width: 40 },
        { header: '', width: 90 },
      ]);
      addRows(checkSheet, [
        ['Verdict', check.intact ? 'Records intact' : 'Records changed outside the console'],
        [
          'History chain',
          check.chain.valid
            ? `${check.chain.entries} entries, unbroken`
            : `broken at entry ${check.chain.brokenAt ?? '?'} (${check.chain.problem ?? 'unknown'})`,
        ],
        ...check.subjects.map((subject) => [
          checkedSubjectLabels[subject.subject],
          `${subject.checked} checked, ${subject.mismatched} differ`,
        ]),
        ...check.mismatches.map((mismatch) => ['Differs', mismatchWords(mismatch)]),
      ]);
      checkSheet.commit();
    },
    async finish(summary) {
      const summarySheet = sheet('Summary', [
        { header: 'Inspection pack', width: 30 },
        { header: '', width: 80 },
      ]);
      const { sections } = summary;
      addRows(summarySheet, [
        ['Site', target.site.name],
        ['Records of', rangeWords(target.startDate, target.endDate)],
        ['Generated', `${instantWords(summary.generatedAt.toISOString(), zone)} (${zone})`],
        ['Digest (SHA-256)', summary.digest],
        [
          'Temperature readings',
          `${sections.temperature.readings} (${sections.temperature.failed} failed, ${sections.temperature.warned} warned, ${sections.temperature.backFilled} back-filled)`,
        ],
        ['Tasks', scoreWords(sections.tasks)],
        ['Failed checklist items', sections.tasks.failedChecklistItems],
        ['Compliance logs', `${sections.complianceLogs.total} (${sections.complianceLogs.failed} failed)`],
        ['Near misses', `${sections.nearMisses.total} (${sections.nearMisses.open} open)`],
        [
          'Documents',
          `${sections.documents.total} (${sections.documents.expiring} expiring, ${sections.documents.expired} expired)`,
        ],
        [
          'Record check',
          summary.recordCheck.intact ? 'Records intact' : 'Records changed outside the console',
        ],
      ]);
      summarySheet.commit();
      await workbook.commit();
    },
  };
  return { stream, writer };
}
