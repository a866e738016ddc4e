import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { demoLogins, type DomainSeed } from '../../platform/demo/base.js';
import { sites, users } from '../../platform/db/schema.js';
import { recordHistories, recordHistory } from '../../platform/history/history.js';
import { addDays } from '../sites/index.js';
import { draftContents } from './site-review/drafting.js';
import { currentPeriod, periodBefore } from './site-review/periods.js';
import { ensureReview, reviewSnapshot } from './site-review/repository.js';
import { siteReviews } from './schema.js';
import { insertLink, linkSnapshot, logAccess, newLinkToken } from './inspector/repository.js';
import { accessWords } from './inspector/words.js';

// The demo's reports, after the records they read: every site's last four weeks were reviewed and signed
// by its manager (Marcus at Brighton, Olivia at the others) the morning after they ended, with what the
// records showed and what was changed; the four weeks running now are a draft. Olivia made an inspector
// link for Brighton's environmental-health officer a week ago, which the officer has opened twice.

const dayMs = 24 * 60 * 60_000;

/** What each manager wrote on the last review. */
const reviewWords = {
  brighton: {
    notes:
      'Pass fridge seal failed again; the walk-in was warm once with the door propped for a delivery. ' +
      'Closing checks missed twice on Sundays.',
    changes: 'New door seal ordered for the pass fridge. Sunday closing moved to the shift lead.',
  },
  manchester: {
    notes: 'Counter display overstocked once above its load line. All checks otherwise on time.',
    changes: 'Load line marked on the cabinet; restock after the lunch rush only.',
  },
  brooklyn: {
    notes: 'Freezer compressor repaired; no repeat since. Deliveries all within limits.',
    changes: 'Delivery check moved to 7:00, before the first drop.',
  },
} as const;

export const seedReports: DomainSeed = async (tx, base) => {
  const { now, orgId } = base;
  const person = async (email: string) => {
    const [row] = await tx
      .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`the reports demo needs ${email}`);
    return row;
  };
  const owner = await person(demoLogins.organizationAdmin);
  const manager = await person(demoLogins.siteAdmin);

  for (const [key, { id: siteId }] of Object.entries(base.sites) as [
    keyof typeof reviewWords,
    { id: string },
  ][]) {
    const [site] = await tx.select({ timeZoneId: sites.timeZoneId }).from(sites).where(eq(sites.id, siteId));
    if (!site) continue;
    const current = currentPeriod(site.timeZoneId, now);
    const last = periodBefore(current);
    const signer = key === 'brighton' ? manager : owner;
    // The morning after the four weeks ended, or an hour ago if that is still to come.
    const signedAt = new Date(
      Math.min(
        DateTime.fromISO(addDays(last.end, 1), { zone: site.timeZoneId })
          .set({ hour: 9, minute: 30 })
          .toMillis(),
        now.getTime() - 60 * 60_000,
      ),
    );
    const draft = await ensureReview(tx, { orgId, siteId }, last, signedAt);
    const contents = await draftContents(
      tx,
      { id: siteId, orgId, timeZoneId: site.timeZoneId },
      last,
      signedAt,
    );
    const [signed] = await tx
      .update(siteReviews)
      .set({
        state: 'SIGNED',
        contents,
        notes: reviewWords[key].notes,
        changes: reviewWords[key].changes,
        signedBy: signer.id,
        signedAt,
        updatedAt: signedAt,
      })
      .where(eq(siteReviews.id, draft.id))
      .returning();
    if (signed) {
      await recordHistories(tx, orgId, [
        {
          orgId,
          siteId,
          subject: 'SiteReview',
          recordId: signed.id,
          action: 'update',
          before: reviewSnapshot(draft),
          after: reviewSnapshot(signed),
          reason: null,
          actor: signer,
          at: signedAt,
        },
      ]);
    }
    await ensureReview(tx, { orgId, siteId }, current, now);
  }

  // The officer's link: Brighton's last ninety days, for a fortnight from a week ago. Its token was sent to
  // the officer and is kept nowhere, as every link's.
  const madeAt = new Date(now.getTime() - 7 * dayMs);
  const [brighton] = await tx
    .select({ name: sites.name, timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(eq(sites.id, base.sites.brighton.id));
  if (!brighton) return;
  const today = DateTime.fromJSDate(madeAt, { zone: brighton.timeZoneId }).toISODate() ?? '';
  const link = await insertLink(
    tx,
    {
      orgId,
      label: 'Brighton & Hove City Council EHO, J. Patel',
      siteIds: [base.sites.brighton.id],
      startDate: addDays(today, -89),
      endDate: today,
      expiresAt: new Date(madeAt.getTime() + 14 * dayMs),
      tokenHash: newLinkToken().hash,
      passcodeHash: null,
      createdBy: owner.id,
    },
    madeAt,
  );
  await recordHistory(tx, {
    orgId,
    siteId: null,
    subject: 'InspectorLink',
    recordId: link.id,
    action: 'create',
    before: null,
    after: linkSnapshot(link),
    reason: null,
    actor: owner,
    at: madeAt,
  });
  // Opened the next day, and again two days later to look at what was done about each failure.
  for (const [hoursAfter, what] of [
    [26, accessWords.view()],
    [26.1, accessWords.section('temperature', brighton.name)],
    [75, accessWords.view()],
    [75.2, accessWords.section('correctiveActions', brighton.name)],
  ] as const) {
    await logAccess(
      tx,
      link,
      { address: '203.0.113.24', what },
      new Date(madeAt.getTime() + hoursAfter * 3_600_000),
    );
  }
};
