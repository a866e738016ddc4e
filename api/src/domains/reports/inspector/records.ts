import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  checklistItemStatusLabels,
  complianceAnswerLabels,
  complianceLogWorkflow,
  complianceResultLabels,
  correctiveActionKindLabels,
  correctiveActionStateLabels,
  correctiveCheckTypeLabels,
  documentCategoryLabels,
  documentExpiryLabels,
  limitsText,
  logTypeLabels,
  nearMissCategoryLabels,
  nearMissWorkflow,
  readingSourceLabels,
  siteReviewStateLabels,
  taskBucketLabels,
  temperatureResultLabels,
  temperatureText,
  type InspectorRecord,
} from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { historyOf } from '../../../platform/history/history.js';
import {
  complianceLogDtos,
  complianceLogs,
  documentDtos,
  documents,
  logReference,
  nearMissDtos,
  nearMisses,
  personName,
  temperatureLogDtos,
  temperatureReadings,
} from '../../logs/index.js';
import { localDate } from '../../sites/index.js';
import type { LinkSite, OpenLink } from './repository.js';
import { readingItemWords, findAction, findReview, findTask, reviewTitle, writingOf } from './sections.js';
import { dayWords, historyInWords, instantWords, yesNo, type InspectorSubject } from './words.js';

// One record of the view, opened from a section's row: its fields in words and its history. A record opens
// only when it is on one of the link's sites and its date is in the link's range (a document holds for
// now, as the pack lists it); any other is answered like a missing one, so the view confirms nothing about
// records it does not show.

type Field = InspectorRecord['fields'][number];
/** The fields that say something: an empty optional one is left out. */
const fieldsOf = (pairs: readonly (readonly [string, string | null | undefined])[]): Field[] =>
  pairs.flatMap(([label, value]) =>
    value === null || value === undefined || value === '' ? [] : [{ label, value }],
  );

/** A record found for the view: its site, its fields, and the time an access names it by. */
interface Found {
  site: LinkSite;
  title: string;
  fields: Field[];
  /** The record's date and time as its site writes them (the access's words). */
  when: string;
}

const siteOfLink = (link: OpenLink, siteId: string | null) =>
  siteId === null ? undefined : link.sites.find((site) => site.id === siteId);
const inRange = (link: OpenLink, date: string) => date >= link.row.startDate && date <= link.row.endDate;
/** The site of a record dated `at`, when the link opens it. */
function placeOf(link: OpenLink, siteId: string, at: Date): LinkSite | undefined {
  const site = siteOfLink(link, siteId);
  return site && inRange(link, localDate(site.timeZoneId, at)) ? site : undefined;
}

type Loader = (db: Database, link: OpenLink, id: string, now: Date) => Promise<Found | undefined>;

const temperatureLog: Loader = async (db, link, id) => {
  const [row] = await db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.id, id),
        eq(temperatureReadings.orgId, link.row.orgId),
        isNull(temperatureReadings.deletedAt),
      ),
    );
  const site = row && placeOf(link, row.siteId, row.readAt);
  if (!row || !site) return undefined;
  const [log] = await temperatureLogDtos(db, [row]);
  if (!log) return undefined;
  const writing = writingOf(site);
  return {
    site,
    title: readingItemWords(log),
    when: instantWords(log.readAt, writing),
    fields: fieldsOf([
      ['Item', [log.item.equipmentName, log.item.name].filter(Boolean).join(': ')],
      ['Log type', logTypeLabels[log.logType]],
      ['Check', log.checkLabel],
      ['Temperature', temperatureText(log.celsius, site.unit)],
      ['Limits', limitsText(log.limits, site.unit)],
      ['Result', temperatureResultLabels[log.result]],
      ['Above the legal limit', yesNo(log.aboveLegalLimit)],
      ['Read at', instantWords(log.readAt, writing)],
      ['Received at', instantWords(log.receivedAt, writing)],
      ['Entered later (back-filled)', yesNo(log.backFilled)],
      ['Read by', log.readBy.name],
      ['Source', readingSourceLabels[log.source]],
      ['Corrective action', log.correctiveAction],
      ['Note', log.note],
    ]),
  };
};

const task: Loader = async (db, link, id, now) => {
  const row = await findTask(db, link.row.orgId, id, now);
  const site = row && siteOfLink(link, row.siteId);
  if (!row || !site || !inRange(link, row.taskDate)) return undefined;
  const writing = writingOf(site);
  return {
    site,
    title: row.name,
    when: instantWords(row.expireOn, writing),
    fields: [
      ...fieldsOf([
        ['Task', row.name],
        ['Date', dayWords(row.taskDate, writing)],
        ['Opens', instantWords(row.opensAt, writing)],
        ['Due', instantWords(row.expireOn, writing)],
        ['Status', taskBucketLabels[row.bucket]],
        ['Completed at', row.completedAt && instantWords(row.completedAt, writing)],
        ['Completed by', row.completer && personName(row.completer)],
        ['Entered after the fact', row.enteredAfterTheFact ? yesNo(true) : null],
      ]),
      ...row.items.map((item) => ({
        label: item.text,
        value: [checklistItemStatusLabels[item.status], item.comment].filter(Boolean).join(' — '),
      })),
    ],
  };
};

const complianceLog: Loader = async (db, link, id) => {
  const [row] = await db
    .select()
    .from(complianceLogs)
    .where(
      and(
        eq(complianceLogs.id, id),
        eq(complianceLogs.orgId, link.row.orgId),
        isNull(complianceLogs.deletedAt),
      ),
    );
  const site = row && placeOf(link, row.siteId, row.submittedAt);
  if (!row || !site) return undefined;
  const [log] = await complianceLogDtos(db, [row]);
  if (!log) return undefined;
  const writing = writingOf(site);
  return {
    site,
    title: `${log.title} (${log.logID})`,
    when: instantWords(log.submittedAt, writing),
    fields: [
      ...fieldsOf([
        ['Reference', log.logID],
        ['Log type', logTypeLabels[log.logType]],
        ['Submitted at', instantWords(log.submittedAt, writing)],
        ['Received at', instantWords(log.receivedAt, writing)],
        ['Submitted by', log.submittedBy.name],
        ['Result', complianceResultLabels[log.result]],
        ['Status', complianceLogWorkflow.labels[log.status]],
      ]),
      ...log.answers.map((answer) => ({
        label: answer.text,
        value: answer.answer === null ? 'Not answered' : complianceAnswerLabels[answer.answer],
      })),
      ...fieldsOf([
        ['Note', log.note],
        ['Review note', log.reviewNote],
        ['Reviewed by', log.reviewedBy?.name],
        ['Reviewed at', log.reviewedAt && instantWords(log.reviewedAt, writing)],
      ]),
    ],
  };
};

const nearMiss: Loader = async (db, link, id) => {
  const [row] = await db
    .select()
    .from(nearMisses)
    .where(and(eq(nearMisses.id, id), eq(nearMisses.orgId, link.row.orgId), isNull(nearMisses.deletedAt)));
  const site = row && placeOf(link, row.siteId, row.occurredAt);
  if (!row || !site) return undefined;
  const [report] = await nearMissDtos(db, [row]);
  if (!report) return undefined;
  const writing = writingOf(site);
  return {
    site,
    title: `${report.title} (${report.logID})`,
    when: instantWords(report.occurredAt, writing),
    fields: [
      ...fieldsOf([
        ['Reference', report.logID],
        ['Category', nearMissCategoryLabels[report.category]],
        ['When it happened', instantWords(report.occurredAt, writing)],
        ['Where', report.location],
        ['What happened', report.whatHappened],
        ['People involved', report.peopleInvolved],
        ['Injuries', report.injuries],
        ['Immediate action', report.immediateAction],
        ['Reported by', report.reportedBy.name],
        ['Reported at', instantWords(report.reportedAt, writing)],
        ['Status', nearMissWorkflow.labels[report.status]],
        ['Outcome', report.outcome],
      ]),
      ...report.followUps.map((followUp) => ({
        label: 'Follow-up action',
        value: [
          followUp.action,
          followUp.owner && `by ${followUp.owner.name}`,
          followUp.dueOn && `due ${dayWords(followUp.dueOn, writing)}`,
          followUp.doneAt ? `done ${instantWords(followUp.doneAt, writing)}` : 'not done yet',
        ]
          .filter(Boolean)
          .join(', '),
      })),
    ],
  };
};

/** A corrective action's reference prefix, as the console shows it ("CA-3F9A1C"). */
const actionPrefix = 'CA';

const correctiveAction: Loader = async (db, link, id) => {
  const row = await findAction(db, link.row.orgId, id);
  const site = row && placeOf(link, row.action.siteId, row.action.occurredAt);
  if (!row || !site) return undefined;
  const { action } = row;
  const writing = writingOf(site);
  return {
    site,
    title: action.deviation,
    when: instantWords(action.occurredAt, writing),
    fields: fieldsOf([
      ['Reference', logReference(actionPrefix, action.id)],
      ['Deviation', action.deviation],
      ['Kind', correctiveActionKindLabels[action.kind]],
      ['Check', correctiveCheckTypeLabels[action.checkType]],
      ['When it happened', instantWords(action.occurredAt, writing)],
      ['Due', instantWords(action.dueAt, writing)],
      ['State', correctiveActionStateLabels[action.state]],
      ['What was done', action.actionTaken],
      ['Food discarded', action.foodDiscarded === null ? null : yesNo(action.foodDiscarded)],
      ['Quantity discarded', action.discardedQuantity],
      ['Recorded by', row.recorder && personName(row.recorder)],
      ['Recorded at', action.recordedAt && instantWords(action.recordedAt, writing)],
      ['Verified by', row.verifier && personName(row.verifier)],
      ['Verified at', action.verifiedAt && instantWords(action.verifiedAt, writing)],
      ['Verification note', action.verificationNote],
      ['Reopened', action.reopenCount > 0 ? `${action.reopenCount} time(s)` : null],
      ['Why it was reopened', action.reopenReason],
    ]),
  };
};

/** A live document of one of the link's sites or of the whole organisation: it holds for now, whatever the range. */
const document: Loader = async (db, link, id, now) => {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.orgId, link.row.orgId),
        isNull(documents.deletedAt),
        or(
          isNull(documents.siteId),
          inArray(
            documents.siteId,
            link.sites.map((site) => site.id),
          ),
        ),
      ),
    );
  const [first] = link.sites;
  if (!row || !first) return undefined;
  const site = siteOfLink(link, row.siteId) ?? first;
  const writing = writingOf(site);
  const [record] = await documentDtos(db, [row], { now, zone: site.timeZoneId });
  if (!record) return undefined;
  return {
    site,
    title: record.name,
    when: instantWords(record.createdAt, writing),
    fields: [
      ...fieldsOf([
        ['Name', record.name],
        ['Category', documentCategoryLabels[record.category]],
        ['For', record.siteName ?? 'The whole organisation'],
        ['Expires on', record.expiresOn ? dayWords(record.expiresOn, writing) : 'No expiry date'],
        ['Expiry', documentExpiryLabels[record.expiry]],
        ['Note', record.note],
        ['Added by', record.createdBy?.name],
        ['Added at', instantWords(record.createdAt, writing)],
      ]),
      ...record.files.map((file) => ({ label: 'File', value: file.originalName })),
    ],
  };
};

const siteReview: Loader = async (db, link, id) => {
  const scope = { orgId: link.row.orgId, startDate: link.row.startDate, endDate: link.row.endDate };
  const row = await findReview(db, scope, id);
  const site = row && siteOfLink(link, row.review.siteId);
  if (!row || !site) return undefined;
  const { review } = row;
  const writing = writingOf(site);
  const contents = review.contents;
  return {
    site,
    title: reviewTitle(review, site),
    when: instantWords(review.signedAt ?? review.updatedAt, writing),
    fields: fieldsOf([
      ['Period', reviewTitle(review, site)],
      ['State', siteReviewStateLabels[review.state]],
      ['Signed by', row.signer && personName(row.signer)],
      ['Signed at', review.signedAt && instantWords(review.signedAt, writing)],
      ['Recurring problems', contents && String(contents.recurringProblems.length)],
      ['Missed checks', contents && String(contents.missedChecks.reduce((sum, one) => sum + one.missed, 0))],
      ['Corrective actions not verified', contents && String(contents.unresolvedActions.length)],
      ['Near misses', contents && String(contents.nearMisses.length)],
      ['Notes', review.notes],
      ['Changes made', review.changes],
    ]),
  };
};

const loaders: Record<InspectorSubject, Loader> = {
  TemperatureLog: temperatureLog,
  Task: task,
  ComplianceLog: complianceLog,
  NearMiss: nearMiss,
  CorrectiveAction: correctiveAction,
  Document: document,
  SiteReview: siteReview,
};

/** One record the link opens, with its history in words; undefined when it opens no such record. */
export async function recordOfLink(
  db: Database,
  link: OpenLink,
  subject: InspectorSubject,
  id: string,
  now: Date,
): Promise<{ record: InspectorRecord; when: string } | undefined> {
  const found = await loaders[subject](db, link, id, now);
  if (!found) return undefined;
  const history = await historyOf(db, link.row.orgId, subject, id);
  return {
    when: found.when,
    record: {
      _id: id,
      subject,
      siteName: found.site.name,
      title: found.title,
      fields: found.fields,
      history: historyInWords(history, writingOf(found.site)),
    },
  };
}
