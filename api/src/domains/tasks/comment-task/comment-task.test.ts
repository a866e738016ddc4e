import { count, eq } from 'drizzle-orm';
import type { TaskComment, TaskRef, TaskView } from '@console/shared-sdk/contract';
import { files } from '../../../platform/db/schema.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { individualTasks, taskComments } from '../schema.js';
import { demoLogins, demoPassword } from '../../../demo.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { tinyPng as png, tinyPdf as pdf } from '../../../test/files.js';
import { createOccurrence, type Occurrence } from '../../../test/tasks.js';

// Comments and photos on an occurrence (/comment-task: a multipart form to add, a listing, a removal with a
// body) and the occurrence's view (GET /master-task/view-task) that shows them. /comment-task is the
// console's, an admin's: staff comment from the mobile app through their own call (staffComment), the same
// form, and a staff token on /comment-task is a 403 (docs/decisions.md, "Tenancy and roles").

const base = '/api/v1/comment-task';
/** Where staff comment: the mobile app's call, with the same form as the console's. */
const staffComment = '/api/v1/task-new-version/comment';
const missingId = '01890000-0000-7000-8000-000000000000';
/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
const today = '2025-06-10';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;
let tom: string;
let chloe: string;

const brighton = () => ctx.demo.sites.brighton.id;

/** One occurrence of a new master task happening once today, made by reading its day. */
const occurrence = (change: Record<string, unknown> = {}, token = owner): Promise<Occurrence> =>
  createOccurrence(
    ctx,
    token,
    {
      siteID: brighton(),
      name: 'Check the walk-in fridge',
      checkListItems: [{ text: 'Read the display' }, { text: 'Door seal clean', required: false }],
      schedule: { repeat: 'ONCE', startDate: today, dueTime: '20:00' },
      ...change,
    },
    today,
  );

const ref = (task: TaskRef) => ({ masterTaskID: task.masterTaskID, individualTaskID: task.individualTaskID });
const firstLine = (task: Occurrence) => task.master.checkListItems[0]?._id ?? '';

interface Part {
  field: string;
  text?: string;
  file?: { bytes: Buffer; type: string; name: string };
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.file) {
      form.append(
        part.field,
        new Blob([new Uint8Array(part.file.bytes)], { type: part.file.type }),
        part.file.name,
      );
    } else {
      form.append(part.field, part.text ?? '');
    }
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

async function comment(
  task: TaskRef,
  content: { comment?: string; checkListID?: string; file?: Part['file'] },
  /** null: without a token. */
  token: string | null = owner,
  url = `${base}/create-new-one`,
) {
  const parts: Part[] = [
    { field: 'masterTaskID', text: task.masterTaskID },
    { field: 'individualTaskID', text: task.individualTaskID },
  ];
  if (content.checkListID !== undefined) parts.push({ field: 'checkListID', text: content.checkListID });
  if (content.comment !== undefined) parts.push({ field: 'comment', text: content.comment });
  if (content.file) parts.push({ field: 'file', file: content.file });
  const { body, contentType } = await multipart(parts);
  return ctx.inject<{ data: TaskComment }>('POST', url, {
    ...(token === null ? {} : { token }),
    headers: { 'content-type': contentType },
    body,
  });
}

async function commented(task: TaskRef, content: Parameters<typeof comment>[1], token = owner) {
  const reply = await comment(task, content, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

/** A staff member's comment, made through their own call as the mobile app does. */
async function staffCommented(task: TaskRef, content: Parameters<typeof comment>[1], token: string) {
  const reply = await comment(task, content, token, staffComment);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const photo = { bytes: png, type: 'image/png', name: 'seal.png' };

const listing = (task: TaskRef, checkListID?: string, token = owner) =>
  ctx.inject<{ data: TaskComment[] }>('GET', `${base}/comments-listing`, {
    token,
    query: { ...ref(task), checkListID },
  });

async function listed(task: TaskRef, checkListID?: string): Promise<TaskComment[]> {
  const reply = await listing(task, checkListID);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const remove = (id: string, token = owner) =>
  ctx.inject('DELETE', `${base}/remove-comments`, { token, body: { _id: id } });

const view = (task: TaskRef, token = owner) =>
  ctx.inject<{ data: TaskView }>('GET', '/api/v1/master-task/view-task', { token, query: ref(task) });

async function commentRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(taskComments);
  return row?.n ?? 0;
}

async function fileRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

async function mobileLogin(email: string): Promise<string> {
  const reply = await ctx.inject<{ data: { accessToken: string } }>(
    'POST',
    '/api/v1/authentication/mobile-app-login',
    { body: { email, password: demoPassword }, headers: fromNewAddress() },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data.accessToken;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha, tom, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin('aisha.khan@harbourvine.example'),
    mobileLogin('tom.fletcher@harbourvine.example'),
    mobileLogin('chloe.evans@harbourvine.example'),
  ]);
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('a text comment, trimmed, by a staff member of the site, through their own call', async () => {
    const task = await occurrence();
    const comments = await commentRows();
    const onConsole = await comment(task, { comment: 'Door seal is loose' }, aisha);
    expect(onConsole.statusCode).toBe(403);
    expect(onConsole.json.message).toBe(refusedOnMobile);
    expect(await commentRows()).toBe(comments);

    const reply = await comment(task, { comment: '  Door seal is loose  ' }, aisha, staffComment);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Comment added');
    expect(reply.json.data).toEqual({
      _id: expect.any(String),
      ...ref(task),
      checkListID: null,
      type: 'TEXT',
      text: 'Door seal is loose',
      image: null,
      author: expect.objectContaining({ firstName: 'Aisha', lastName: 'Khan' }),
      createdAt: now,
    });
  });

  test('a photo is stored and served from the location the comment gives', async () => {
    const task = await occurrence();
    const reply = await comment(task, { file: photo });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Photo added');
    const added = reply.json.data;
    expect(added).toMatchObject({ type: 'IMAGE', text: null, checkListID: null });
    expect(added.image).toMatchObject({
      contentType: 'image/png',
      size: png.length,
      originalName: 'seal.png',
    });
    const key = added.image?.key ?? '';
    expect(added.image?.location).toBe(`/api/v1/common-uri/file/${key}`);
    const served = await ctx.app.inject({ method: 'GET', url: added.image?.location ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  test('the photo may come before the fields, and an empty comment field beside it is no comment', async () => {
    const task = await occurrence();
    const { body, contentType } = await multipart([
      { field: 'file', file: photo },
      { field: 'comment', text: '' },
      { field: 'individualTaskID', text: task.individualTaskID },
      { field: 'masterTaskID', text: task.masterTaskID },
    ]);
    const reply = await ctx.inject<{ data: TaskComment }>('POST', `${base}/create-new-one`, {
      token: owner,
      headers: { 'content-type': contentType },
      body,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ type: 'IMAGE', text: null, image: { size: png.length } });
  });

  test('a file that is not an image is a 415, whatever type it claims, and nothing is kept', async () => {
    const task = await occurrence();
    const [comments, stored] = [await commentRows(), await fileRows()];
    for (const file of [
      { bytes: pdf, type: 'application/pdf', name: 'report.pdf' },
      { bytes: pdf, type: 'image/png', name: 'report.png' },
    ]) {
      const reply = await comment(task, { file });
      expect(reply.statusCode).toBe(415);
      expect(reply.json.message).toBe('A task photo must be an image (JPEG, PNG, WebP or GIF)');
    }
    expect(await commentRows()).toBe(comments);
    expect(await fileRows()).toBe(stored);
  });

  test('both a comment and a photo, or neither, is a 400', async () => {
    const task = await occurrence();
    const [comments, stored] = [await commentRows(), await fileRows()];
    const both = await comment(task, { comment: 'Look', file: photo });
    expect(both.statusCode).toBe(400);
    expect(both.json.message).toBe('Send a comment or a photo, not both');
    for (const content of [{}, { comment: '   ' }]) {
      const neither = await comment(task, content);
      expect(neither.statusCode).toBe(400);
      expect(neither.json.details?.fieldErrors.comment).toEqual(['Write a comment or choose a photo']);
    }
    expect(await commentRows()).toBe(comments);
    expect(await fileRows()).toBe(stored);
  });

  test('a comment on a checklist line names it; a line the task does not have is a 400', async () => {
    const task = await occurrence();
    const another = await occurrence();
    const onLine = await commented(task, { comment: 'Reads 4 °C', checkListID: firstLine(task) });
    expect(onLine.checkListID).toBe(firstLine(task));
    const reply = await comment(task, { comment: 'Wrong line', checkListID: firstLine(another) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.checkListID).toEqual(['This task has no such checklist item']);
  });

  test('form fields are checked like a body: missing or malformed ids are a 400 naming them', async () => {
    const task = await occurrence();
    const { body, contentType } = await multipart([
      { field: 'individualTaskID', text: 'not-an-id' },
      { field: 'comment', text: 'Hello' },
    ]);
    const reply = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      headers: { 'content-type': contentType },
      body,
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {}).sort()).toEqual([
      'individualTaskID',
      'masterTaskID',
    ]);
    expect((await listed(task)).length).toBe(0);
  });

  test('a body that is not one whole multipart form with at most one file is a 400, never a 500', async () => {
    const task = await occurrence();
    const { body, contentType } = await multipart([
      { field: 'masterTaskID', text: task.masterTaskID },
      { field: 'individualTaskID', text: task.individualTaskID },
      { field: 'file', file: photo },
    ]);
    const cutOff = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      headers: { 'content-type': contentType },
      body: body.subarray(0, body.length - 60),
    });
    expect(cutOff.statusCode).toBe(400);
    const noBoundary = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      headers: { 'content-type': 'multipart/form-data' },
      body: 'comment=hello',
    });
    expect(noBoundary.statusCode).toBe(400);
    const json = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      body: { ...ref(task), comment: 'As JSON' },
    });
    expect(json.statusCode).toBe(400);
    const twoPhotos = await multipart([
      { field: 'masterTaskID', text: task.masterTaskID },
      { field: 'individualTaskID', text: task.individualTaskID },
      { field: 'file', file: photo },
      { field: 'another', file: photo },
    ]);
    const two = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      headers: { 'content-type': twoPhotos.contentType },
      body: twoPhotos.body,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json.details?.fieldErrors.another).toEqual(['Send one file at a time']);
    expect((await listed(task)).length).toBe(0);
  });

  test('a deleted task takes no comments', async () => {
    const task = await occurrence();
    await ctx.db
      .update(individualTasks)
      .set({ status: 'DELETED' })
      .where(eq(individualTasks.id, task.individualTaskID));
    const reply = await comment(task, { comment: 'Too late' });
    expect(reply.statusCode).toBe(409);
  });
});

describe('comments-listing', () => {
  test('all of a task’s comments oldest first, or one line’s', async () => {
    const task = await occurrence();
    const other = await occurrence();
    await commented(other, { comment: 'Not this task' });
    const first = await staffCommented(task, { comment: 'First' }, aisha);
    ctx.clock.advance(60_000);
    const onLine = await commented(task, { file: photo, checkListID: firstLine(task) });
    ctx.clock.advance(60_000);
    const last = await staffCommented(task, { comment: 'Last' }, tom);

    expect((await listed(task)).map((one) => one._id)).toEqual([first._id, onLine._id, last._id]);
    const line = await listed(task, firstLine(task));
    expect(line).toEqual([onLine]);
    expect(line[0]?.image?.location).toMatch(/^\/api\/v1\/common-uri\/file\//);
    expect(await listed(task, task.master.checkListItems[1]?._id)).toEqual([]);
  });
});

describe('remove-comments', () => {
  test('an admin removes anyone’s; removing is the console’s, so staff are refused, even their own', async () => {
    const task = await occurrence();
    const hers = await staffCommented(task, { comment: 'Hers' }, aisha);
    const also = await staffCommented(task, { comment: 'Hers too' }, aisha);
    const owners = await commented(task, { comment: 'The owner’s' });

    for (const [id, token] of [
      [hers._id, tom],
      [owners._id, aisha],
      [hers._id, aisha],
    ] as const) {
      const byStaff = await remove(id, token);
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json.message).toBe(refusedOnMobile);
    }
    expect((await listed(task)).map((one) => one.text)).toEqual(['Hers', 'Hers too', 'The owner’s']);

    const byAdmin = await remove(hers._id, manager);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json.message).toBe('Comment removed');
    expect((await remove(also._id, owner)).statusCode).toBe(200);
    expect((await listed(task)).map((one) => one.text)).toEqual(['The owner’s']);
    expect((await remove(hers._id, manager)).statusCode).toBe(404);
  });

  test('a completed task’s comments are part of its record: removing one is a 409', async () => {
    const task = await occurrence({ checkListItems: [{ text: 'Sign the sheet', required: false }] });
    const note = await staffCommented(task, { comment: 'All fine' }, aisha);
    const done = await ctx.inject('PUT', '/api/v1/individual-task/task-status-complete', {
      token: owner,
      body: ref(task),
    });
    expect(done.statusCode).toBe(200);
    for (const token of [manager, owner]) {
      const reply = await remove(note._id, token);
      expect(reply.statusCode).toBe(409);
    }
    expect(await listed(task)).toHaveLength(1);
  });

  test('another organisation’s comment is 404 like a missing one, and stays', async () => {
    const theirs = await occurrence({ siteID: ctx.other.site.id }, otherOwner);
    const their = await commented(theirs, { comment: 'Ours, not yours' }, otherOwner);
    for (const id of [their._id, missingId]) {
      const reply = await remove(id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Comment not found');
    }
    const still = await ctx.inject<{ data: TaskComment[] }>('GET', `${base}/comments-listing`, {
      token: otherOwner,
      query: ref(theirs),
    });
    expect(still.json.data).toHaveLength(1);
  });

  test('a body without an id is a 400', async () => {
    const reply = await ctx.inject('DELETE', `${base}/remove-comments`, { token: owner, body: {} });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('_id');
  });
});

describe('who may comment where', () => {
  test('another organisation’s task is 404 to add and to list; another site’s staff is 403', async () => {
    const theirs = await occurrence({ siteID: ctx.other.site.id }, otherOwner);
    const added = await comment(theirs, { comment: 'Hello' });
    expect(added.statusCode).toBe(404);
    expect(added.json.message).toBe('Task not found');
    expect((await listing(theirs)).statusCode).toBe(404);

    const mine = await occurrence();
    const foreignIds = { masterTaskID: mine.masterTaskID, individualTaskID: missingId };
    expect((await comment(foreignIds, { comment: 'Hello' })).statusCode).toBe(404);
    expect((await comment(mine, { comment: 'From Manchester' }, chloe)).statusCode).toBe(403);
    expect((await listing(mine, undefined, chloe)).statusCode).toBe(403);
    const note = await commented(mine, { comment: 'Brighton only' });
    expect((await remove(note._id, chloe)).statusCode).toBe(403);
  });

  test('no token is a 401', async () => {
    const task = await occurrence();
    expect((await comment(task, { comment: 'Anonymous' }, null)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/comments-listing`, { query: ref(task) })).statusCode).toBe(401);
    expect(
      (await ctx.inject('DELETE', `${base}/remove-comments`, { body: { _id: missingId } })).statusCode,
    ).toBe(401);
  });
});

describe('view-task', () => {
  test('the occurrence with its checklist, its comments with their photos’ locations, and its history', async () => {
    const task = await occurrence({ description: 'Walk-in number 2' });
    const text = await staffCommented(task, { comment: 'Reads 4 °C', checkListID: firstLine(task) }, aisha);
    const image = await commented(task, { file: photo });
    const reply = await view(task);
    expect(reply.statusCode).toBe(200);
    const seen = reply.json.data;
    expect(seen).toMatchObject({
      _id: task.individualTaskID,
      masterTaskID: task.masterTaskID,
      siteID: brighton(),
      name: 'Check the walk-in fridge',
      description: 'Walk-in number 2',
      taskDate: today,
      expireOn: '2025-06-10T19:00:00.000Z',
      status: 'PENDING',
      bucket: 'UPCOMING',
      commentCount: 1,
      imageCount: 1,
      timeZoneId: 'Europe/London',
      history: [],
    });
    expect(seen.itemCheckList.map((item) => [item.text, item.required, item.status])).toEqual([
      ['Read the display', true, 'PENDING'],
      ['Door seal clean', false, 'PENDING'],
    ]);
    expect(seen.comments).toEqual([text, image]);
    expect(seen.comments[1]?.image?.location).toBe(image.image?.location);
  });

  test('another organisation’s or a missing task is 404, another site’s 403, no token 401', async () => {
    const theirs = await occurrence({ siteID: ctx.other.site.id }, otherOwner);
    expect((await view(theirs)).statusCode).toBe(404);
    expect(
      (await view({ masterTaskID: theirs.masterTaskID, individualTaskID: missingId }, otherOwner)).statusCode,
    ).toBe(404);
    const manchester = await occurrence({ siteID: ctx.demo.sites.manchester.id });
    expect((await view(manchester, manager)).statusCode).toBe(403);
    expect((await view(manchester, aisha)).statusCode).toBe(403);
    expect(
      (await ctx.inject('GET', '/api/v1/master-task/view-task', { query: ref(manchester) })).statusCode,
    ).toBe(401);
  });
});
