import type { PreSignedUpload, UploadedFile } from '@console/shared-sdk/contract';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { tinyPng as png } from '../../../test/files.js';

// Closing an organisation withdraws what outlives its sessions: its unused pre-signed upload links and the
// URLs of its files (issue 22, the attack's findings).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function uploadPng(token: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'label.png');
  const encoded = new Response(data);
  return ctx.inject<{ data: UploadedFile }>('PUT', '/api/v1/common-uri/file-upload-s3', {
    token,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

const put = (uploadUrl: string, bytes: Buffer) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${new URL(uploadUrl).pathname}${new URL(uploadUrl).search}`,
    headers: { 'content-type': 'image/png' },
    payload: bytes,
  });

const download = (key: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/common-uri/file/${key}` });

test("after an organisation is closed its unused upload links and its files' URLs are refused", async () => {
  const otherOwner = await ctx.login('owner@other.example');
  const stored = (await uploadPng(otherOwner)).json.data;
  expect((await download(stored.key)).statusCode).toBe(200);
  const sign = () =>
    ctx.inject<{ data: PreSignedUpload }>('POST', '/api/v1/common-uri/pre-signed-url', {
      token: otherOwner,
      body: { fileName: 'later.png', contentType: 'image/png', size: png.length },
    });
  const unused = (await sign()).json.data;
  const used = (await sign()).json.data;
  expect((await put(used.uploadUrl, png)).statusCode).toBe(200);

  // The demo organisation's file, to show only the closed organisation's are withdrawn.
  const demoFile = (await uploadPng(await ctx.login('owner@harbourvine.example'))).json.data;

  const platform = await ctx.login('platform@console.example');
  const closed = await ctx.inject('DELETE', '/api/v1/organization/delete-one', {
    token: platform,
    query: { id: ctx.other.organization.id },
  });
  expect(closed.statusCode).toBe(200);

  const late = await put(unused.uploadUrl, png);
  expect(late.statusCode).toBe(403);
  expect(late.json().message).toMatch(/organisation was closed/);
  expect((await download(unused.key)).statusCode).toBe(404);
  for (const key of [stored.key, used.key]) {
    const reply = await download(key);
    expect({ key, status: reply.statusCode }).toEqual({ key, status: 404 });
    expect(reply.body).not.toContain('PNG');
  }
  expect((await download(demoFile.key)).statusCode).toBe(200);
});
