import fs from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type {
  DocumentExpiringCount,
  DocumentHistoryEntry,
  DocumentRecord,
  ListData,
} from '@console/shared-sdk/contract';
import { documents } from '../schema.js';
import { files } from '../../../platform/db/schema.js';
import { verifyChain } from '../../../platform/history/history.js';
import { demoLogins } from '../../../demo.js';
import { tinyPdf, tinyPng } from '../../../test/files.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { missingId, mobileLogin, multipartBody, type FormPart } from '../../../test/logs.js';

// Documents (/document): licences, certificates and policies of a site or of the whole organisation, with
// their files and an expiry date that is surfaced before it lapses.

const base = '/api/v1/document';
/** A Tuesday: 11:00 in Brighton (BST), 06:00 in Brooklyn (EDT). */
const now = '2025-06-10T10:00:00.000Z';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

type Upload = NonNullable<FormPart['file']>;
const png = (name = 'licence.png'): Upload => ({ bytes: tinyPng, type: 'image/png', name });
const pdf = (name = 'licence.pdf'): Upload => ({ bytes: tinyPdf, type: 'application/pdf', name });
const csv = (name = 'register.csv'): Upload => ({
  bytes: Buffer.from('name,expires\nGas safety,2025-06-20\n'),
  type: 'text/csv',
  name,
});
const executable = (name = 'licence.pdf'): Upload => ({
  bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]),
  type: 'application/pdf',
  name,
});

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  uploads: readonly Upload[],
  token: string,
  query?: Record<string, string>,
) {
  const { body, contentType } = await multipartBody([
    ...Object.entries(fields).map(([field, text]) => ({ field, text })),
    ...uploads.map((file) => ({ field: 'files', file })),
  ]);
  return ctx.inject<{ data: DocumentRecord }>(method, url, {
    token,
    headers: { 'content-type': contentType },
    body,
    ...(query ? { query } : {}),
  });
}

const create = (
  fields: Record<string, string>,
  uploads: readonly Upload[] = [pdf()],
  token = owner,
  query?: Record<string, string>,
) =>
  send(
    'POST',
    `${base}/create-new-one`,
    { name: 'Premises licence', category: 'LICENCE', ...fields },
    uploads,
    token,
    query,
  );

async function created(
  fields: Record<string, string>,
  uploads: readonly Upload[] = [pdf()],
  token = owner,
): Promise<DocumentRecord> {
  const reply = await create(fields, uploads, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (fields: Record<string, string>, uploads: readonly Upload[] = [], token = owner) =>
  send('PUT', `${base}/update-one`, fields, uploads, token);

const list = (query: Record<string, string | number | boolean> = {}, token = owner) =>
  ctx.inject<{ data: ListData<DocumentRecord> }>('GET', `${base}/web-app-list`, { token, query });

async function listedNames(query: Record<string, string | number | boolean>, token = owner) {
  const reply = await list({ limit: 100, ...query }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data.list.map((one) => one.name);
}

const find = (id: string, token = owner, query?: Record<string, string>) =>
  ctx.inject<{ data: DocumentRecord }>('GET', `${base}/find-one/${id}`, {
    token,
    ...(query ? { query } : {}),
  });
const history = (id: string, token = owner) =>
  ctx.inject<{ data: DocumentHistoryEntry[] }>('GET', `${base}/log-history-list/${id}`, { token });
const remove = (id: string, token = owner) => ctx.inject('DELETE', `${base}/delete-one/${id}`, { token });
const expiringCount = (query: Record<string, string | number>, token = owner) =>
  ctx.inject<{ data: DocumentExpiringCount }>('GET', `${base}/expiring-count`, { token, query });

/** Binary-safe GET of a file's location, as a browser opens it (no Authorization header). */
const download = (location: string) => ctx.app.inject({ method: 'GET', url: location });

async function rows(table: typeof documents | typeof files): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function storedObjects(): Promise<number> {
  const root = path.join(ctx.config.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

const nothingLeftBehind = async () => [await rows(documents), await rows(files), await storedObjects()];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('a document with several files: each opens from its location with the bytes sent', async () => {
    const reply = await create(
      { siteID: brighton(), expiresOn: '2025-06-20', note: 'Renew with the council' },
      [pdf('Premises licence.pdf'), png('Licence photo.png'), csv('Conditions.csv')],
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Document created');
    const document = reply.json.data;
    expect(document).toMatchObject({
      orgId: ctx.demo.organization.id,
      siteID: brighton(),
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      name: 'Premises licence',
      category: 'LICENCE',
      expiresOn: '2025-06-20',
      expiry: 'EXPIRING',
      daysToExpiry: 10,
      note: 'Renew with the council',
      createdBy: { _id: ctx.demo.organizationAdmin.id, name: 'Olivia Bennett' },
      createdAt: now,
      updatedAt: now,
    });
    expect(document.totalResult).toBeUndefined();
    expect(document.files.map((file) => [file.originalName, file.contentType])).toEqual([
      ['Premises licence.pdf', 'application/pdf'],
      ['Licence photo.png', 'image/png'],
      ['Conditions.csv', 'text/csv'],
    ]);
    const sent = [tinyPdf, tinyPng, csv().bytes];
    for (const [index, file] of document.files.entries()) {
      expect(file.location).toBe(`/api/v1/common-uri/file/${file.key}`);
      expect(file.key.startsWith(`${ctx.demo.organization.id}/`)).toBe(true);
      const served = await download(file.location);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(sent[index] ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await find(document._id)).json.data).toEqual(document);

    const entries = (await history(document._id)).json.data;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'create',
        actor: { _id: ctx.demo.organizationAdmin.id, name: 'Olivia Bennett' },
        changes: {
          before: null,
          after: {
            siteID: brighton(),
            name: 'Premises licence',
            category: 'LICENCE',
            expiresOn: '2025-06-20',
            note: 'Renew with the council',
            fileIDs: document.files.map((file) => file._id),
          },
        },
      }),
    ]);
  });

  test('without a site it is the whole organisation’s, judged in UTC or the zone looked from', async () => {
    const insurance = await created({ name: 'Public liability insurance', category: 'INSURANCE' });
    expect(insurance).toMatchObject({
      siteID: null,
      siteName: null,
      timeZoneId: 'UTC',
      expiresOn: null,
      expiry: 'NONE',
      daysToExpiry: null,
      note: '',
    });
    const blankSite = await create({ siteID: '', expiresOn: '' }, [pdf()], owner, { siteID: brooklyn() });
    expect(blankSite.json.data).toMatchObject({
      siteID: null,
      timeZoneId: 'America/New_York',
      expiresOn: null,
    });
  });

  test('bad fields are 400 with field messages; no file, too many files or not a form, 400', async () => {
    const before = await nothingLeftBehind();
    const bad = await create({ name: ' ', category: 'MENU', expiresOn: '2025-02-30', siteID: 'Brighton' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors).toEqual({
      name: ['Name is required'],
      category: ['Choose a category'],
      expiresOn: ['Must be a date as YYYY-MM-DD, or empty for no expiry'],
      siteID: ['Must be a valid site id, or empty for the whole organisation'],
    });
    const noFile = await create({ siteID: brighton() }, []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json.details?.fieldErrors.files).toEqual([
      'Attach 1 to 10 files (images, PDF, text, CSV, XLSX or DOCX; 10 MB each)',
    ]);
    const eleven = await create(
      { siteID: brighton() },
      Array.from({ length: 11 }, (_, index) => png(`page-${index}.png`)),
    );
    expect(eleven.statusCode).toBe(400);
    const json = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      body: { name: 'Premises licence', category: 'LICENCE' },
    });
    expect(json.statusCode).toBe(400);
    expect(await nothingLeftBehind()).toEqual(before);
  });

  test('a file of a refused type is 415 and nothing is kept, not even the files before it', async () => {
    const before = await nothingLeftBehind();
    const reply = await create({ siteID: brighton() }, [pdf(), png(), executable()]);
    expect(reply.statusCode).toBe(415);
    expect(reply.json.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await nothingLeftBehind()).toEqual(before);
  });

  test('a site admin files documents for its sites only; the organisation’s are for organisation admins', async () => {
    const before = await nothingLeftBehind();
    const organisation = await create({}, [pdf()], manager);
    expect(organisation.statusCode).toBe(403);
    expect(organisation.json.message).toBe(
      'Documents of the whole organisation are managed by its organisation admins',
    );
    expect((await create({ siteID: manchester() }, [pdf()], manager)).statusCode).toBe(403);
    expect((await create({ siteID: ctx.other.site.id }, [pdf()], owner)).statusCode).toBe(404);
    expect(await nothingLeftBehind()).toEqual(before);
    const own = await created({ siteID: brighton(), name: 'Gas safety certificate' }, [pdf()], manager);
    expect(own.createdBy?.name).toBe('Marcus Reid');
  });
});

describe('web-app-list', () => {
  /** Documents of one test, told apart from the others' by a word in their names. */
  async function documentsNamed(word: string) {
    const make = (name: string, fields: Record<string, string>) =>
      created({ name: `${word} ${name}`, category: 'CERTIFICATE', ...fields });
    await make('expired yesterday', { siteID: brighton(), expiresOn: '2025-06-09' });
    await make('expires today', { siteID: brighton(), expiresOn: '2025-06-10' });
    await make('expires on the 30th day', { siteID: brighton(), expiresOn: '2025-07-10' });
    await make('valid', { siteID: brighton(), expiresOn: '2025-07-11' });
    await make('no expiry', { siteID: brighton() });
    await make('Manchester', { siteID: manchester(), expiresOn: '2025-06-15' });
    await make('organisation', { expiresOn: '2025-06-20' });
    return { search: word };
  }

  test('with a site: its documents and the organisation’s, soonest expiry first and undated last', async () => {
    const word = await documentsNamed('Ordered');
    const named = (names: string[]) => names.map((name) => `Ordered ${name}`);
    expect(await listedNames({ ...word, siteID: brighton() })).toEqual(
      named([
        'expired yesterday',
        'expires today',
        'organisation',
        'expires on the 30th day',
        'valid',
        'no expiry',
      ]),
    );
    expect(await listedNames({ ...word, siteID: brighton(), includeOrganisation: false })).toEqual(
      named(['expired yesterday', 'expires today', 'expires on the 30th day', 'valid', 'no expiry']),
    );
    expect(await listedNames({ ...word, siteID: manchester() })).toEqual(
      named(['Manchester', 'organisation']),
    );
    expect(await listedNames({ ...word, sort: '-expiresOn', siteID: brighton() })).toEqual(
      named([
        'no expiry',
        'valid',
        'expires on the 30th day',
        'organisation',
        'expires today',
        'expired yesterday',
      ]),
    );
    expect((await listedNames({ ...word, sort: 'name' })).slice(0, 2)).toEqual(
      named(['expired yesterday', 'expires on the 30th day']),
    );
    // An organisation admin without a site sees every site's and the organisation's.
    expect(await listedNames(word)).toHaveLength(7);
  });

  test('expiry status and "expiring within N days" are read against the site’s today', async () => {
    const word = await documentsNamed('Status');
    const names = async (query: Record<string, string | number>) =>
      (await listedNames({ ...word, siteID: brighton(), ...query })).map((name) =>
        name.slice('Status '.length),
      );
    expect(await names({ expiry: 'EXPIRED' })).toEqual(['expired yesterday']);
    expect(await names({ expiry: 'EXPIRING' })).toEqual([
      'expires today',
      'organisation',
      'expires on the 30th day',
    ]);
    expect(await names({ expiry: 'VALID' })).toEqual(['valid']);
    expect(await names({ expiry: 'NONE' })).toEqual(['no expiry']);
    expect(await names({ expiringWithinDays: 0 })).toEqual(['expires today']);
    expect(await names({ expiringWithinDays: 10 })).toEqual(['expires today', 'organisation']);
    expect(await names({ expiringWithinDays: 30, category: 'LICENCE' })).toEqual([]);
    const listed = (await list({ ...word, siteID: brighton(), limit: 100 })).json.data.list;
    expect(listed.map((one) => [one.expiry, one.daysToExpiry])).toEqual([
      ['EXPIRED', -1],
      ['EXPIRING', 0],
      ['EXPIRING', 10],
      ['EXPIRING', 30],
      ['VALID', 31],
      ['NONE', null],
    ]);
  });

  test('late evening in Brooklyn is already tomorrow in Brighton and in UTC', async () => {
    const word = { search: 'Evening' };
    await created({ name: 'Evening Brighton', siteID: brighton(), expiresOn: '2025-06-10' });
    await created({ name: 'Evening Brooklyn', siteID: brooklyn(), expiresOn: '2025-06-10' });
    await created({ name: 'Evening organisation', expiresOn: '2025-06-10' });
    // 22:00 on 10 June in Brooklyn, 03:00 on 11 June in Brighton.
    ctx.clock.set('2025-06-11T02:00:00.000Z');
    const token = await ctx.login(demoLogins.organizationAdmin);
    const expiry = async (query: Record<string, string>) =>
      Object.fromEntries(
        (await list({ ...word, ...query }, token)).json.data.list.map((one) => [one.name, one.expiry]),
      );
    expect(await expiry({})).toEqual({
      'Evening Brighton': 'EXPIRED',
      'Evening Brooklyn': 'EXPIRING',
      'Evening organisation': 'EXPIRED',
    });
    expect(await expiry({ siteID: brooklyn() })).toEqual({
      'Evening Brooklyn': 'EXPIRING',
      'Evening organisation': 'EXPIRING',
    });
    expect(await listedNames({ ...word, siteID: brooklyn(), expiry: 'EXPIRED' }, token)).toEqual([]);
  });

  test('the first record carries the spec’s totalResult, equal to records, on every page', async () => {
    const word = await documentsNamed('Paged');
    const first = (await list({ ...word, limit: 3 })).json.data;
    expect(first.records).toBe(7);
    expect(first.list.map((one) => one.totalResult)).toEqual([7, undefined, undefined]);
    const third = (await list({ ...word, limit: 3, page: 3 })).json.data;
    expect(third.list.map((one) => one.totalResult)).toEqual([7]);
    expect((await list({ search: 'Nothing is called this' })).json.data).toMatchObject({
      list: [],
      records: 0,
    });
  });

  test('a site admin sees its sites’ documents and the organisation’s, never another site’s', async () => {
    const word = await documentsNamed('Scoped');
    const seen = await listedNames(word, manager);
    expect(seen).toContain('Scoped organisation');
    expect(seen).toContain('Scoped expires today');
    expect(seen).not.toContain('Scoped Manchester');
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
  });

  test('bad filters are 400 with field messages', async () => {
    const reply = await list({ expiry: 'SOON', expiringWithinDays: 366, category: 'MENU', sort: 'size' });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {}).sort()).toEqual([
      'category',
      'expiringWithinDays',
      'expiry',
      'sort',
    ]);
  });
});

describe('expiring-count', () => {
  test('counts a site’s and the organisation’s documents expiring within the days, and the expired', async () => {
    // The other organisation starts without documents, so its counts are this test's alone.
    const site = ctx.other.site.id;
    const make = (expiresOn: string, siteID = site) =>
      created({ name: `Count ${expiresOn}`, siteID, expiresOn }, [pdf()], otherOwner);
    await make('2025-06-01');
    await make('2025-06-10');
    await make('2025-07-10');
    await make('2025-07-11');
    await make('2025-06-12', '');
    expect((await expiringCount({ siteID: site }, otherOwner)).json.data).toEqual({
      expiring: 3,
      expired: 1,
    });
    expect((await expiringCount({ siteID: site, days: 7 }, otherOwner)).json.data).toEqual({
      expiring: 2,
      expired: 1,
    });
    expect((await expiringCount({ siteID: site, days: 45 }, otherOwner)).json.data).toEqual({
      expiring: 4,
      expired: 1,
    });
    expect((await expiringCount({}, otherOwner)).json.data).toEqual({ expiring: 3, expired: 1 });
    expect((await expiringCount({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await expiringCount({ siteID: site })).statusCode).toBe(404);
    expect((await expiringCount({ days: -1 })).statusCode).toBe(400);
  });
});

describe('update-one', () => {
  test('adds and removes files, changes fields, and keeps each change in the history', async () => {
    const document = await created({ siteID: brighton(), expiresOn: '2025-06-20' }, [
      pdf('old.pdf'),
      png('old.png'),
    ]);
    const [oldPdf, oldPng] = document.files;
    ctx.clock.set('2025-06-10T10:05:00.000Z');
    const reply = await update(
      {
        _id: document._id,
        name: 'Premises licence 2025',
        expiresOn: '2026-06-20',
        note: 'Renewed',
        removedFileIDs: JSON.stringify([oldPdf?._id]),
      },
      [pdf('new.pdf')],
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Document updated');
    const changed = reply.json.data;
    expect(changed).toMatchObject({
      name: 'Premises licence 2025',
      category: 'LICENCE',
      siteID: brighton(),
      expiresOn: '2026-06-20',
      expiry: 'VALID',
      note: 'Renewed',
      updatedAt: '2025-06-10T10:05:00.000Z',
    });
    expect(changed.files.map((file) => file.originalName)).toEqual(['old.png', 'new.pdf']);
    expect(changed.files[0]?._id).toBe(oldPng?._id);
    // A removed file stays reachable for the history that names it.
    expect((await download(oldPdf?.location ?? '')).statusCode).toBe(200);

    const cleared = await update({ _id: document._id, expiresOn: '' });
    expect(cleared.json.data).toMatchObject({
      expiresOn: null,
      expiry: 'NONE',
      name: 'Premises licence 2025',
    });

    const entries = (await history(document._id)).json.data;
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(entries[1]?.changes.before?.fileIDs).toEqual([oldPdf?._id, oldPng?._id]);
    expect(entries[1]?.changes.after).toEqual({
      siteID: brighton(),
      name: 'Premises licence 2025',
      category: 'LICENCE',
      expiresOn: '2026-06-20',
      note: 'Renewed',
      fileIDs: changed.files.map((file) => file._id),
    });
    expect(entries[0]?.changes.after?.expiresOn).toBeNull();
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
  });

  test('a document keeps at least one file, and only its own files can be removed', async () => {
    const document = await created({ siteID: brighton() }, [pdf('only.pdf')]);
    const another = await created({ siteID: brighton() }, [pdf('another.pdf')]);
    const [only] = document.files;
    const last = await update({ _id: document._id, removedFileIDs: JSON.stringify([only?._id]) });
    expect(last.statusCode).toBe(400);
    expect(last.json.details?.fieldErrors.files).toEqual([
      'A document keeps at least one file: add one first',
    ]);
    const foreign = await update({
      _id: document._id,
      removedFileIDs: JSON.stringify([another.files[0]?._id]),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.details?.fieldErrors.removedFileIDs).toEqual(['Not a file of this document']);
    const notJson = await update({ _id: document._id, removedFileIDs: 'only.pdf' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json.details?.fieldErrors.removedFileIDs).toEqual(['Send the ids as a JSON array']);
    const deep = await update({ _id: document._id, removedFileIDs: '['.repeat(50_000) + ']'.repeat(50_000) });
    expect(deep.statusCode).toBe(400);
    expect(deep.json.details?.fieldErrors.removedFileIDs).toEqual(['Nested deeper than 32 levels']);
    expect((await find(document._id)).json.data.files.map((file) => file._id)).toEqual([only?._id]);

    const replaced = await update({ _id: document._id, removedFileIDs: JSON.stringify([only?._id]) }, [
      png('new.png'),
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json.data.files.map((file) => file.originalName)).toEqual(['new.png']);
  });

  test('a refused file or a refused change keeps nothing new and changes nothing', async () => {
    const document = await created({ siteID: brighton() }, [pdf()]);
    const before = await nothingLeftBehind();
    const refusedType = await update({ _id: document._id, name: 'Changed' }, [png(), executable()]);
    expect(refusedType.statusCode).toBe(415);
    const tooFew = await update(
      { _id: document._id, removedFileIDs: JSON.stringify([document.files[0]?._id]) },
      [],
    );
    expect(tooFew.statusCode).toBe(400);
    const eleven = await update(
      { _id: document._id },
      Array.from({ length: 10 }, (_, index) => png(`page-${index}.png`)),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json.details?.fieldErrors.files).toEqual(['A document holds at most 10 files']);
    expect(await nothingLeftBehind()).toEqual(before);
    expect((await find(document._id)).json.data).toEqual(document);
  });

  test('moving needs the right on both places', async () => {
    const document = await created({ siteID: brighton() });
    const toManchester = await update({ _id: document._id, siteID: manchester() }, [], manager);
    expect(toManchester.statusCode).toBe(403);
    const toOrganisation = await update({ _id: document._id, siteID: '' }, [png()], manager);
    expect(toOrganisation.statusCode).toBe(403);
    expect(toOrganisation.json.message).toBe(
      'Documents of the whole organisation are managed by its organisation admins',
    );
    const moved = await update({ _id: document._id, siteID: '' });
    expect(moved.json.data).toMatchObject({ siteID: null, siteName: null });
    const back = await update({ _id: document._id, siteID: manchester() });
    expect(back.json.data).toMatchObject({ siteID: manchester(), siteName: 'Vine Street Café, Manchester' });
    expect((await update({ _id: document._id, siteID: ctx.other.site.id })).statusCode).toBe(404);
  });

  test('a site admin reads the organisation’s documents but cannot change or delete them', async () => {
    const insurance = await created({ name: 'Employer’s liability insurance', category: 'INSURANCE' });
    expect((await find(insurance._id, manager)).json.data.name).toBe('Employer’s liability insurance');
    expect((await history(insurance._id, manager)).statusCode).toBe(200);
    const edit = await update({ _id: insurance._id, name: 'Mine now' }, [], manager);
    expect(edit.statusCode).toBe(403);
    expect(edit.json.message).toBe(
      'Documents of the whole organisation are managed by its organisation admins',
    );
    expect((await remove(insurance._id, manager)).statusCode).toBe(403);
    const manchesters = await created({ siteID: manchester() });
    expect((await find(manchesters._id, manager)).statusCode).toBe(403);
    expect((await update({ _id: manchesters._id, name: 'Mine now' }, [], manager)).statusCode).toBe(403);
    expect((await find(insurance._id)).json.data.name).toBe('Employer’s liability insurance');
  });
});

describe('delete-one', () => {
  test('the document leaves the lists; its history keeps the deletion', async () => {
    const document = await created({ siteID: brighton(), name: 'Old menu allergen sheet' });
    const reply = await remove(document._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Document deleted');
    expect((await find(document._id)).statusCode).toBe(404);
    expect(await listedNames({ search: 'Old menu allergen sheet' })).toEqual([]);
    expect((await remove(document._id)).statusCode).toBe(404);
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
  });
});

describe('another organisation', () => {
  test('its ids are 404 on every call, and its documents never show', async () => {
    const document = await created({
      siteID: brighton(),
      name: 'Harbour secret contract',
      category: 'CONTRACT',
    });
    expect((await find(document._id, otherOwner)).statusCode).toBe(404);
    expect((await history(document._id, otherOwner)).statusCode).toBe(404);
    expect((await update({ _id: document._id, name: 'Taken' }, [pdf()], otherOwner)).statusCode).toBe(404);
    expect((await remove(document._id, otherOwner)).statusCode).toBe(404);
    expect((await list({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
    expect((await expiringCount({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
    expect(await listedNames({ search: 'Harbour secret' }, otherOwner)).toEqual([]);
    expect((await create({ siteID: brighton() }, [pdf()], otherOwner)).statusCode).toBe(404);
    // Nothing it was refused touched the document.
    expect((await find(document._id)).json.data).toEqual(document);
    expect((await find(missingId)).statusCode).toBe(404);
    expect((await find('not-an-id')).statusCode).toBe(400);
  });

  test('staff cannot reach documents at all', async () => {
    const aisha = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
    expect((await list({ siteID: brighton() }, aisha)).statusCode).toBe(403);
  });
});

test('is documented in the OpenAPI under the document tag', async () => {
  const doc = await ctx.inject<{
    paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
  }>('GET', '/api/docs/json');
  const calls = Object.entries(doc.json.paths)
    .filter(([url]) => url.startsWith(base))
    .flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        expect(operation.tags).toEqual(['document']);
        expect(operation.summary).toBeTruthy();
        return `${method.toUpperCase()} ${url.slice(base.length)}`;
      }),
    );
  expect(calls.sort()).toEqual(
    [
      'DELETE /delete-one/{id}',
      'GET /expiring-count',
      'GET /find-one/{id}',
      'GET /log-history-list/{id}',
      'GET /web-app-list',
      'POST /create-new-one',
      'PUT /update-one',
    ].sort(),
  );
});
