import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import {
  maxStaffImportRows,
  maxUploadBytes,
  staffImportColumns,
  type DepartmentDetail,
  type ListData,
  type StaffImportResult,
  type StaffMember,
} from '@console/shared-sdk/contract';
import { siteMembers, users } from '../../../platform/db/schema.js';
import { userDepartments } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { tinyPng as png } from '../../../test/files.js';
import { deflateBomb, zipOf } from '../../../test/zip-bomb.js';
import { unzipWithin } from '../../../platform/http/zip-limits.js';
import { xlsxLimits } from '../../../platform/http/spreadsheet.js';

const base = '/api/v1/staff-people';
const header = staffImportColumns.join(',');
const brightonName = 'The Harbour Kitchen, Brighton';
const manchesterName = 'Vine Street Café, Manchester';

let ctx: TestContext;
let owner: string;
let siteAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  siteAdmin = await ctx.login(demoLogins.siteAdmin);
  for (const [siteID, name] of [
    [ctx.demo.sites.brighton.id, 'Kitchen'],
    [ctx.demo.sites.brighton.id, 'Bar'],
    [ctx.demo.sites.manchester.id, 'Kitchen'],
  ] as const) {
    const reply = await ctx.inject('POST', '/api/v1/department-panel/create-new-one', {
      token: owner,
      body: { siteID, name },
    });
    expect(reply.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

/** A CSV cell: quoted when it holds a comma, quote or line break. */
const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: string[][], head = header) =>
  Buffer.from([head, ...rows.map((row) => row.map(cell).join(','))].join('\r\n') + '\r\n');

async function upload(bytes: Buffer, options: { token?: string; name?: string; type?: string } = {}) {
  const data = new FormData();
  data.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'text/csv' }),
    options.name ?? 'staff.csv',
  );
  const encoded = new Response(data);
  return ctx.inject<{ data: StaffImportResult }>('POST', `${base}/upload`, {
    token: options.token ?? owner,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A GET whose answer is a file, as bytes. */
async function download(path: string, query: Record<string, string>, token = owner) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${base}/${path}`,
    query,
    headers: { authorization: token },
  });
  return { statusCode: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

async function xlsxRows(bytes: Buffer, sheet = 0): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[sheet]?.eachRow((row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (one, column) => {
      values[column - 1] = one.text;
    });
    // A trailing empty cell is not stored: the staff sheet always has the import's columns.
    const width = sheet === 0 ? staffImportColumns.length : values.length;
    rows.push(Array.from({ length: Math.max(width, values.length) }, (_, index) => values[index] ?? ''));
  });
  return rows;
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function counts() {
  const [people] = await ctx.db.select({ n: count() }).from(users);
  const [memberships] = await ctx.db.select({ n: count() }).from(siteMembers);
  const [seats] = await ctx.db.select({ n: count() }).from(userDepartments);
  return { people: people?.n, memberships: memberships?.n, seats: seats?.n };
}

const listed = async (search: string) =>
  (
    await ctx.inject<{ data: ListData<StaffMember> }>('GET', `${base}/web-app-list`, {
      token: owner,
      query: { search, limit: 100 },
    })
  ).json.data.list;

describe('upload', () => {
  test('a file with good and bad rows writes nothing and names every bad row, column and problem', async () => {
    const before = await counts();
    const reply = await upload(
      csv([
        ['Good', 'Person', 'good.person@harbourvine.example', '', '', 'STAFF', brightonName, 'Kitchen'],
        ['', 'Nameless', 'nameless@harbourvine.example', '', '', '', brightonName, ''],
        ['Bad', 'Mail', 'not-an-address', '', '', '', brightonName, ''],
        ['Far', 'Away', 'far.away@harbourvine.example', 'call me', 'ROBOT', 'CHEF', 'Atlantis', 'Nowhere'],
        ['No', 'Site', 'no.site@harbourvine.example', '', '', 'STAFF', '', ''],
        ['Twice', 'Listed', 'GOOD.person@harbourvine.example', '', '', '', brightonName, 'Bar'],
      ]),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json.message).toBe(
      '5 rows have problems (of 6); nothing was imported. Fix them and upload the file again.',
    );
    expect(reply.json.details?.fieldErrors).toEqual({
      'rows.3.firstName': ['First name is required'],
      'rows.4.email': ['Must be a valid e-mail address'],
      'rows.5.mobileNumber': ['Must be a valid phone number'],
      'rows.5.gender': ['Use one of MALE, FEMALE, NON-BINARY, TRANS, OTHER, or leave it empty'],
      'rows.5.userRole': ['Use one of STAFF, SITE_ADMIN, ORGANIZATION_ADMIN (empty means STAFF)'],
      'rows.5.sites': ['There is no site called "Atlantis"'],
      'rows.5.departments': ['No department called "Nowhere" at this person\'s sites'],
      'rows.6.sites': ['Name at least one site (names separated by ";")'],
      'rows.7.email': ['This address is also on row 2'],
    });
    expect(await counts()).toEqual(before);
    expect(ctx.mailer.lastTo('good.person@harbourvine.example')).toBeUndefined();
  });

  test('a good file creates everyone, with sites and departments, invites them, and skips existing addresses', async () => {
    const reply = await upload(
      csv([
        [
          'Ivy',
          'Import',
          'ivy.import@harbourvine.example',
          '07700 900123',
          'female',
          '',
          `${brightonName}; ${manchesterName}`,
          'Kitchen',
        ],
        ['Ian', 'Import', 'IAN.import@harbourvine.example', '', '', 'Site admin', manchesterName, ''],
        ['Aisha', 'Again', 'aisha.khan@harbourvine.example', '', '', '', brightonName, ''],
        ['Sam', 'Elsewhere', 'staff@other.example', '', '', '', brightonName, ''],
        ['', '', '', '', '', '', '', ''],
        ['Olga', 'Owner', 'olga.owner@harbourvine.example', '', '', 'Organisation admin', '', ''],
      ]),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual({
      created: 3,
      existing: [
        { row: 4, email: 'aisha.khan@harbourvine.example' },
        { row: 5, email: 'staff@other.example' },
      ],
    });
    expect(reply.json.message).toBe('3 people imported and invited; 2 already had an account');
    const [ivy] = await listed('ivy.import');
    expect(ivy).toMatchObject({
      firstName: 'Ivy',
      mobileNumber: '07700 900123',
      gender: 'FEMALE',
      userRole: 'STAFF',
      invitation: 'PENDING',
    });
    // "Kitchen" is looked up on each of her sites: she sits in both kitchens.
    expect(ivy?.departments.map((one) => one.name)).toEqual(['Kitchen', 'Kitchen']);
    expect(ivy?.siteIDs).toHaveLength(2);
    const [ian] = await listed('ian.import');
    expect(ian).toMatchObject({ userRole: 'SITE_ADMIN', siteIDs: [ctx.demo.sites.manchester.id] });
    expect((await listed('olga.owner'))[0]?.userRole).toBe('ORGANIZATION_ADMIN');
    expect((await listed('aisha.khan')).map((one) => one.lastName)).toEqual(['Khan']);
    await ctx.settled();
    expect(ctx.mailer.lastTo('ivy.import@harbourvine.example')?.text).toContain(
      'http://console.test/kitchen/invite?token=',
    );
    expect(ctx.mailer.lastTo('ian.import@harbourvine.example')?.subject).toMatch(/invited/);
    expect(ctx.mailer.lastTo('ian.import@harbourvine.example')?.text).toContain(
      'http://console.test/reset-password?token=',
    );
    expect(ctx.mailer.lastTo('staff@other.example')).toBeUndefined();
  });

  test('reads XLSX, Excel’s semicolon CSV with a BOM, Windows-1252 text and human headings', async () => {
    const book = await xlsx([
      ['First name', 'Last name', 'E-mail', 'Mobile number', 'Gender', 'User role', 'Sites', 'Departments'],
      [
        'Xavi',
        'Sheet',
        'xavi.sheet@harbourvine.example',
        7700900555,
        'MALE',
        'STAFF',
        brightonName,
        'Bar;Kitchen',
      ],
    ]);
    const fromXlsx = await upload(book, {
      name: 'people.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(fromXlsx.statusCode).toBe(200);
    const [xavi] = await listed('xavi.sheet');
    expect(xavi?.mobileNumber).toBe('7700900555');
    expect(xavi?.departments.map((one) => one.name)).toEqual(['Bar', 'Kitchen']);

    const semicolons = Buffer.from(
      `\uFEFF${staffImportColumns.join(';')}\r\nSemi;Colon;semi.colon@harbourvine.example;;;;"${brightonName}";\r\n`,
    );
    expect((await upload(semicolons)).statusCode).toBe(200);
    expect(await listed('semi.colon')).toHaveLength(1);

    const latin = Buffer.concat([
      Buffer.from(`${header}\r\n`),
      Buffer.from([0x5a, 0x6f, 0xeb]), // "Zoë" in Windows-1252
      Buffer.from(`,Latin,zoe.latin@harbourvine.example,,,,"${brightonName}",\r\n`),
    ]);
    expect((await upload(latin)).statusCode).toBe(200);
    expect((await listed('zoe.latin'))[0]?.firstName).toBe('Zoë');
  });

  test('a site admin imports staff of its own sites only', async () => {
    const refused = await upload(
      csv([
        ['Own', 'Site', 'own.site@harbourvine.example', '', '', '', brightonName, ''],
        ['Other', 'Site', 'other.site@harbourvine.example', '', '', '', manchesterName, ''],
        ['New', 'Boss', 'new.boss@harbourvine.example', '', '', 'SITE_ADMIN', brightonName, ''],
      ]),
      { token: siteAdmin },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors).toEqual({
      'rows.3.sites': [`You do not administer "${manchesterName}"`],
      'rows.4.userRole': ['You can only add staff'],
    });
    const accepted = await upload(
      csv([['Own', 'Site', 'own.site@harbourvine.example', '', '', '', brightonName, 'Kitchen']]),
      {
        token: siteAdmin,
      },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json.data.created).toBe(1);
  });

  test(`more than ${maxStaffImportRows} rows is a 413, and nothing is written`, async () => {
    const before = await counts();
    const rows = Array.from({ length: maxStaffImportRows + 1 }, (_, index) => [
      'Many',
      `Row ${index}`,
      `many.${index}@harbourvine.example`,
      '',
      '',
      '',
      brightonName,
      '',
    ]);
    const reply = await upload(csv(rows));
    expect(reply.statusCode).toBe(413);
    expect(reply.json.message).toBe('A file can hold at most 5,000 people; split it into smaller files');
    const asXlsx = await upload(await xlsx([[...staffImportColumns], ...rows]), { name: 'many.xlsx' });
    expect(asXlsx.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  test(`${maxStaffImportRows} rows are imported in one go`, async () => {
    const rows = Array.from({ length: maxStaffImportRows }, (_, index) => [
      'Bulk',
      `Person ${String(index).padStart(4, '0')}`,
      `bulk.${index}@harbourvine.example`,
      '',
      '',
      '',
      brightonName,
      'Bar',
    ]);
    const reply = await upload(csv(rows));
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.created).toBe(maxStaffImportRows);
    await ctx.settled();
    expect(ctx.mailer.lastTo(`bulk.${maxStaffImportRows - 1}@harbourvine.example`)).toBeDefined();
    const bar = await ctx.inject<{ data: DepartmentDetail[] }>(
      'POST',
      '/api/v1/department-panel/simple-list2',
      {
        token: owner,
        body: { list: [ctx.demo.sites.brighton.id] },
      },
    );
    const barId = bar.json.data.find((one) => one.name === 'Bar')?._id ?? '';
    const inBar = await ctx.inject<{ data: ListData<StaffMember> }>('GET', `${base}/web-app-list`, {
      token: owner,
      query: { departmentID: barId, search: 'bulk' },
    });
    expect(inBar.json.data.records).toBe(maxStaffImportRows);
  }, 120_000);

  test('an XLSX that would unpack to far more than any staff list is refused before it is unpacked', async () => {
    const book = await xlsx([[...staffImportColumns]]);
    // Declare one entry of the zip's directory as 1 GB unpacked, as a zip bomb would.
    const directory = book.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    book.writeUInt32LE(1024 * 1024 * 1024, directory + 24);
    const reply = await upload(book, { name: 'bomb.xlsx' });
    expect(reply.statusCode).toBe(413);
    expect(reply.json.message).toMatch(/unpacks to more than 32 MB/);
  });

  test('an XLSX whose directory under-declares a 400 MiB sheet is refused once inflating passes the limit', async () => {
    // The attack's file: a real workbook whose sheet is replaced by 400 MiB of deflated spaces that the zip
    // directory declares as 4 KB. Before, the whole sheet was inflated (seconds, +360 MB, /health stalled).
    const unpacked = await unzipWithin(await xlsx([[...staffImportColumns]]), xlsxLimits);
    if (unpacked.kind !== 'entries') throw new Error('the template did not unpack');
    const bomb = zipOf(
      unpacked.entries.map(({ name, data }) =>
        name === 'xl/worksheets/sheet1.xml'
          ? { name, data: deflateBomb(400), declaredSize: 4096 }
          : { name, data, stored: true, declaredSize: data.length },
      ),
    );
    expect(bomb.length).toBeLessThan(maxUploadBytes);
    const before = await counts();
    const [reply, health] = await Promise.all([
      upload(bomb, { name: 'bomb.xlsx' }),
      ctx.inject('GET', '/health'),
    ]);
    expect(health.statusCode).toBe(200);
    expect(reply.statusCode).toBe(413);
    expect(reply.json.error).toBe('PAYLOAD_TOO_LARGE');
    expect(reply.json.message).toMatch(/unpacks to more than 32 MB/);
    expect(await counts()).toEqual(before);
  });

  test('a file over the upload limit is a 413', async () => {
    const big = Buffer.concat([csv([]), Buffer.alloc(maxUploadBytes, 0x20)]);
    const reply = await upload(big);
    expect(reply.statusCode).toBe(413);
    expect(reply.json.error).toBe('PAYLOAD_TOO_LARGE');
  });

  test('a file that is not CSV or XLSX, or has no usable header, is a 400 on file', async () => {
    const cases = [
      await upload(png, { name: 'staff.csv', type: 'text/csv' }),
      await upload(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]), {
        name: 'staff.xlsx',
      }),
      await upload(Buffer.from([0x41, 0x00, 0x42]), { name: 'staff.csv' }),
    ];
    for (const reply of cases) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.file?.[0]).toMatch(/CSV or XLSX/);
    }
    const noEmail = await upload(csv([['A', 'B']], 'firstName,lastName'));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json.details?.fieldErrors.file?.[0]).toMatch(/missing: email/);
    const onlyHeader = await upload(csv([]));
    expect(onlyHeader.json.details?.fieldErrors.file).toEqual([
      'The file has no people under its header row',
    ]);
    const truncated = await ctx.inject('POST', `${base}/upload`, {
      token: owner,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nfirstName',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json.error).toBe('VALIDATION_ERROR');
    const json = await ctx.inject('POST', `${base}/upload`, { token: owner, body: { rows: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json.details?.fieldErrors).toHaveProperty('file');
  });
});

describe('download and upload-template', () => {
  test('the filtered list, every page, as XLSX in the import’s columns', async () => {
    const reply = await download('download', {
      siteID: ctx.demo.sites.brighton.id,
      sort: 'fullName',
      search: 'a',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="staff-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await xlsxRows(reply.bytes);
    expect(rows[0]).toEqual([...staffImportColumns]);
    const listedRows = await ctx.inject<{ data: ListData<StaffMember> }>('GET', `${base}/web-app-list`, {
      token: owner,
      query: { siteID: ctx.demo.sites.brighton.id, sort: 'fullName', search: 'a', limit: 100 },
    });
    expect(listedRows.json.data.records).toBeGreaterThan(100);
    expect(rows).toHaveLength(listedRows.json.data.records + 1);
    const aisha = rows.find((row) => row[2] === 'aisha.khan@harbourvine.example');
    expect(aisha).toEqual([
      'Aisha',
      'Khan',
      'aisha.khan@harbourvine.example',
      '',
      '',
      'STAFF',
      brightonName,
      '',
    ]);
    const ivy = rows.find((row) => row[2] === 'ivy.import@harbourvine.example');
    expect(ivy?.slice(6)).toEqual([`${brightonName}; ${manchesterName}`, 'Kitchen']);
    const firstNames = rows.slice(1, 20).map((row) => `${row[0]} ${row[1]}`.toLowerCase());
    expect(firstNames).toEqual([...firstNames].sort());
  });

  test('CSV on request; an export imports again as it is', async () => {
    const reply = await download('download', { downloadFileType: 'CSV', search: 'ivy.import' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = reply.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines[1]).toBe(
      `Ivy,Import,ivy.import@harbourvine.example,07700 900123,FEMALE,STAFF,"${brightonName}; ${manchesterName}",Kitchen`,
    );
    const again = await upload(reply.bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json.data).toEqual({
      created: 0,
      existing: [{ row: 2, email: 'ivy.import@harbourvine.example' }],
    });
  });

  test('a CSV cell a spreadsheet would run as a formula is guarded, and unguarded on import', async () => {
    const imported = await upload(
      csv([
        [
          '=HYPERLINK("x")',
          'Formula',
          'formula@harbourvine.example',
          '+44 7700 900777',
          '',
          '',
          brightonName,
          '',
        ],
      ]),
    );
    expect(imported.statusCode).toBe(200);
    const reply = await download('download', { downloadFileType: 'CSV', search: 'formula@' });
    const line = reply.bytes.toString('utf8').trimEnd().split('\r\n')[1];
    expect(line).toBe(
      `"'=HYPERLINK(""x"")",Formula,formula@harbourvine.example,'+44 7700 900777,,STAFF,"${brightonName}",`,
    );
    const [person] = await listed('formula@');
    expect(person?.firstName).toBe('=HYPERLINK("x")');
  });

  test('a site admin exports its own sites only', async () => {
    const own = await download('download', {}, siteAdmin);
    expect(own.statusCode).toBe(200);
    const rows = await xlsxRows(own.bytes);
    expect(rows.some((row) => row[2] === 'chloe.evans@harbourvine.example')).toBe(false);
    expect((await download('download', { siteID: ctx.demo.sites.manchester.id }, siteAdmin)).statusCode).toBe(
      403,
    );
    expect((await download('download', { downloadFileType: 'PDF' })).statusCode).toBe(400);
  });

  test('the template holds the header row and, in XLSX, a help sheet naming the caller’s sites', async () => {
    const book = await download('upload-template', {});
    expect(book.statusCode).toBe(200);
    expect(await xlsxRows(book.bytes)).toEqual([[...staffImportColumns]]);
    const help = await xlsxRows(book.bytes, 1);
    expect(help).toContainEqual([brightonName, 'Bar; Kitchen']);
    expect(help).toContainEqual([manchesterName, 'Kitchen']);
    const managers = await xlsxRows((await download('upload-template', {}, siteAdmin)).bytes, 1);
    expect(managers.map((row) => row[0])).not.toContain(manchesterName);
    const text = await download('upload-template', { downloadFileType: 'CSV' });
    expect(text.bytes.toString('utf8')).toBe(`\uFEFF${header}\r\n`);
    expect(text.headers['content-disposition']).toBe('attachment; filename="staff-import-template.csv"');
  });
});
