import type http from 'node:http';
import {
  acceptedDates,
  jsonDepth,
  maxJsonDepth,
  maxUploadBytes,
  sensorKeyHeader,
} from '@console/shared-sdk/contract';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { mobileLogin, multipartBody } from '../../test/logs.js';
import { listening, multipartFraming, sendLargeBody, type LargeBody } from '../../test/socket-client.js';

// Inputs at the edges (issue 22, the attack's findings): a deeply nested JSON body, and dates far outside
// any kitchen's records, are 400s naming what is wrong, never 5xx.

let ctx: TestContext;
let tokens: string[];
let sensorKey = '';
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  // Whoever may make the call: its date is checked only once the caller passes the gate.
  tokens = [
    await ctx.login('owner@harbourvine.example'),
    await mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    await ctx.login('platform@console.example'),
  ];
  // A sensor's key for its ingest call, whose gate is the key rather than a sign-in.
  const fridge = await ctx.inject<{ data: { temperatureItems: { _id: string }[] } }>(
    'POST',
    '/api/v1/masterType/create-new-one',
    {
      token: tokens[0],
      body: {
        siteID: ctx.demo.sites.brighton.id,
        type: 'FRIDGE',
        name: 'Input limits fridge',
        temperatureItems: [{ name: 'Shelf' }],
      },
    },
  );
  const sensor = await ctx.inject<{ data: { deviceKey: string } }>('POST', '/api/v1/sensor/create-new-one', {
    token: tokens[0],
    body: {
      siteID: ctx.demo.sites.brighton.id,
      name: 'Input limits sensor',
      temperatureItemID: fridge.json.data.temperatureItems[0]?._id,
    },
  });
  sensorKey = sensor.json.data.deviceKey;
});
afterAll(async () => {
  // A request a failing test left open would hold the server's close.
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

describe('deeply nested JSON', () => {
  test('depth is counted on the text, outside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[["]')).toBe(1);
    expect(jsonDepth('['.repeat(20_000), maxJsonDepth)).toBe(maxJsonDepth + 1);
  });

  test('20,000 levels of [ on web-app-login is a 400, and the server answers after it', async () => {
    for (const body of [
      '['.repeat(20_000),
      `{"email":${'['.repeat(20_000)}`,
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    ]) {
      const reply = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
      expect(reply.json.message).toMatch(/nests deeper than 32 levels/);
    }
    // A body one level within the limit reaches validation as usual.
    const within = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: JSON.parse(`${'['.repeat(31)}${']'.repeat(31)}`) as unknown }),
    });
    expect(within.statusCode).toBe(400);
    expect(within.json.details?.fieldErrors).toHaveProperty('email');
    expect((await ctx.inject('GET', '/health')).statusCode).toBe(200);
  });

  test('a JSON body over 1 MiB is a 413', async () => {
    const reply = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(1024 * 1024), password: 'x' }),
    });
    expect(reply.statusCode).toBe(413);
  });
});

// ---- bodies over a route's limit, on a real socket -------------------------------------------------------

describe('a body over its route’s limit is a 413 the client reads, also while it is still writing', () => {
  let base = '';
  beforeAll(async () => {
    base = await listening(ctx.app);
  });

  const MB = 1000 * 1000;
  const MiB = 1024 * 1024;
  const expectReadable413 = async (
    path: string,
    options: { method?: string; headers: Record<string, string>; agent?: http.Agent | false },
    body: Omit<LargeBody, 'declareLength'>,
  ) => {
    for (const declareLength of [true, false])
      for (const readAfterWriting of [true, false]) {
        const answer = await sendLargeBody(
          `${base}${path}`,
          { method: options.method ?? 'POST', headers: options.headers, agent: options.agent },
          { ...body, declareLength, readAfterWriting },
        );
        expect({ declareLength, readAfterWriting, status: answer.status }).toEqual({
          declareLength,
          readAfterWriting,
          status: 413,
        });
        expect(answer.json).toMatchObject({ status: false, error: 'PAYLOAD_TOO_LARGE' });
        expect(answer.json.message).toEqual(expect.any(String));
      }
  };

  test('a 5 MB JSON body', async () => {
    await expectReadable413(
      '/api/v1/authentication/web-app-login',
      { headers: { 'content-type': 'application/json' } },
      { filler: 5 * MB },
    );
  });

  test('a 5 MB JSON body from a client that asks to close the connection after it', async () => {
    await expectReadable413(
      '/api/v1/authentication/web-app-login',
      { headers: { 'content-type': 'application/json' }, agent: false },
      { filler: 5 * MB },
    );
  });

  test('a 13 MB batch on the sensor ingest', async () => {
    await expectReadable413(
      '/api/v1/sensor/ingest',
      { headers: { 'content-type': 'application/json', [sensorKeyHeader]: sensorKey } },
      { filler: 13 * MB },
    );
  });

  test('10 MiB and 1 byte to a pre-signed upload', async () => {
    // The body is refused before the ticket is read, so any ticket shows it.
    await expectReadable413(
      '/api/v1/common-uri/pre-signed-upload?ticket=unread',
      { method: 'PUT', headers: { 'content-type': 'application/pdf' } },
      { filler: maxUploadBytes + 1 },
    );
  });

  test('a 13 MB file in an upload form', async () => {
    const form = multipartFraming('file', 'large.pdf', 'application/pdf');
    await expectReadable413(
      '/api/v1/common-uri/file-upload-s3',
      { method: 'PUT', headers: { 'content-type': form.contentType, authorization: tokens[0] ?? '' } },
      { head: form.head, filler: 13 * MB, tail: form.tail },
    );
  });

  test('a form declaring more than its route takes is refused before it is read', async () => {
    const file = multipartFraming('file', 'large.pdf', 'application/pdf');
    const site = multipartFraming('name', 'name.txt', 'text/plain');
    for (const [method, path, form] of [
      ['PUT', '/api/v1/common-uri/file-upload-s3', file],
      ['POST', '/api/v1/common-uri/form-data-upload', file],
      ['POST', '/api/v1/site-panel/create-new-one', site],
    ] as const) {
      const answer = await sendLargeBody(
        `${base}${path}`,
        { method, headers: { 'content-type': form.contentType, authorization: tokens[0] ?? '' } },
        { ...form, filler: 512 * MiB, declareLength: true, writeAtMost: MiB },
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 413 });
      expect(answer.json).toMatchObject({ status: false, error: 'PAYLOAD_TOO_LARGE' });
      expect(answer.writtenWhenAnswered).toBeLessThan(2 * MiB);
    }
  });

  test('an upload form’s file is read no further than the upload limit', async () => {
    const form = multipartFraming('file', 'large.pdf', 'application/pdf');
    const answer = await sendLargeBody(
      `${base}/api/v1/common-uri/file-upload-s3`,
      { method: 'PUT', headers: { 'content-type': form.contentType, authorization: tokens[0] ?? '' } },
      { ...form, filler: 256 * MiB, declareLength: false, stopWhenAnswered: true },
    );
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ status: false, error: 'PAYLOAD_TOO_LARGE' });
    expect(answer.writtenWhenAnswered).toBeLessThan(128 * MiB);
  });
});

// ---- dates at the edges --------------------------------------------------------------------------------

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const dateFormat = (schema: JsonSchema | undefined): 'date' | 'date-time' | undefined => {
  if (!schema) return undefined;
  if (schema.format === 'date' || schema.format === 'date-time') return schema.format;
  for (const one of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = dateFormat(one);
    if (found) return found;
  }
  return undefined;
};

/** Every date field of a body schema, by its path (an array's items as index 0). */
function dateFields(
  schema: JsonSchema | undefined,
  path: string[] = [],
): { path: string[]; format: string }[] {
  if (!schema) return [];
  const format = dateFormat(schema);
  if (format && path.length > 0) return [{ path, format }];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => dateFields(value, [...path, key])),
    ...(schema.items ? dateFields(schema.items, [...path, '0']) : []),
    ...nested.flatMap((one) => dateFields(one, path)),
  ];
}

/** An object holding `value` at `path` (a numeric step makes an array). */
function holding(path: readonly string[], value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  const inner = holding(rest, value);
  return /^\d+$/.test(step) ? [inner] : { [step]: inner };
}

/** Merges `b` into `a` (both made by `holding`). */
function merged(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return [merged(a[0], b[0])];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [key, value] of Object.entries(b)) out[key] = key in out ? merged(out[key], value) : value;
    return out;
  }
  return b;
}

const edges = {
  date: ['9999-12-31', '0001-01-01', '1999-12-31', '2101-01-01'],
  'date-time': [
    '9999-12-31T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1999-12-30T23:59:59+00:00',
    '2101-01-01T00:00:00Z',
  ],
} as const;

interface DateCase {
  method: string;
  url: string;
  where: 'query' | 'json' | 'form';
  fields: { path: string[]; format: 'date' | 'date-time' }[];
}

/** Every route taking a date, in its query, its JSON body or its form, from the app's own API document. */
function dateCases(): DateCase[] {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const cases: DateCase[] = [];
  const someId = '01890000-0000-7000-8000-000000000000';
  for (const [path, byMethod] of Object.entries(spec.paths)) {
    const url = path.replace(/\{[^}]+\}/g, someId);
    for (const [method, op] of Object.entries(byMethod)) {
      const query = (op.parameters ?? [])
        .filter((param) => param.in === 'query')
        .flatMap((param) => {
          const format = dateFormat(param.schema);
          return format ? [{ path: [param.name], format }] : [];
        });
      if (query.length > 0) cases.push({ method, url, where: 'query', fields: query });
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
        const fields = dateFields(content.schema) as DateCase['fields'];
        const where = type.startsWith('multipart/') ? 'form' : 'json';
        // A form carries text fields; its nested values are JSON text, checked by the JSON case's rules.
        const usable = where === 'form' ? fields.filter((field) => field.path.length === 1) : fields;
        if (usable.length > 0) cases.push({ method, url, where, fields: usable });
      }
    }
  }
  // Forms whose fields the API document does not list (their parts are read by the route itself).
  cases.push(
    {
      method: 'post',
      url: '/api/v1/document/create-new-one',
      where: 'form',
      fields: [{ path: ['expiresOn'], format: 'date' }],
    },
    {
      method: 'put',
      url: '/api/v1/document/update-one',
      where: 'form',
      fields: [{ path: ['expiresOn'], format: 'date' }],
    },
    {
      method: 'post',
      url: '/api/v1/nearMiss/create-new-one',
      where: 'form',
      fields: [{ path: ['occurredAt'], format: 'date-time' }],
    },
  );
  return cases;
}

async function send(one: DateCase, value: (format: 'date' | 'date-time') => string, token: string) {
  const method = one.method.toUpperCase();
  if (one.where === 'query') {
    const query = Object.fromEntries(one.fields.map((field) => [field.path[0], value(field.format)]));
    return ctx.inject(method, one.url, { token, query: query as Record<string, string> });
  }
  if (one.where === 'form') {
    const { body, contentType } = await multipartBody(
      one.fields.map((field) => ({ field: field.path[0] ?? '', text: value(field.format) })),
    );
    return ctx.inject(method, one.url, { token, headers: { 'content-type': contentType }, body });
  }
  const body = one.fields.reduce<unknown>(
    (all, field) => merged(all, holding(field.path, value(field.format))),
    {},
  );
  const headers = one.url === '/api/v1/sensor/ingest' ? { 'x-sensor-key': sensorKey } : undefined;
  return ctx.inject(method, one.url, { token, body, ...(headers ? { headers } : {}) });
}

test('the accepted range is 2000-01-01 to 2100-12-31', () => {
  expect(acceptedDates).toEqual({ first: '2000-01-01', last: '2100-12-31' });
});

test('every route with a date answers a date outside the accepted range with 400 naming it, never 5xx', async () => {
  const cases = dateCases();
  // The findings' routes are among them: the task list, scores, readings, the record check, the pack.
  const urls = cases.map((one) => one.url);
  for (const needed of [
    '/api/v1/master-task/web-app-list',
    '/api/v1/site-panel/all-sites-score-list',
    '/api/v1/site-panel/site-report-scoreList',
    '/api/v1/temperature-logs/web-app-list-for-web',
    '/api/v1/record-history/check',
    '/api/v1/report/inspection-pack/preview',
    '/api/v1/task-new-version/my-tasks',
    '/api/v1/master-task/create-new-one',
    '/api/v1/nearMiss/update-one',
  ]) {
    expect(urls).toContain(needed);
  }
  expect(cases.length).toBeGreaterThanOrEqual(29);

  const problems: unknown[] = [];
  for (const one of cases) {
    for (let edge = 0; edge < edges.date.length; edge += 1) {
      const value = (format: 'date' | 'date-time') => edges[format][edge] ?? '';
      let reply: Awaited<ReturnType<typeof send>> | undefined;
      // The first caller the gate lets through (403 or 401 is the gate, before the input is read).
      for (const token of tokens) {
        reply = await send(one, value, token);
        if (reply.statusCode !== 403 && reply.statusCode !== 401) break;
      }
      const status = reply?.statusCode ?? 0;
      const named = Object.keys(reply?.json.details?.fieldErrors ?? {});
      const missing = one.fields
        .map((field) => field.path.join('.'))
        .filter((field) => !named.includes(field));
      if (status !== 400 || missing.length > 0) {
        problems.push({
          route: `${one.method} ${one.url} (${one.where})`,
          edge: value('date'),
          status,
          missing,
        });
      }
    }
  }
  expect(problems).toEqual([]);
});

test('dates inside the range on its edges are accepted', async () => {
  const owner = tokens[0] ?? '';
  for (const [startDate, endDate] of [
    ['2000-01-01', '2000-01-07'],
    ['2100-12-25', '2100-12-31'],
  ] as const) {
    const reply = await ctx.inject('GET', '/api/v1/site-panel/all-sites-score-list', {
      token: owner,
      query: { startDate, endDate },
    });
    expect(reply.statusCode).toBeLessThan(500);
    expect(reply.json.details?.fieldErrors ?? {}).not.toHaveProperty('startDate');
    expect(reply.json.details?.fieldErrors ?? {}).not.toHaveProperty('endDate');
  }
});
