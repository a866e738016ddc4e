import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { formatInstant, ruleSetOf } from '@console/shared-sdk/contract';
import { correctiveActions } from '../../platform/corrective-actions/schema.js';
import { organizations, sites } from '../../platform/db/schema.js';
import { raiseEvents } from '../../platform/events/raise.js';
import { alertEvents } from '../../platform/events/schema.js';
import { localDate } from '../sites/index.js';
import type { ScanDeps } from './scans.js';

// CORRECTIVE_ACTION_OVERDUE (HACCP principle 5): an action still awaiting action at its due time (opened
// plus its site's action hours) raises one event, run from the same minute's job as the overdue tasks. The
// key holds how often the action was reopened (`CORRECTIVE_ACTION_OVERDUE:<action>:<reopen count>`), so a
// reopened action, due again, can be overdue again. Recording the action acknowledges the event; one left
// unacknowledged escalates as an overdue task does.

/** Actions read by one scan at most; the next minute's scan goes on. */
const perScan = 500;

const kind = 'CORRECTIVE_ACTION_OVERDUE';

/** The longest deviation a title quotes whole. */
const quotedLength = 80;

const quoted = (text: string) =>
  text.length > quotedLength ? `${text.slice(0, quotedLength - 1).trimEnd()}…` : text;

/** Raises CORRECTIVE_ACTION_OVERDUE for actions open past their due time; answers how many it raised. */
export async function scanOverdueActions(deps: ScanDeps, now: Date): Promise<number> {
  const dedupeKey = sql<string>`${`${kind}:`} || ${correctiveActions.id} || ':' || ${correctiveActions.reopenCount}`;
  const rows = await deps.db
    .select({
      id: correctiveActions.id,
      orgId: correctiveActions.orgId,
      siteId: correctiveActions.siteId,
      kind: correctiveActions.kind,
      checkType: correctiveActions.checkType,
      deviation: correctiveActions.deviation,
      dueAt: correctiveActions.dueAt,
      reopenCount: correctiveActions.reopenCount,
      sourceSubject: correctiveActions.sourceSubject,
      sourceId: correctiveActions.sourceId,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(correctiveActions)
    .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
    .innerJoin(organizations, eq(organizations.id, sites.orgId))
    .where(
      and(
        eq(correctiveActions.state, 'OPEN'),
        isNull(correctiveActions.deletedAt),
        lte(correctiveActions.dueAt, now),
        isNull(sites.deletedAt),
        isNull(organizations.deletedAt),
        sql`not exists (select 1 from ${alertEvents} where ${alertEvents.dedupeKey} = ${dedupeKey})`,
      ),
    )
    .orderBy(asc(correctiveActions.dueAt), asc(correctiveActions.id))
    .limit(perScan);
  const raised = await raiseEvents(
    deps.db,
    rows.map((row) => {
      const { locale } = ruleSetOf(row.jurisdiction);
      // A due time of today reads as a time; one of an earlier day says the day too.
      const sameDay = localDate(row.timeZoneId, row.dueAt) === localDate(row.timeZoneId, now);
      const due = formatInstant(row.dueAt, row.timeZoneId, sameDay ? 'time' : 'dateTime', locale);
      return {
        orgId: row.orgId,
        siteId: row.siteId,
        kind,
        subject: 'CorrectiveAction',
        recordId: row.id,
        dedupeKey: `${kind}:${row.id}:${row.reopenCount}`,
        title: `Corrective action for “${quoted(row.deviation)}” is overdue at ${row.siteName} (due ${due})`,
        details: {
          deviation: row.deviation,
          actionKind: row.kind,
          checkType: row.checkType,
          source: { subject: row.sourceSubject, recordId: row.sourceId },
          reopenCount: row.reopenCount,
        },
        occurredAt: row.dueAt,
      };
    }),
    now,
  );
  if (raised > 0) deps.log.debug({ raised }, 'raised overdue corrective action events');
  return raised;
}
