import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { apiCompression } from './compression.js';

// What the API sends to a client that asks for compression (as every browser does), and that it stays the
// same answer: lists compressed, small answers, errors and spreadsheets as they are, streams still streams.

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
});
afterAll(() => ctx.close());

/** Chromium's Accept-Encoding, less the encodings the server does not offer. */
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: owner, ...headers } });
}

function decoded(encoding: unknown, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/** The JSON of an answer, however it was encoded. */
const jsonOf = (reply: { headers: Record<string, unknown>; rawPayload: Buffer }): unknown =>
  JSON.parse(decoded(reply.headers['content-encoding'], reply.rawPayload).toString('utf8'));

const staffList = () =>
  `/api/v1/staff-people/web-app-list?siteID=${ctx.demo.sites.brighton.id}&limit=100&sort=fullName`;

test('a list above the threshold is sent as brotli to a browser, gzip to a gzip-only client, as it is otherwise', async () => {
  const plain = await get(staffList());
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(apiCompression.thresholdBytes);

  const br = await get(staffList(), browser);
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  expect(jsonOf(br)).toEqual(plain.json());

  const gzip = await get(staffList(), { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(jsonOf(gzip)).toEqual(plain.json());

  const refused = await get(staffList(), { 'accept-encoding': 'identity' });
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.json()).toEqual(plain.json());
});

test('an answer below the threshold is sent as it is', async () => {
  const reply = await get('/api/v1/health', browser);
  expect(reply.statusCode).toBe(200);
  expect(reply.rawPayload.length).toBeLessThan(apiCompression.thresholdBytes);
  expect(reply.headers['content-encoding']).toBeUndefined();
  expect(reply.json()).toMatchObject({ status: 'ok' });
});

test('errors keep their status and body: a 413, a 400, a 404, and a compressed request body', async () => {
  const tooLarge = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/web-app-login',
    headers: { ...browser, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024), password: 'x' }),
  });
  expect(tooLarge.statusCode).toBe(413);
  expect(jsonOf(tooLarge)).toMatchObject({
    status: false,
    error: 'PAYLOAD_TOO_LARGE',
  });

  const malformed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/web-app-login',
    headers: { ...browser, 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json()).toMatchObject({ status: false });

  const missing = await get('/api/v1/supplier/find-one/0190b0c8-0000-7000-8000-000000000000', browser);
  expect(missing.statusCode).toBe(404);
  expect(jsonOf(missing)).toMatchObject({
    status: false,
    error: 'NOT_FOUND',
  });

  // The server does not inflate request bodies: a compressed one is JSON it cannot read, a 400.
  const compressedBody = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/web-app-login',
    headers: { ...browser, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: zlib.gzipSync(JSON.stringify({ email: 'owner@harbourvine.example', password: 'x' })),
  });
  expect(compressedBody.statusCode).toBe(400);
});

test('a spreadsheet goes as it is (already a zip), a CSV export streams compressed and reads the same', async () => {
  const excel = await get(
    `/api/v1/temperature-logs/export-web-app-list-for-web?siteID=${ctx.demo.sites.brighton.id}&downloadFileType=EXCEL`,
    browser,
  );
  expect(excel.statusCode).toBe(200);
  expect(excel.headers['content-encoding']).toBeUndefined();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.length).toBeGreaterThan(0);

  const csvUrl = `/api/v1/staff-people/download?downloadFileType=CSV&siteID=${ctx.demo.sites.brighton.id}`;
  const plainCsv = await get(csvUrl);
  expect(plainCsv.statusCode).toBe(200);
  const csv = await get(csvUrl, browser);
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-encoding']).toBe('br');
  expect(decoded('br', csv.rawPayload).toString('utf8')).toBe(plainCsv.rawPayload.toString('utf8'));
});
