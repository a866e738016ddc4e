import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { jurisdictionOf, type LogType } from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import { checklistTemplates } from '../../tasks/index.js';
import { complianceLogs } from '../schema.js';
import { type sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { answersOfSubmission, logResultOf, type AnswerSent } from './answers.js';
import type { DemoBase } from '../../../platform/demo/base.js';
import { draw } from '../../../platform/demo/draw.js';

// Compliance logs as staff submit them from the app: each of the organisation's typed checklists (fridge
// and freezer checks, deliveries, probe calibration, hot holding, legionella, cooking and cooling) once a
// week on every site for eight weeks, judged by the same code as a submission. Reviewed ones are closed by
// the site's admin; last week's wait for review; one delivery failed and is being followed up.

const weeks = 8;

/** Which question of a typed template takes a temperature, the check it is, and a typical reading. */
const temperatureLines: readonly { logType: LogType; says: RegExp; checkKind: string; around: number }[] = [
  { logType: 'FRIDGE', says: /reading is 5°C/, checkKind: 'FRIDGE', around: 3.4 },
  { logType: 'FREEZER', says: /reading is -18°C/, checkKind: 'FREEZER', around: -20.5 },
  { logType: 'FOOD_DELIVERY', says: /Chilled food probes/, checkKind: 'CHILLED', around: 4.2 },
  { logType: 'FOOD_DELIVERY', says: /Frozen food is at/, checkKind: 'FROZEN', around: -19 },
  { logType: 'PROBE_CALIBRATION', says: /iced water/, checkKind: 'ICE_WATER', around: 0.1 },
  { logType: 'PROBE_CALIBRATION', says: /boiling water/, checkKind: 'BOILING_WATER', around: 99.9 },
  { logType: 'HOT_HOLD_DISPLAY', says: /probes at 63°C/, checkKind: 'HOT_HOLD', around: 68 },
  { logType: 'LEGIONELLA_WATER', says: /Hot water reaches 50°C/, checkKind: 'HOT_OUTLET', around: 55 },
  { logType: 'LEGIONELLA_WATER', says: /Cold water is below 20°C/, checkKind: 'COLD', around: 13.5 },
  { logType: 'LEGIONELLA_WATER', says: /calorifier/, checkKind: 'STORED_HOT', around: 62 },
  { logType: 'COOKING_COOLING', says: /Core temperature reached 75°C/, checkKind: 'COOKED', around: 82 },
  // Cooled to 4 °C: within England's 8 °C and New York's 41 °F (5 °C) alike.
  { logType: 'COOKING_COOLING', says: /cooled to 8°C/, checkKind: 'COOLED', around: 4 },
];

/** The one delivery that failed: chicken above 8 °C, rejected, and the supplier asked to explain. */
const failedDelivery = {
  weeksAgo: 1,
  celsius: 11.2,
  comment: 'Chicken thighs probed at 11.2 °C: rejected and sent back with the driver; supplier called.',
  note: 'Two of four chilled crates were warm. Supplier asked for their van’s temperature records.',
  reviewNote: 'Chasing South Downs Butchers for the van records before the next order.',
};

type SiteRow = typeof sites.$inferSelect;

export async function seedComplianceLogs(
  tx: Tx,
  base: DemoBase,
  siteRows: readonly SiteRow[],
  people: ReadonlyMap<string, { staff: string[]; admin: string }>,
) {
  const templates = await tx
    .select()
    .from(checklistTemplates)
    .where(
      and(
        eq(checklistTemplates.orgId, base.orgId),
        isNotNull(checklistTemplates.type),
        isNull(checklistTemplates.deletedAt),
      ),
    )
    .orderBy(checklistTemplates.name);
  const rows: (typeof complianceLogs.$inferInsert)[] = [];
  for (const site of siteRows) {
    const who = people.get(site.id);
    if (!who) continue;
    for (const [index, template] of templates.entries()) {
      const logType = template.type;
      if (logType === null) continue;
      for (let weeksAgo = weeks - 1; weeksAgo >= 0; weeksAgo -= 1) {
        const key = `${site.id}${template.id}${weeksAgo}`;
        // Each template on its own weekday, mid-morning in the site's zone.
        const submittedAt = DateTime.fromJSDate(base.now, { zone: site.timeZoneId })
          .minus({ weeks: weeksAgo })
          .set({ weekday: ((index % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6, hour: 10, minute: 15 + index * 3 })
          .startOf('minute');
        if (submittedAt.toJSDate() > base.now) continue;
        const failing =
          logType === 'FOOD_DELIVERY' && weeksAgo === failedDelivery.weeksAgo && site === siteRows[0];
        const sent: AnswerSent[] = template.items.map((question) => {
          const line = temperatureLines.find(
            (one) => one.logType === logType && one.says.test(question.text),
          );
          if (!line) return { _id: question.id, answer: 'YES' };
          const warm = failing && line.checkKind === 'CHILLED';
          const celsius = warm
            ? failedDelivery.celsius
            : Math.round((line.around + (draw(`${key}${question.id}`, 1) - 0.5) * 1.4) * 10) / 10;
          return {
            _id: question.id,
            answer: warm ? 'NO' : 'YES',
            celsius,
            checkKind: line.checkKind,
            ...(warm ? { comment: failedDelivery.comment } : {}),
          };
        });
        const jurisdiction = jurisdictionOf(site.jurisdiction);
        const answers = answersOfSubmission(logType, jurisdiction, template.items, sent);
        // The last three days' wait for their review: some always do, a Monday morning included (when this
        // week's have not been submitted yet, last Friday's and Saturday's wait).
        const reviewed = base.now.getTime() - submittedAt.toMillis() > 3 * 86_400_000 && !failing;
        const reviewedAt = submittedAt.plus({ days: 1, hours: 6 }).toJSDate();
        rows.push({
          id: newId(),
          orgId: base.orgId,
          siteId: site.id,
          logType,
          templateId: template.id,
          title: template.name,
          answers,
          jurisdiction,
          status: failing ? 'PENDING' : reviewed ? 'COMPLETED' : 'REPORTED',
          result: logResultOf(answers).result,
          note: failing ? failedDelivery.note : null,
          submittedBy: who.staff[Math.floor(draw(key, 2) * who.staff.length)] ?? who.admin,
          submittedAt: submittedAt.toJSDate(),
          receivedAt: submittedAt.plus({ minutes: 1 }).toJSDate(),
          reviewNote: failing ? failedDelivery.reviewNote : reviewed ? 'Checked.' : null,
          reviewedBy: failing || reviewed ? who.admin : null,
          reviewedAt: failing || reviewed ? reviewedAt : null,
          createdAt: submittedAt.toJSDate(),
          updatedAt: failing || reviewed ? reviewedAt : submittedAt.toJSDate(),
        });
      }
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(complianceLogs).values(rows.slice(start, start + 500));
  }
}
