import http from 'node:http';
import { like } from 'drizzle-orm';
import { packVerifyMaxBytes, type PackVerification } from '@console/shared-sdk/contract';
import { loginFailures } from '../../../platform/db/schema.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { listening, multipartFraming, sendLargeBody } from '../../../test/socket-client.js';

// The public pack check on a real socket: what it reads of a body too large for it, and how many checks
// it runs at once (anybody may send one, from any number of addresses).

let ctx: TestContext;
let url = '';
beforeAll(async () => {
  ctx = await createTestContext({ env: { VERIFY_PACK_CONCURRENCY: '1' } });
  url = `${await listening(ctx.app)}/api/v1/report/verify-pack`;
});
afterAll(async () => {
  // A request a failing test left open would hold the server's close.
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

const MiB = 1024 * 1024;
const form = multipartFraming('file', 'pack.pdf', 'application/pdf');
const formHeaders = () => ({ 'content-type': form.contentType, ...fromNewAddress() });

test('a check declaring a body longer than any pack is refused before the body is read', async () => {
  const answer = await sendLargeBody(
    url,
    { method: 'POST', headers: formHeaders() },
    { ...form, filler: 512 * MiB, declareLength: true, writeAtMost: MiB },
  );
  expect(answer.status).toBe(413);
  expect(answer.json).toMatchObject({ status: false, error: 'PAYLOAD_TOO_LARGE' });
  expect(answer.json.message).toMatch(/larger than any pack \(32 MiB at most\)/);
  expect(answer.writtenWhenAnswered).toBeLessThan(2 * MiB);
});

test('a chunked check is read no further than the limit: the 413 comes while the client is still writing', async () => {
  const answer = await sendLargeBody(
    url,
    { method: 'POST', headers: formHeaders() },
    { ...form, filler: 256 * MiB, declareLength: false, stopWhenAnswered: true },
  );
  expect(answer.status).toBe(413);
  expect(answer.json).toMatchObject({ status: false, error: 'PAYLOAD_TOO_LARGE' });
  // The limit, what the connection's buffers hold, and what was written while the answer travelled.
  expect(answer.writtenWhenAnswered).toBeGreaterThan(packVerifyMaxBytes);
  expect(answer.writtenWhenAnswered).toBeLessThan(4 * packVerifyMaxBytes);
});

/** A check whose body is sent up to `heldBytes` of its file, then held until `finish` is called. */
function heldCheck(heldBytes: number) {
  const request = http.request(url, { method: 'POST', headers: formHeaders() });
  const answered = new Promise<{ status: number; json: { data?: PackVerification } }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: PackVerification },
        }),
      );
    });
  });
  const piece = Buffer.alloc(64 * 1024, 0x62);
  // Resolves once all of it is written: more than the connection's buffers hold, so the server is reading.
  const held = new Promise<void>((resolve) => {
    let written = 0;
    const writeMore = () => {
      while (written < heldBytes) {
        written += piece.length;
        if (!request.write(written === piece.length ? Buffer.concat([form.head, piece]) : piece)) {
          request.once('drain', writeMore);
          return;
        }
      }
      resolve();
    };
    writeMore();
  });
  return { held, answered, finish: () => request.end(form.tail) };
}

test('one check more than VERIFY_PACK_CONCURRENCY is a 503 with Retry-After, read by a client still writing', async () => {
  const first = heldCheck(20 * MiB);
  await first.held;
  const checksCounted = async () =>
    (await ctx.db.select().from(loginFailures).where(like(loginFailures.key, 'verify-pack:%'))).length;
  const countedBefore = await checksCounted();

  const busy = await sendLargeBody(
    url,
    { method: 'POST', headers: formHeaders() },
    { ...form, filler: 2 * MiB, declareLength: true, readAfterWriting: true },
  );
  expect(busy.status).toBe(503);
  expect(busy.headers['retry-after']).toBe('5');
  expect(busy.json).toEqual({
    status: false,
    error: 'SERVER_BUSY',
    message: 'Other packs are being checked right now; try again in a few seconds.',
  });
  // A check the server had no room for does not use up the address's checks.
  expect(await checksCounted()).toBe(countedBefore);

  first.finish();
  const verdict = await first.answered;
  expect(verdict.status).toBe(200);
  expect(verdict.json.data?.verdict).toBe('UNKNOWN');

  // The finished check's place is free again.
  const next = await sendLargeBody(
    url,
    { method: 'POST', headers: formHeaders() },
    { ...form, filler: 2 * MiB, declareLength: true },
  );
  expect(next.status).toBe(200);
  expect(next.json.data).toMatchObject({ verdict: 'UNKNOWN' });
});
