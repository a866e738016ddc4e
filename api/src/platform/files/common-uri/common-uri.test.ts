import { count, eq } from 'drizzle-orm';
import { abilityFor, asSubject, type AbilityRule } from '@console/shared-sdk/ability';
import {
  maxUploadBytes,
  type MyAccess,
  type PreSignedUpload,
  type UploadedFile,
} from '@console/shared-sdk/contract';
import { files } from '../../db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { tinyPng as png, tinyPdf as pdf } from '../../../test/files.js';

const uploadUrl = '/api/v1/common-uri/file-upload-s3';
const fileUrl = '/api/v1/common-uri/file';

const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

let ctx: TestContext;
let owner: string;
let platform: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  platform = await ctx.login('platform@console.example');
});
afterAll(() => ctx.close());

async function form(
  parts: { field?: string; name?: string; type?: string; bytes?: Buffer; text?: string }[],
) {
  const data = new FormData();
  for (const part of parts) {
    if (part.bytes) {
      data.append(
        part.field ?? 'file',
        new Blob([new Uint8Array(part.bytes)], { type: part.type ?? '' }),
        part.name,
      );
    } else {
      data.append(part.field ?? 'note', part.text ?? '');
    }
  }
  const encoded = new Response(data);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

async function upload(
  file: { name?: string; type?: string; bytes: Buffer; field?: string },
  options: { token?: string; headers?: Record<string, string> } = { token: owner },
) {
  const { body, contentType } = await form([file]);
  return ctx.inject<{ data: UploadedFile }>('PUT', uploadUrl, {
    ...(options.token ? { token: options.token } : {}),
    headers: { 'content-type': contentType, ...options.headers },
    body,
  });
}

/** Binary-safe GET (the helper's `raw` is a string). */
const download = (key: string) => ctx.app.inject({ method: 'GET', url: `${fileUrl}/${key}` });

async function fileRows() {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

describe('PUT /file-upload-s3', () => {
  test('a PNG is stored under a generated key and comes back intact from its location, without a token', async () => {
    const reply = await upload({ name: 'Fridge 2 label.png', type: 'image/png', bytes: png });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('File uploaded');
    const uploaded = reply.json.data;
    const now = ctx.clock.now();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(uploaded.key).toMatch(
      new RegExp(
        `^${ctx.demo.organization.id}/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}-[0-9a-f]{32}\\.png$`,
      ),
    );
    expect(uploaded).toMatchObject({
      originalName: 'Fridge 2 label.png',
      contentType: 'image/png',
      size: png.length,
      // A path on the API, not PUBLIC_URL's: the console loads it from whatever address it was opened at.
      location: `/api/v1/common-uri/file/${uploaded.key}`,
    });
    const [row] = await ctx.db.select().from(files).where(eq(files.id, uploaded._id));
    expect(row).toMatchObject({ uploadedBy: ctx.demo.organizationAdmin.id, orgId: ctx.demo.organization.id });

    const fetched = await ctx.app.inject({ method: 'GET', url: uploaded.location });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.headers['x-content-type-options']).toBe('nosniff');
    expect(fetched.headers['content-disposition']).toMatch(/^inline;/);
    expect(fetched.headers['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(fetched.rawPayload, png)).toBe(0);
  });

  test('the type comes from the bytes: a PDF sent as octet-stream is a PDF, and downloads as an attachment', async () => {
    const reply = await upload({ name: 'Allergen matrix.pdf', type: 'application/octet-stream', bytes: pdf });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.contentType).toBe('application/pdf');
    expect(reply.json.data.key).toMatch(/\.pdf$/);
    const fetched = await download(reply.json.data.key);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.headers['content-disposition']).toBe(
      `attachment; filename="Allergen matrix.pdf"; filename*=UTF-8''Allergen%20matrix.pdf`,
    );
  });

  test('CSV and plain text are taken at their declared type (they have no signature)', async () => {
    const csv = await upload({
      field: 'document',
      name: 'deliveries.csv',
      type: 'text/csv',
      bytes: Buffer.from('date,supplier,temp\n2026-03-01,Fresh Fish Co,3.1\n'),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.json.data).toMatchObject({ contentType: 'text/csv', originalName: 'deliveries.csv' });
    expect(csv.json.data.key).toMatch(/\.csv$/);
    expect((await download(csv.json.data.key)).headers['content-disposition']).toMatch(/^attachment;/);
  });

  test('an executable or a web page claiming to be a PNG is refused with 415, and nothing is stored', async () => {
    const before = await fileRows();
    const executable = await upload({ name: 'photo.png', type: 'image/png', bytes: elf });
    expect(executable.statusCode).toBe(415);
    expect(executable.json.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const page = await upload({
      name: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
    });
    expect(page.statusCode).toBe(415);
    const binaryText = await upload({ name: 'notes.txt', type: 'text/plain', bytes: elf });
    expect(binaryText.statusCode).toBe(415);
    expect(await fileRows()).toBe(before);
  });

  test('a file over the limit is refused with 413, and nothing is stored', async () => {
    const before = await fileRows();
    const big = Buffer.concat([png, Buffer.alloc(maxUploadBytes + 1 - png.length, 0)]);
    const reply = await upload({ name: 'huge.png', type: 'image/png', bytes: big });
    expect(reply.statusCode).toBe(413);
    expect(reply.json.error).toBe('PAYLOAD_TOO_LARGE');
    expect(reply.json.message).toBe('The file is larger than 10 MB');
    expect(await fileRows()).toBe(before);
  });

  test("the client's file name never reaches the storage key", async () => {
    const reply = await upload({ name: '../../etc/passwd.png', type: 'image/png', bytes: png });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.key).not.toMatch(/passwd|etc|\.\./);
    expect(reply.json.data.originalName).toBe('passwd.png');
    const long = await upload({ name: `${'a'.repeat(300)}.png`, type: 'image/png', bytes: png });
    expect(long.json.data.originalName).toHaveLength(200);
  });

  test('a platform admin uploads under "platform", or under the organisation it acts in', async () => {
    const own = await upload({ name: 'logo.png', type: 'image/png', bytes: png }, { token: platform });
    expect(own.json.data.key).toMatch(/^platform\//);
    const inOrg = await upload(
      { name: 'logo.png', type: 'image/png', bytes: png },
      { token: platform, headers: { orgid: ctx.other.organization.id } },
    );
    expect(inOrg.json.data.key.startsWith(`${ctx.other.organization.id}/`)).toBe(true);
  });

  test('no file, an empty file or a JSON body is a 400 naming the file', async () => {
    const onlyText = await form([{ field: 'note', text: 'hello' }]);
    const noFile = await ctx.inject('PUT', uploadUrl, {
      token: owner,
      headers: { 'content-type': onlyText.contentType },
      body: onlyText.body,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json.details?.fieldErrors).toHaveProperty('file');
    const empty = await upload({ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json.details?.fieldErrors).toHaveProperty('file');
    const json = await ctx.inject('PUT', uploadUrl, { token: owner, body: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json.details?.fieldErrors).toHaveProperty('file');
  });

  test('no token is a 401 and stores nothing', async () => {
    const before = await fileRows();
    const reply = await upload({ name: 'a.png', type: 'image/png', bytes: png }, {});
    expect(reply.statusCode).toBe(401);
    expect(await fileRows()).toBe(before);
  });
});

describe('GET /file/*', () => {
  test('an unknown key is a 404', async () => {
    const reply = await download(
      `${ctx.demo.organization.id}/2026/01/0190aaaa-0000-7000-8000-000000000000-00.png`,
    );
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ status: false, error: 'NOT_FOUND' });
  });

  test('a key with .. or unexpected characters is refused without asking storage', async () => {
    const get = jest.spyOn(ctx.app.deps.storage, 'get');
    try {
      for (const key of [
        '..%2F..%2Fetc%2Fpasswd',
        'a/../../secret',
        '%3Cscript%3E.png',
        'a%00.png',
        '.hidden',
      ]) {
        const reply = await download(key);
        // A NUL byte is refused as bad input (400) before the key is looked at; the rest are not found.
        expect(reply.statusCode).toBe(key.includes('%00') ? 400 : 404);
      }
      expect(get).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
    }
  });

  test('is documented in OpenAPI as a public capability URL', async () => {
    const doc = await ctx.inject<{
      paths: Record<string, { get?: { summary?: string; security?: unknown[] } }>;
    }>('GET', '/api/docs/json');
    const entry = Object.entries(doc.json.paths).find(([path]) =>
      path.startsWith('/api/v1/common-uri/file/'),
    );
    expect(entry?.[1].get?.summary).toMatch(/no Authorization header/i);
    expect(entry?.[1].get?.security).toEqual([]);
  });
});

describe('POST /form-data-upload', () => {
  const formUrl = '/api/v1/common-uri/form-data-upload';
  const send = async (parts: Parameters<typeof form>[0], token: string | null = owner) => {
    const { body, contentType } = await form(parts);
    return ctx.inject<{
      data: UploadedFile[];
      message: string;
      details?: { fieldErrors: Record<string, string[]> };
    }>('POST', formUrl, { ...(token ? { token } : {}), headers: { 'content-type': contentType }, body });
  };

  test('several files are stored in the order they were sent', async () => {
    const reply = await send([
      { field: 'photo', name: 'Probe.png', type: 'image/png', bytes: png },
      { field: 'certificate', name: 'Certificate.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('2 files uploaded');
    expect(reply.json.data.map((file) => [file.originalName, file.contentType])).toEqual([
      ['Probe.png', 'image/png'],
      ['Certificate.pdf', 'application/pdf'],
    ]);
    const fetched = await download(reply.json.data[1]?.key ?? '');
    expect(Buffer.compare(fetched.rawPayload, pdf)).toBe(0);
  });

  test('one refused file keeps none of the form: 415, and no row or object is left', async () => {
    const before = await fileRows();
    const put = jest.spyOn(ctx.app.deps.storage, 'delete');
    try {
      const reply = await send([
        { name: 'Probe.png', type: 'image/png', bytes: png },
        { name: 'tool.png', type: 'image/png', bytes: elf },
      ]);
      expect(reply.statusCode).toBe(415);
      expect(await fileRows()).toBe(before);
      expect(put).toHaveBeenCalledTimes(1);
    } finally {
      put.mockRestore();
    }
  });

  test('no file, too many files, or no token are refused and store nothing', async () => {
    const before = await fileRows();
    const none = await send([{ field: 'note', text: 'no file here' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json.details?.fieldErrors?.file).toEqual(['Choose at least one file to upload']);
    const eleven = await send(
      Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.png`, bytes: png })),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json.message).toMatch(/at most 10 files/i);
    expect((await send([{ name: 'p.png', bytes: png }], null)).statusCode).toBe(401);
    expect(await fileRows()).toBe(before);
  });
});

describe('pre-signed uploads', () => {
  const signUrl = '/api/v1/common-uri/pre-signed-url';
  const sign = (body: unknown, token: string | null = owner) =>
    ctx.inject<{ data: PreSignedUpload; details?: { fieldErrors: Record<string, string[]> } }>(
      'POST',
      signUrl,
      {
        ...(token ? { token } : {}),
        body,
      },
    );
  /** PUTs raw bytes to an upload URL, as a phone does to S3: no Authorization header. */
  const put = (uploadUrl: string, bytes: Buffer, contentType: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${new URL(uploadUrl).pathname}${new URL(uploadUrl).search}`,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
  const aPng = { fileName: 'Walk-in label.png', contentType: 'image/png', size: png.length };

  test('the URL takes the file once, without a token, and the file is then at its location', async () => {
    const signed = await sign(aPng);
    expect(signed.statusCode).toBe(200);
    const ticket = signed.json.data;
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    expect(ticket.key.startsWith(`${ctx.demo.organization.id}/`)).toBe(true);
    expect(ticket.location).toBe(`/api/v1/common-uri/file/${ticket.key}`);
    // Fifteen minutes from now, to the second (a JWT's expiry is in whole seconds).
    const lifetime = new Date(ticket.expiresAt).getTime() - ctx.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(15 * 60 * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
    // Nothing exists until the bytes arrive.
    expect((await download(ticket.key)).statusCode).toBe(404);

    const uploaded = await put(ticket.uploadUrl, png, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({
      data: {
        key: ticket.key,
        location: ticket.location,
        originalName: 'Walk-in label.png',
        size: png.length,
      },
    });
    const [row] = await ctx.db.select().from(files).where(eq(files.storageKey, ticket.key));
    expect(row).toMatchObject({ uploadedBy: ctx.demo.organizationAdmin.id, orgId: ctx.demo.organization.id });
    expect(Buffer.compare((await download(ticket.key)).rawPayload, png)).toBe(0);

    const again = await put(ticket.uploadUrl, png, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
  });

  test('two PUTs to one URL at once store one file, and its bytes are the winner’s', async () => {
    const ticket = (await sign(aPng)).json.data;
    const replies = await Promise.all([
      put(ticket.uploadUrl, png, 'image/png'),
      put(ticket.uploadUrl, png, 'image/png'),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.db.select().from(files).where(eq(files.storageKey, ticket.key));
    expect(rows).toHaveLength(1);
    expect((await download(ticket.key)).statusCode).toBe(200);
  });

  test('other bytes than the URL was made for are refused and store nothing', async () => {
    const before = await fileRows();
    const ticket = (await sign(aPng)).json.data;
    const shorter = await put(ticket.uploadUrl, png.subarray(0, png.length - 1), 'image/png');
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().details.fieldErrors.file[0]).toMatch(/this link is for a file of \d+ bytes/i);
    const elfSigned = (await sign({ ...aPng, size: elf.length })).json.data;
    const disguised = await put(elfSigned.uploadUrl, elf, 'image/png');
    expect(disguised.statusCode).toBe(415);
    const empty = await put(ticket.uploadUrl, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(await fileRows()).toBe(before);
    // A refused try does not use the link up.
    expect((await put(ticket.uploadUrl, png, 'image/png')).statusCode).toBe(200);
  });

  test('a signed ticket whose key could leave the storage folder is a 400 naming the ticket, storing nothing', async () => {
    const before = await fileRows();
    for (const key of [`${ctx.demo.organization.id}/../../escape.png`, '../outside.png', '/etc/x.png']) {
      const { token } = await ctx.app.deps.tokens.signUpload(
        {
          userId: ctx.demo.organizationAdmin.id,
          orgId: ctx.demo.organization.id,
          key,
          contentType: 'image/png',
          size: png.length,
          fileName: 'label.png',
        },
        60,
      );
      const reply = await put(
        `http://localhost/api/v1/common-uri/pre-signed-upload?ticket=${token}`,
        png,
        'image/png',
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details.fieldErrors.ticket[0]).toMatch(/could not have made/);
    }
    expect(await fileRows()).toBe(before);
  });

  test('a body over the limit is a 413 before it is stored', async () => {
    const ticket = (await sign({ ...aPng, size: maxUploadBytes })).json.data;
    const reply = await put(ticket.uploadUrl, Buffer.alloc(maxUploadBytes + 1, 1), 'image/png');
    expect(reply.statusCode).toBe(413);
  });

  test('an altered, expired or borrowed ticket is refused with 403; a ticket is no access token', async () => {
    const ticket = (await sign(aPng)).json.data;
    const withTicket = (other: string) => ticket.uploadUrl.replace(/ticket=.*$/, `ticket=${other}`);
    const ticketOf = new URL(ticket.uploadUrl).searchParams.get('ticket') ?? '';
    const [head, payload, signature] = ticketOf.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      file: { size: number };
    };
    claims.file.size = elf.length;
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const altered = await put(withTicket(forged), elf, 'image/png');
    expect(altered.statusCode).toBe(403);
    expect(altered.json().message).toBe('This upload link is not valid');

    // An access token in the ticket's place.
    const borrowed = await put(withTicket(owner), png, 'image/png');
    expect(borrowed.statusCode).toBe(403);
    // The ticket in the Authorization header.
    expect((await ctx.inject('GET', '/api/v1/user-profile/view-me', { token: ticketOf })).statusCode).toBe(
      401,
    );

    ctx.clock.advance(15 * 60 * 1000 + 1000);
    try {
      const expired = await put(ticket.uploadUrl, png, 'image/png');
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toMatch(/expired/);
    } finally {
      ctx.clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });

  test('what cannot be signed gets field messages; no token is a 401', async () => {
    const reply = await sign({ fileName: ' ', contentType: 'text/html', size: maxUploadBytes + 1 });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {}).sort()).toEqual([
      'contentType',
      'fileName',
      'size',
    ]);
    expect((await sign(aPng, null)).statusCode).toBe(401);
  });
});

describe('GET /know-my-access', () => {
  test('a site admin learns its role, its sites and its rules as the server holds them now', async () => {
    const token = await ctx.login(demoLogins.siteAdmin);
    const reply = await ctx.inject<{ data: MyAccess }>('GET', '/api/v1/common-uri/know-my-access', { token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      role: 'SITE_ADMIN',
      orgId: ctx.demo.organization.id,
      siteIds: [ctx.demo.sites.brighton.id],
    });
    // The rules travel as JSON; the browser reads them the same way (shared-sdk's session ability).
    const ability = abilityFor(reply.json.data.ability as AbilityRule[]);
    const task = (siteID: string) => asSubject('MasterTask', { orgId: ctx.demo.organization.id, siteID });
    expect(ability.can('read', task(ctx.demo.sites.brighton.id))).toBe(true);
    expect(ability.can('read', task(ctx.demo.sites.manchester.id))).toBe(false);
    expect(ability.can('create', 'Site')).toBe(false);
    expect((await ctx.inject('GET', '/api/v1/common-uri/know-my-access')).statusCode).toBe(401);
  });
});
