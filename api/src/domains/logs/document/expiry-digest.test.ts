import { eq } from 'drizzle-orm';
import type { DocumentCategory } from '@console/shared-sdk/contract';
import { defaultNotificationSettings } from '@console/shared-sdk/contract';
import { documents, expiryDigests } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import type { MailMessage } from '../../../platform/mail/mailer.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { runExpiryDigest, startExpiryDigestJob, type ExpiryDigestDeps } from './expiry-digest.js';

// The daily document-expiry e-mail: once a day per admin who asked for it, listing the documents of their
// sites and of the organisation that expire within 30 days or have expired.

/** A Tuesday: 11:00 in Brighton and Manchester (BST). */
const now = '2025-06-10T10:00:00.000Z';

let ctx: TestContext;
let deps: ExpiryDigestDeps;
const logged = { error: jest.fn(), debug: jest.fn() };

async function addDocument(
  name: string,
  siteId: string | null,
  expiresOn: string | null,
  options: { category?: DocumentCategory; deleted?: boolean } = {},
) {
  const at = new Date(now);
  await ctx.db.insert(documents).values({
    id: newId(),
    orgId: ctx.demo.organization.id,
    siteId,
    name,
    category: options.category ?? 'CERTIFICATE',
    expiresOn,
    createdAt: at,
    updatedAt: at,
    deletedAt: options.deleted ? at : null,
  });
}

/** The digests sent since the last call, by recipient. */
function digests(): Map<string, MailMessage> {
  const sent = new Map(ctx.mailer.sent.map((mail) => [mail.to, mail]));
  expect(sent.size).toBe(ctx.mailer.sent.length);
  ctx.mailer.sent.length = 0;
  return sent;
}

const run = (at = now) => runExpiryDigest(deps, new Date(at));

async function setDocumentExpiry(email: string, documentExpiry: boolean) {
  await ctx.db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, documentExpiry } })
    .where(eq(users.email, email));
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  deps = { db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: logged };
  const { brighton, manchester, brooklyn } = ctx.demo.sites;
  await addDocument('Premises licence', brighton.id, '2025-06-20', { category: 'LICENCE' });
  await addDocument('Pest control contract', brighton.id, '2025-08-01', { category: 'CONTRACT' });
  await addDocument('Fire risk assessment', brighton.id, '2025-06-12', { deleted: true });
  await addDocument('Gas safety certificate', manchester.id, '2025-06-01');
  await addDocument('Public liability insurance', null, '2025-07-10', { category: 'INSURANCE' });
  await addDocument('Liquor licence', brooklyn.id, null, { category: 'LICENCE' });
});
beforeEach(async () => {
  await ctx.db.delete(expiryDigests);
  ctx.mailer.sent.length = 0;
});
afterAll(() => ctx.close());

test('each admin hears of their sites’ documents and the organisation’s, grouped by site', async () => {
  expect(await run()).toEqual({ sent: 2 });
  const sent = digests();
  expect([...sent.keys()].sort()).toEqual([demoLogins.siteAdmin, demoLogins.organizationAdmin].sort());

  const owner = sent.get(demoLogins.organizationAdmin);
  expect(owner?.subject).toBe('Documents to renew: 2 expiring, 1 expired');
  expect(owner?.text).toContain('Hello Olivia,');
  expect(owner?.text).toContain(
    'These documents expire within 30 days or have expired (Tuesday 10 June 2025):',
  );
  const lines = owner?.text.split('\n').filter((line) => !line.startsWith('  http')) ?? [];
  const listed = lines.slice(lines.findIndex((line) => line === 'Whole organisation'));
  expect(listed.slice(0, 9)).toEqual([
    'Whole organisation',
    '- Public liability insurance (Insurance): expires in 30 days, on Thursday 10 July 2025',
    '',
    'The Harbour Kitchen, Brighton',
    '- Premises licence (Licence): expires in 10 days, on Friday 20 June 2025',
    '',
    'Vine Street Café, Manchester',
    '- Gas safety certificate (Certificate): EXPIRED on Sunday 1 June 2025 (9 days ago)',
    '',
  ]);
  expect(owner?.text).toMatch(
    / {2}http:\/\/console\.test\/dashboard\/documentmanagement\?view=[0-9a-f-]{36}\n/,
  );
  expect(owner?.text).toContain('http://console.test/dashboard/documentmanagement?expiring=30');
  expect(owner?.text).not.toMatch(/Pest control|Fire risk|Liquor/);

  const manager = sent.get(demoLogins.siteAdmin);
  expect(manager?.subject).toBe('Documents to renew: 2 expiring');
  expect(manager?.text).toContain('Public liability insurance');
  expect(manager?.text).toContain('Premises licence');
  expect(manager?.text).not.toContain('Manchester');
  expect(manager?.text).not.toContain('Gas safety');
});

test('at most one a day per person, even from two runs at once; the next day brings the next', async () => {
  const [first, second] = await Promise.all([run(), run()]);
  expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(2);
  expect(digests().size).toBe(2);
  const claims = await ctx.db.select().from(expiryDigests);
  expect(claims.map((claim) => [claim.digestDate, claim.sentAt?.toISOString()])).toEqual([
    ['2025-06-10', now],
    ['2025-06-10', now],
  ]);
  expect(claims.map((claim) => claim.documentCount).sort()).toEqual([2, 3]);

  expect(await run('2025-06-10T21:00:00.000Z')).toEqual({ sent: 0 });
  expect(digests().size).toBe(0);
  expect(await run('2025-06-11T08:00:00.000Z')).toEqual({ sent: 2 });
  expect(digests().get(demoLogins.siteAdmin)?.text).toContain('expires in 9 days');
});

test('not sent to admins whose settings say no, nor to people with nothing to hear of', async () => {
  await setDocumentExpiry(demoLogins.siteAdmin, false);
  try {
    expect(await run()).toEqual({ sent: 1 });
    // The other organisation's admins asked for it too, but their organisation has no documents.
    expect([...digests().keys()]).toEqual([demoLogins.organizationAdmin]);
  } finally {
    await setDocumentExpiry(demoLogins.siteAdmin, true);
  }
});

test('goes from 07:00 on the person’s local day, not at midnight', async () => {
  expect(await run('2025-06-10T05:59:00.000Z')).toEqual({ sent: 0 });
  expect(await run('2025-06-10T06:00:00.000Z')).toEqual({ sent: 2 });
});

test('a send that fails gives the day back, so the next run sends it', async () => {
  const send = jest.spyOn(ctx.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
  try {
    expect(await run()).toEqual({ sent: 1 });
    expect(logged.error).toHaveBeenCalled();
    expect(digests().size).toBe(1);
    expect(await run('2025-06-10T11:00:00.000Z')).toEqual({ sent: 1 });
    expect(digests().size).toBe(1);
  } finally {
    send.mockRestore();
  }
});

test('the job runs shortly after start, then on its timer, and stops', async () => {
  const job = startExpiryDigestJob({ ...deps, clock: ctx.clock, firstRunAfterMs: 10, everyMs: 60 * 60_000 });
  try {
    for (let waited = 0; ctx.mailer.sent.length < 2 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(digests().size).toBe(2);
    expect(await job.runOnce()).toEqual({ sent: 0 });
  } finally {
    await job.stop();
  }
});
