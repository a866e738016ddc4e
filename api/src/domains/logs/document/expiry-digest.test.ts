import { eq } from 'drizzle-orm';
import type { DocumentCategory } from '@console/shared-sdk/contract';
import { defaultNotificationSettings } from '@console/shared-sdk/contract';
import { documents } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { newId } from '../../../platform/db/ids.js';
import type { MailMessage } from '../../../platform/mail/mailer.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  alertJobNames,
  alertJobs,
  dispatchEvents,
  makeDigests,
  sendPendingEmails,
} from '../../alerts/index.js';
import { emailDeliveries, notifications } from '../../alerts/schema.js';
import { raiseDocumentExpiryEvents } from './expiry-digest.js';

// Documents expiring and expired (issue 11, as events since issue 24): a scan raises an event per document
// and state, and each admin who asked for document expiry reminders hears of them once, in the next
// morning's digest, grouped by site: of their sites' documents, and the organisation admins of the
// organisation's own.

/** A Tuesday: 11:00 in Brighton and Manchester (BST). */
const now = '2025-06-10T10:00:00.000Z';

let ctx: TestContext;
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

const deps = () => ({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: logged });

/** One pass of the jobs at `at`: the scan, the dispatch, the digests, the sending; answers the digests sent. */
async function run(at = now) {
  const when = new Date(at);
  await raiseDocumentExpiryEvents(ctx.db, when);
  await dispatchEvents(deps(), when);
  await makeDigests(deps(), when);
  const { sent } = await sendPendingEmails(deps(), () => when);
  return { sent };
}

async function setDocumentExpiry(email: string, documentExpiry: boolean) {
  await ctx.db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, documentExpiry } })
    .where(eq(users.email, email));
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  const { brighton, manchester, brooklyn } = ctx.demo.sites;
  await addDocument('Premises licence', brighton.id, '2025-06-20', { category: 'LICENCE' });
  await addDocument('Pest control contract', brighton.id, '2025-08-01', { category: 'CONTRACT' });
  await addDocument('Fire risk assessment', brighton.id, '2025-06-12', { deleted: true });
  await addDocument('Gas safety certificate', manchester.id, '2025-06-01');
  await addDocument('Public liability insurance', null, '2025-07-10', { category: 'INSURANCE' });
  await addDocument('Liquor licence', brooklyn.id, null, { category: 'LICENCE' });
});
beforeEach(async () => {
  await ctx.db.delete(notifications);
  await ctx.db.delete(emailDeliveries);
  await ctx.db.delete(alertEvents);
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
  expect(owner?.text).toContain('These documents expire within 30 days or have expired (Tue, 10 Jun 2025):');
  const lines = owner?.text.split('\n').filter((line) => !line.startsWith('  http')) ?? [];
  const listed = lines.slice(lines.findIndex((line) => line === 'Whole organisation'));
  expect(listed.slice(0, 9)).toEqual([
    'Whole organisation',
    '- Public liability insurance (Insurance): expires in 30 days, on Thu, 10 Jul 2025',
    '',
    'The Harbour Kitchen, Brighton',
    '- Premises licence (Licence): expires in 10 days, on Fri, 20 Jun 2025',
    '',
    'Vine Street Café, Manchester',
    '- Gas safety certificate (Certificate): EXPIRED on Sun, 1 Jun 2025 (9 days ago)',
    '',
  ]);
  expect(owner?.text).toMatch(
    / {2}http:\/\/console\.test\/dashboard\/documentmanagement\?view=[0-9a-f-]{36}\n/,
  );
  expect(owner?.text).toContain('http://console.test/dashboard/documentmanagement?expiring=30');
  expect(owner?.text).not.toMatch(/Pest control|Fire risk|Liquor/);

  // The organisation's own documents are the organisation admins' (an event of no site).
  const manager = sent.get(demoLogins.siteAdmin);
  expect(manager?.subject).toBe('Documents to renew: 1 expiring');
  expect(manager?.text).not.toContain('Public liability insurance');
  expect(manager?.text).toContain('Premises licence');
  expect(manager?.text).not.toContain('Manchester');
  expect(manager?.text).not.toContain('Gas safety');
});

test('at most one a day per person, even from two runs at once; the next day brings the next', async () => {
  const [first, second] = await Promise.all([run(), run()]);
  expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(2);
  expect(digests().size).toBe(2);
  const claims = await ctx.db.select().from(emailDeliveries);
  expect(
    claims.map((claim) => [claim.idempotencyKey.replace(/:[^:]+:/, ':<person>:'), claim.status]),
  ).toEqual([
    ['digest:<person>:2025-06-10', 'SENT'],
    ['digest:<person>:2025-06-10', 'SENT'],
  ]);

  expect(await run('2025-06-10T21:00:00.000Z')).toEqual({ sent: 0 });
  expect(digests().size).toBe(0);
  // Each document is told of once per state: the next day's digest has only what is new.
  expect(await run('2025-06-11T08:00:00.000Z')).toEqual({ sent: 0 });
  await addDocument('Food hygiene rating', ctx.demo.sites.brighton.id, '2025-07-11');
  expect(await run('2025-06-10T22:00:00.000Z')).toEqual({ sent: 0 });
  expect(await run('2025-06-11T08:00:00.000Z')).toEqual({ sent: 2 });
  const next = digests().get(demoLogins.siteAdmin)?.text ?? '';
  expect(next).toContain('- Food hygiene rating (Certificate): expires in 30 days, on Fri, 11 Jul 2025');
  expect(next).not.toContain('Premises licence');
  await ctx.db
    .update(documents)
    .set({ deletedAt: new Date(now) })
    .where(eq(documents.name, 'Food hygiene rating'));
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

test('a send that fails is tried again by a later run', async () => {
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

test('the scan and the digest are jobs on the queue, every quarter of an hour', async () => {
  const jobs = alertJobs({ ...deps(), clock: ctx.clock });
  const scan = jobs.find((job) => job.name === alertJobNames.documentExpiry);
  const digest = jobs.find((job) => job.name === alertJobNames.digest);
  expect([scan?.cron, digest?.cron]).toEqual(['*/15 * * * *', '*/15 * * * *']);
  await scan?.run({});
  await digest?.run({});
  expect(digests().size).toBe(2);
  await digest?.run({});
  expect(digests().size).toBe(0);
});

test('each document’s date as its site writes dates (month first at an American site), or as the person chose', async () => {
  await addDocument('Health permit', ctx.demo.sites.brooklyn.id, '2025-06-25', { category: 'LICENCE' });
  try {
    expect(await run()).toEqual({ sent: 2 });
    const owner = digests().get(demoLogins.organizationAdmin)?.text ?? '';
    // 06:00 in Brooklyn on the 10th: 15 days to go.
    expect(owner).toContain('- Health permit (Licence): expires in 15 days, on Wed, Jun 25, 2025');
    expect(owner).toContain('- Premises licence (Licence): expires in 10 days, on Fri, 20 Jun 2025');

    await ctx.db.delete(notifications);
    await ctx.db.delete(emailDeliveries);
    await ctx.db.delete(alertEvents);
    await ctx.db
      .update(users)
      .set({ dateFormat: 'en-US' })
      .where(eq(users.email, demoLogins.organizationAdmin));
    expect(await run()).toEqual({ sent: 2 });
    const monthFirst = digests().get(demoLogins.organizationAdmin)?.text ?? '';
    expect(monthFirst).toContain(
      'These documents expire within 30 days or have expired (Tue, Jun 10, 2025):',
    );
    expect(monthFirst).toContain('- Premises licence (Licence): expires in 10 days, on Fri, Jun 20, 2025');
  } finally {
    await ctx.db
      .update(users)
      .set({ dateFormat: 'SITE' })
      .where(eq(users.email, demoLogins.organizationAdmin));
    await ctx.db
      .update(documents)
      .set({ deletedAt: new Date(now) })
      .where(eq(documents.name, 'Health permit'));
  }
});
