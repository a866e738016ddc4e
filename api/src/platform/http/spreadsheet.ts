import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
// The environment-neutral entry: buffers are all we sniff, and it resolves under jest's CommonJS as well.
import { fileTypeFromBuffer } from 'file-type/core';
import { storedZip, unzipWithin, type ZipLimits } from './zip-limits.js';

// Reading and writing the staff sheets (import, export and the template) as XLSX or CSV, with exceljs.
// Every cell is read as text: a mobile number must keep its leading zero, and a name that looks like a
// date is still a name.

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const csvType = 'text/csv; charset=utf-8';

export type SheetKind = 'XLSX' | 'CSV';

/** A row of the first sheet: its number as a spreadsheet shows it (1 is the header) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetRead =
  | { kind: 'rows'; header: string[]; rows: SheetRow[] }
  /** More data rows than allowed: refused before they are looked at. */
  | { kind: 'too-many' }
  /** An XLSX that unpacks to far more than any staff list: refused as soon as inflating passes the limit. */
  | { kind: 'too-big'; limitBytes: number }
  /** An XLSX of more parts than any workbook of a staff list. */
  | { kind: 'too-many-parts'; limitEntries: number };

/** XLSX by its bytes (a zip holding a workbook); CSV is any text. Anything else is neither. */
export async function sheetKindOf(bytes: Buffer): Promise<SheetKind | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) return sniffed.mime === xlsxType ? 'XLSX' : undefined;
  // A NUL byte means binary content, whatever the name says (an old .xls, an image without a signature).
  return bytes.includes(0) ? undefined : 'CSV';
}

/**
 * How much an XLSX may unpack to, counted while it is inflated, and how many parts it may hold. A small
 * upload can hold a sheet that unpacks to gigabytes, whatever its zip directory says; 5,000 rows of staff
 * are a few megabytes, and a workbook from Excel has a few dozen parts.
 */
export const xlsxLimits: ZipLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 1000 };

/** Text of a CSV file: UTF-8 (with or without BOM), else Windows-1252, which Excel writes in the UK and US. */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Excel writes ';'-separated CSV where ',' is the decimal mark: the header row tells which. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** A leading apostrophe guards a cell against spreadsheet formulas (see csvLine); it is not part of the value. */
const unguard = (value: string) => (/^'[=+\-@]/.test(value) ? value.slice(1) : value);

/** The rows of the first sheet, as trimmed text, blank rows left out; `maxRows` data rows at most. */
export async function readSheet(bytes: Buffer, kind: SheetKind, maxRows: number): Promise<SheetRead> {
  const workbook = new ExcelJS.Workbook();
  let worksheet: ExcelJS.Worksheet | undefined;
  if (kind === 'CSV') {
    const text = csvText(bytes);
    // Parsing keeps every line: a file of millions of blank lines is refused before it is parsed.
    if ((text.match(/\n/g)?.length ?? 0) > 4 * maxRows + 10) return { kind: 'too-many' };
    worksheet = await workbook.csv.read(Readable.from([text]), {
      map: (value: unknown) => (typeof value === 'string' ? unguard(value) : value),
      parserOptions: { delimiter: delimiterOf(text), trim: true },
    });
  } else {
    // exceljs is given only what was inflated within the limits, packed again uncompressed.
    const unpacked = await unzipWithin(bytes, xlsxLimits);
    if (unpacked.kind === 'too-big') return { kind: 'too-big', limitBytes: unpacked.limitBytes };
    if (unpacked.kind === 'too-many-entries')
      return { kind: 'too-many-parts', limitEntries: unpacked.limitEntries };
    await workbook.xlsx.load(storedZip(unpacked.entries) as unknown as ExcelJS.Buffer);
    worksheet = workbook.worksheets[0];
  }
  const all: SheetRow[] = [];
  worksheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text.trim();
    });
    for (let column = 0; column < cells.length; column += 1) cells[column] ??= '';
    if (cells.some((cell) => cell !== '')) all.push({ row: rowNumber, cells });
  });
  const [header, ...rows] = all;
  if (rows.length > maxRows) return { kind: 'too-many' };
  return { kind: 'rows', header: header?.cells ?? [], rows };
}

/** One CSV line (RFC 4180). A value a spreadsheet would run as a formula is guarded by an apostrophe. */
export function csvLine(values: readonly string[]): string {
  return `${values
    .map((value) => {
      const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
      return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}

/** Writes, waiting while the reader is behind, so a long export never piles up in memory. */
async function write(stream: Writable, chunk: string) {
  if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
}

/** A sheet being written to a stream, row by row. */
export interface SheetWriter {
  stream: PassThrough;
  addRow(values: readonly string[]): Promise<void>;
  /** Another sheet, for the XLSX template's help (CSV has one sheet: ignored). */
  addHelp?(rows: readonly (readonly string[])[]): void;
  end(): Promise<void>;
}

/** Starts writing a sheet named `name` whose first row is `header`. */
export function sheetWriter(kind: SheetKind, name: string, header: readonly string[]): SheetWriter {
  const stream = new PassThrough();
  if (kind === 'CSV') {
    // The BOM tells Excel the file is UTF-8, so names with accents open as typed.
    stream.write(`\uFEFF${csvLine(header)}`);
    return {
      stream,
      addRow: (values) => write(stream, csvLine(values)),
      end: async () => {
        stream.end();
      },
    };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name);
  sheet.columns = header.map((key) => ({ key, width: Math.max(14, key.length + 4) }));
  const top = sheet.addRow([...header]);
  top.font = { bold: true };
  top.commit();
  let help: (readonly string[])[] = [];
  return {
    stream,
    addRow: async (values) => {
      sheet.addRow([...values]).commit();
    },
    addHelp: (rows) => {
      help = [...rows];
    },
    end: async () => {
      sheet.commit();
      if (help.length > 0) {
        const page = workbook.addWorksheet('Help');
        page.columns = [{ width: 24 }, { width: 90 }];
        for (const row of help) page.addRow([...row]).commit();
        page.commit();
      }
      await workbook.commit();
    },
  };
}

/**
 * Answers with `writer`'s file as it is written by `writing` (rows, then `end()`), named `<baseName>.csv`
 * or `.xlsx`. The headers are already sent when a later row fails, so a failure is logged and the stream
 * destroyed: the client sees a cut-off download, not a file that looks complete.
 */
export function streamSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  writer: SheetWriter,
  kind: SheetKind,
  baseName: string,
  writing: Promise<void>,
): FastifyReply {
  writing.catch((error: unknown) => {
    request.log.error({ err: error, file: baseName }, 'spreadsheet failed while streaming');
    writer.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', kind === 'CSV' ? csvType : xlsxType)
    .header('content-disposition', `attachment; filename="${baseName}.${kind === 'CSV' ? 'csv' : 'xlsx'}"`)
    .send(writer.stream);
}
