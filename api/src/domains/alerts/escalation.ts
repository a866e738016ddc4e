import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config/config.js';
import type { Database } from '../../platform/db/client.js';
import { sites } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import { queueEventEmails } from './email.js';
import { notifyInConsole } from './dispatch.js';
import { groupWindowMs, lockGroupsOf } from './grouping.js';
import { adminsOf, escalatingKinds, hearsOfEscalation, wantsEmail } from './recipients.js';

// Escalation (issue 24): a failed reading or an overdue task that nobody acknowledges (a corrective action,
// a completion, opening it in the console) within its site's escalation time (sites.escalation_minutes,
// counted from when the event was raised) goes on to the next level: every organisation admin gets it,
// marked escalated, in the bell (their notification, if they had one, is marked escalated and unread
// again) and by e-mail at once, each once (the keys of dispatch.ts). Events are taken FOR UPDATE SKIP
// LOCKED, so two instances never escalate the same one twice. A new notification joins the organisation
// admin's group of its kind (grouping.ts); the e-mail goes at once, never held for a group.

export interface EscalationDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** The grouping window; left out, the default one. */
  config?: Pick<AppConfig, 'alertGroupMinutes'>;
}

const batchSize = 50;

/** Escalates what is due; answers how many events it escalated. */
export async function escalateEvents(deps: EscalationDeps, now: Date): Promise<number> {
  let escalated = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ event: alertEvents })
        .from(alertEvents)
        .innerJoin(sites, eq(sites.id, alertEvents.siteId))
        .where(
          and(
            inArray(alertEvents.kind, [...escalatingKinds]),
            isNull(alertEvents.acknowledgedAt),
            isNull(alertEvents.escalatedAt),
            isNotNull(alertEvents.dispatchedAt),
            lte(
              alertEvents.createdAt,
              sql`${now.toISOString()}::timestamptz - make_interval(mins => ${sites.escalationMinutes})`,
            ),
          ),
        )
        .orderBy(asc(alertEvents.createdAt), asc(alertEvents.id))
        .limit(batchSize)
        .for('update', { of: alertEvents, skipLocked: true });
      if (due.length === 0) return { read: 0, escalated: 0 };
      // Claimed by the update (only what is still unescalated), so a run that read the same rows does nothing.
      const claimed = new Set(
        (
          await tx
            .update(alertEvents)
            .set({ escalatedAt: now })
            .where(
              and(
                inArray(
                  alertEvents.id,
                  due.map((row) => row.event.id),
                ),
                isNull(alertEvents.escalatedAt),
              ),
            )
            .returning({ id: alertEvents.id })
        ).map((row) => row.id),
      );
      const events = due.map((row) => row.event).filter((event) => claimed.has(event.id));
      const people = await adminsOf(tx, [...new Set(events.map((event) => event.orgId))]);
      const windowMs = groupWindowMs(deps.config?.alertGroupMinutes);
      await lockGroupsOf(tx, events);
      for (const event of events) {
        const admins = people.filter((person) => hearsOfEscalation(person, event));
        await notifyInConsole(tx, event, admins, now, { escalated: true, windowMs });
        const mailed = admins.filter((person) => wantsEmail(person, event.kind));
        await queueEventEmails(tx, event, mailed, now, { groupId: null });
      }
      return { read: due.length, escalated: events.length };
    });
    escalated += taken.escalated;
    if (taken.read < batchSize) break;
  }
  if (escalated > 0) deps.log.debug({ escalated }, 'escalated alert events');
  return escalated;
}
