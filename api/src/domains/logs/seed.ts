import { seedSensorWeek } from './temperature-logs/sensor-seed.js';
import { seedTwoStageCooling } from './temperature-logs/cooling-seed.js';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';
import {
  checkOf,
  equipmentItemLimits,
  judgeReading,
  recordCheckMaxDays,
  type DocumentCategory,
  type LogType,
  type NearMissCategory,
  type NearMissFollowUpRecord,
  type RecordStatus,
  type TemperatureLimits,
} from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { documentFiles, documents, nearMisses, temperatureReadings } from './schema.js';
import { foodItems, masterTypes, temperatureItems } from '../equipment/index.js';
import { siteMembers, sites, users } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { recordCreationHistory } from './record-history/record-check.js';
import { addDays, localDate } from '../sites/index.js';
import { seedComplianceLogs } from './comlianceLog/seed.js';
import { draw } from '../../platform/demo/draw.js';
import { storeDemoFile } from '../../platform/files/demo-files.js';
import type { DemoBase, DomainSeed } from '../../platform/demo/base.js';

// What an environmental-health officer would find on each demo site: sixty days of temperature readings
// for every fridge, freezer and probe, taken at opening and closing by the site's staff, with the few
// excursions a real kitchen has and what was done about each; one reading typed in hours later from the
// paper sheet; compliance logs of several kinds; three near misses at different stages; and the documents
// an inspector asks for, one about to expire and one already lapsed.

const historyDays = 60;

type SiteKey = keyof DemoBase['sites'];
type ReadingRow = typeof temperatureReadings.$inferInsert;

interface SitePeople {
  staff: string[];
  admin: string;
}

/** A reading out of limits on a given day, with what the staff did about it. */
interface Excursion {
  site: SiteKey;
  /** The equipment and item names of the demo (domains/equipment/seed.ts), or a probe's or food's name. */
  equipment: string;
  item: string;
  daysAgo: number;
  at: 'open' | 'close';
  celsius: number;
  correctiveAction: string;
}

const excursions: readonly Excursion[] = [
  {
    site: 'brighton',
    equipment: 'Pass fridge',
    item: 'Service rail',
    daysAgo: 12,
    at: 'close',
    celsius: 9.4,
    correctiveAction:
      'Door seal split. Stock moved to the walk-in chiller; engineer called (Coolserve job 4471). ' +
      'Rechecked at 3.8 °C the next morning after the seal was replaced.',
  },
  {
    site: 'brighton',
    equipment: 'Walk-in chiller',
    item: 'Top shelf',
    daysAgo: 5,
    at: 'open',
    celsius: 6.2,
    correctiveAction:
      'Fish delivery being put away with the door propped open. Door closed; rechecked at 4.1 °C after 30 minutes.',
  },
  {
    site: 'manchester',
    equipment: 'Counter display',
    item: 'Display cabinet',
    daysAgo: 20,
    at: 'close',
    celsius: 8.9,
    correctiveAction:
      'Cabinet overstocked, blocking the air vents. 3 quiches and 6 sausage rolls above 8 °C for an ' +
      'unknown time were thrown away; cabinet restocked to the load line.',
  },
  {
    site: 'brooklyn',
    equipment: 'Walk-in freezer',
    item: 'Main',
    daysAgo: 33,
    at: 'open',
    celsius: -11.5,
    correctiveAction:
      'Compressor fault overnight. Stock still frozen hard moved to the reach-in; soft items thrown away ' +
      '(logged on the waste sheet). Repaired by Polar Refrigeration the same day; -19 °C at close.',
  },
];

/** The daily probe checks on a dish of the day: its log type and check, typical reading, spread and time. */
const foodChecks: readonly {
  logType: LogType;
  checkKind: string;
  around: number;
  spread: number;
  localTime: string;
}[] = [
  { logType: 'COOKING_COOLING', checkKind: 'COOKED', around: 83, spread: 6, localTime: '12:10' },
  { logType: 'HOT_HOLD_DISPLAY', checkKind: 'HOT_HOLD', around: 69, spread: 4, localTime: '13:40' },
];

/** The default limits of a check under a site's rule set (temperature-standards.ts). */
function limitsOf(logType: LogType, checkKind: string, jurisdiction: string): TemperatureLimits {
  const check = checkOf(logType, checkKind, jurisdiction);
  if (!check) throw new Error(`no ${checkKind} check for ${logType}`);
  return check.limits;
}

/** Each site's staff, and the admin who reviews when there is no staff member to name. */
async function peopleOf(tx: Tx, siteIds: string[], fallbackAdmin: string) {
  const rows = await tx
    .select({ siteId: siteMembers.siteId, userId: users.id, role: users.role })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    // Only those who can sign in take readings and report: not deactivated, past their invitation.
    .where(
      and(
        inArray(siteMembers.siteId, siteIds),
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
        isNotNull(users.passwordHash),
      ),
    )
    .orderBy(users.id);
  const bySite = new Map<string, SitePeople>();
  for (const siteId of siteIds) {
    const members = rows.filter((row) => row.siteId === siteId);
    const admin = members.find((row) => row.role === 'SITE_ADMIN')?.userId ?? fallbackAdmin;
    const staff = members.filter((row) => row.role === 'STAFF').map((row) => row.userId);
    bySite.set(siteId, { staff: staff.length > 0 ? staff : [admin], admin });
  }
  return bySite;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The local instant of `daysAgo` days before `now` at `time` (HH:mm) in `zone`. */
function localAt(now: Date, zone: string, daysAgo: number, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromJSDate(now, { zone })
    .minus({ days: daysAgo })
    .set({ hour: hour ?? 0, minute: minute ?? 0, second: 0, millisecond: 0 });
}

function addMinutes(time: string, minutes: number): string {
  const [hour, minute] = time.split(':').map(Number);
  const total = (hour ?? 0) * 60 + (minute ?? 0) + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

async function seedReadings(
  tx: Tx,
  base: DemoBase,
  site: typeof sites.$inferSelect,
  key: SiteKey,
  people: SitePeople,
) {
  const { orgId, now } = base;
  const items = await tx
    .select({
      id: temperatureItems.id,
      name: temperatureItems.name,
      lowerLimit: temperatureItems.lowerLimit,
      upperLimit: temperatureItems.upperLimit,
      equipment: masterTypes.name,
      type: masterTypes.type,
    })
    .from(temperatureItems)
    .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
    .where(and(eq(masterTypes.siteId, site.id), isNull(temperatureItems.deletedAt)))
    .orderBy(masterTypes.name, temperatureItems.position);
  const food = await tx
    .select({ id: foodItems.id, name: foodItems.name, type: foodItems.type })
    .from(foodItems)
    .where(and(eq(foodItems.siteId, site.id), isNull(foodItems.deletedAt)))
    .orderBy(foodItems.name);
  const dishes = food.filter((item) => item.type === 'FOODITEM');
  const probes = food.filter((item) => item.type === 'PROB');

  const rows: ReadingRow[] = [];
  const add = (
    reading: Omit<
      ReadingRow,
      'id' | 'orgId' | 'siteId' | 'createdAt' | 'updatedAt' | 'result' | 'jurisdiction'
    > & {
      limits: TemperatureLimits;
    },
  ) => {
    const { limits, ...fields } = reading;
    rows.push({
      id: newId(),
      orgId,
      siteId: site.id,
      ...fields,
      lowerLimit: limits.lowerLimit,
      upperLimit: limits.upperLimit,
      warnUpTo: limits.warnUpTo,
      jurisdiction: site.jurisdiction,
      result: judgeReading(fields.celsius, limits),
      createdAt: fields.receivedAt,
      updatedAt: fields.receivedAt,
    });
  };

  const hoursOf = (daysAgo: number) => {
    const day = DateTime.fromJSDate(now, { zone: site.timeZoneId }).minus({ days: daysAgo });
    return { day, hours: site.timing.find((entry) => entry.day === day.weekday % 7) };
  };
  // An excursion falls on the open day at or before its nominal one: the story keeps every excursion
  // whatever weekday the demo is seeded on (Manchester closes on Sundays, Brooklyn on Mondays).
  const openDayAgo = (nominal: number) => {
    for (let daysAgo = nominal; daysAgo < nominal + 7; daysAgo += 1)
      if (hoursOf(daysAgo).hours?.isOpen) return daysAgo;
    return nominal;
  };
  const siteExcursions = excursions
    .filter((one) => one.site === key)
    .map((one) => ({ ...one, daysAgo: openDayAgo(one.daysAgo) }));

  for (let daysAgo = historyDays; daysAgo >= 0; daysAgo -= 1) {
    const { day, hours } = hoursOf(daysAgo);
    if (!hours?.isOpen) continue;
    const reader = (n: number) =>
      people.staff[Math.floor(draw(`${site.id}${daysAgo}`, n) * people.staff.length)];

    for (const [at, time] of [
      ['open', addMinutes(hours.openTime, 20)],
      ['close', addMinutes(hours.closeTime, -30)],
    ] as const) {
      const readAt = localAt(now, site.timeZoneId, daysAgo, time).toJSDate();
      if (readAt > now) continue;
      const readBy = reader(at === 'open' ? 1 : 2) ?? people.admin;
      for (const item of items) {
        const excursion = siteExcursions.find(
          (one) =>
            one.equipment === item.equipment &&
            one.item === item.name &&
            one.daysAgo === daysAgo &&
            one.at === at,
        );
        const seedKey = `${item.id}${daysAgo}${at}`;
        const celsius =
          excursion?.celsius ??
          (item.type === 'FRIDGE'
            ? round1(2.4 + draw(seedKey, 1) * 2.2)
            : round1(-22 + draw(seedKey, 1) * 3));
        const limits = equipmentItemLimits(item.type, item, site.jurisdiction);
        // The one reading entered from the paper sheet hours after it was taken.
        const backFilled = key === 'manchester' && daysAgo === 3 && at === 'open' && item === items[0];
        add({
          logType: item.type,
          temperatureItemId: item.id,
          checkKind: item.type,
          celsius,
          readAt,
          receivedAt: new Date(readAt.getTime() + (backFilled ? 250 : 1) * 60_000),
          readBy,
          limits,
          correctiveAction: excursion?.correctiveAction ?? null,
          note: backFilled ? 'Tablet was offline at opening: entered from the paper sheet.' : null,
        });
      }
      if (at === 'close') continue;

      // Cooking and hot holding on a dish of the day, read with the site's probe.
      for (const [index, check] of foodChecks.entries()) {
        const dish = dishes[(daysAgo + index) % Math.max(dishes.length, 1)];
        if (!dish) continue;
        const checkAt = localAt(now, site.timeZoneId, daysAgo, check.localTime).toJSDate();
        if (checkAt > now) continue;
        const seedKey = `${dish.id}${daysAgo}${check.checkKind}`;
        // One hot-holding excursion: soup found below 63 °C on the pass.
        const cold = key === 'brighton' && daysAgo === 17 && check.checkKind === 'HOT_HOLD';
        add({
          logType: check.logType,
          foodItemId: dish.id,
          checkKind: check.checkKind,
          celsius: cold ? 58.5 : round1(check.around + (draw(seedKey, 1) - 0.5) * check.spread),
          readAt: checkAt,
          receivedAt: new Date(checkAt.getTime() + 60_000),
          readBy,
          limits: limitsOf(check.logType, check.checkKind, site.jurisdiction),
          correctiveAction: cold
            ? 'Below 63 °C after 2 hours on the pass: reheated to 78 °C and put back in a preheated ' +
              'bain-marie; thermostat turned up and checked at the next round.'
            : null,
          note: null,
        });
      }

      // Every probe is calibrated on the first open day of the week, in iced and in boiling water.
      if (day.weekday === 2 || (key === 'brooklyn' && day.weekday === 3)) {
        for (const probe of probes) {
          const checkAt = localAt(now, site.timeZoneId, daysAgo, addMinutes(hours.openTime, 45)).toJSDate();
          if (checkAt > now) continue;
          const drifted = key === 'brighton' && daysAgo >= 20 && daysAgo < 27 && probe === probes[2];
          for (const [checkKind, around] of [
            ['ICE_WATER', 0],
            ['BOILING_WATER', 100],
          ] as const) {
            const limits = limitsOf('PROBE_CALIBRATION', checkKind, site.jurisdiction);
            const failing = drifted && checkKind === 'ICE_WATER';
            add({
              logType: 'PROBE_CALIBRATION',
              foodItemId: probe.id,
              checkKind,
              celsius: failing
                ? 2.1
                : round1(around + (draw(`${probe.id}${daysAgo}${checkKind}`, 1) - 0.5) * 0.8),
              readAt: checkAt,
              receivedAt: new Date(checkAt.getTime() + 60_000),
              readBy,
              limits,
              correctiveAction: failing
                ? 'Probe read 2.1 °C in iced water: taken out of use and labelled. Battery replaced and ' +
                  'probe recalibrated; reads 0.2 °C. Back in use.'
                : null,
              note: null,
            });
          }
        }
      }
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(temperatureReadings).values(rows.slice(start, start + 500));
  }
  return rows.length;
}

interface NearMissSeed {
  site: SiteKey;
  category: NearMissCategory;
  title: string;
  whatHappened: string;
  location: string;
  daysAgo: number;
  time: string;
  peopleInvolved: string;
  injuries: string;
  immediateAction: string;
  status: RecordStatus;
  outcome: string | null;
  followUps: { action: string; dueInDays: number; done: boolean }[];
}

const nearMissSeeds: readonly NearMissSeed[] = [
  {
    site: 'brighton',
    category: 'ACCIDENT',
    title: 'Slip on wet floor by the dish wash',
    whatHappened:
      'Tom slipped on water pooling under the dishwasher outlet while carrying a rack of glasses. He caught ' +
      'the counter and did not fall; two glasses broke.',
    location: 'Kitchen, dish-wash area',
    daysAgo: 1,
    time: '21:40',
    peopleInvolved: 'Tom Fletcher (kitchen porter)',
    injuries: 'None',
    immediateAction: 'Floor dried, wet-floor sign put out, broken glass swept up and bagged.',
    status: 'REPORTED',
    outcome: null,
    followUps: [],
  },
  {
    site: 'manchester',
    category: 'ALLERGIC REACTION',
    title: 'Customer reaction to sesame in a sandwich',
    whatHappened:
      'A customer who had asked for a sesame-free lunch reported an itchy mouth after eating a chicken ' +
      'sandwich. The bread supplier had changed the loaf to a seeded one without telling us.',
    location: 'Café counter',
    daysAgo: 9,
    time: '12:55',
    peopleInvolved: 'Chloe Evans (served the order); the customer',
    injuries: 'Mild oral itching; the customer took their own antihistamine and declined an ambulance.',
    immediateAction:
      'Seeded loaves withdrawn from sale, allergen matrix checked, customer’s details taken and the manager told.',
    status: 'PENDING',
    outcome: null,
    followUps: [
      {
        action: 'Ask Northern Bakery Supplies for written notice of any recipe change',
        dueInDays: -2,
        done: true,
      },
      { action: 'Update the allergen matrix and retrain the counter team', dueInDays: 3, done: false },
      { action: 'Call the customer back with what was found', dueInDays: 1, done: false },
    ],
  },
  {
    site: 'brooklyn',
    category: 'INCIDENT',
    title: 'Burn from fryer oil splash',
    whatHappened:
      'Wet fries dropped into the fryer splashed oil onto Diego’s forearm during the Friday rush.',
    location: 'Hot line, fryer station',
    daysAgo: 26,
    time: '19:20',
    peopleInvolved: 'Diego Ramirez (line cook)',
    injuries: 'First-degree burn, about 3 cm, on the left forearm.',
    immediateAction:
      'Cooled under running water for 20 minutes, dressed from the first-aid kit, logged in the accident book.',
    status: 'COMPLETED',
    outcome:
      'Fries are now drained in the basket before frying; long fryer gloves bought and the line retrained. ' +
      'No further splashes in the following two weeks.',
    followUps: [
      { action: 'Buy long heat-resistant fryer gloves', dueInDays: -24, done: true },
      { action: 'Retrain the line on draining before frying', dueInDays: -20, done: true },
    ],
  },
];

async function seedNearMisses(
  tx: Tx,
  base: DemoBase,
  siteRows: Map<SiteKey, typeof sites.$inferSelect>,
  people: Map<string, SitePeople>,
) {
  for (const seed of nearMissSeeds) {
    const site = siteRows.get(seed.site);
    const who = site && people.get(site.id);
    if (!site || !who) continue;
    const occurredAt = localAt(base.now, site.timeZoneId, seed.daysAgo, seed.time);
    const reportedAt = occurredAt.plus({ minutes: 25 }).toJSDate();
    const followUps = seed.followUps.map((follow): NearMissFollowUpRecord => ({
      _id: newId(),
      action: follow.action,
      ownerId: who.admin,
      dueOn: occurredAt.plus({ days: seed.daysAgo + follow.dueInDays }).toISODate() ?? null,
      doneAt: follow.done ? occurredAt.plus({ days: seed.daysAgo + follow.dueInDays - 1 }).toISO() : null,
    }));
    await tx.insert(nearMisses).values({
      id: newId(),
      orgId: base.orgId,
      siteId: site.id,
      category: seed.category,
      title: seed.title,
      whatHappened: seed.whatHappened,
      location: seed.location,
      occurredAt: occurredAt.toJSDate(),
      peopleInvolved: seed.peopleInvolved,
      injuries: seed.injuries,
      immediateAction: seed.immediateAction,
      followUps,
      status: seed.status,
      outcome: seed.outcome,
      reportedBy: who.staff[0] ?? who.admin,
      reportedAt,
      receivedAt: new Date(reportedAt.getTime() + 60_000),
      closedAt: seed.status === 'COMPLETED' ? occurredAt.plus({ days: 14 }).toJSDate() : null,
      createdAt: reportedAt,
      updatedAt: reportedAt,
    });
  }
}

interface DocumentSeed {
  /** Null: the whole organisation's. */
  site: SiteKey | null;
  name: string;
  category: DocumentCategory;
  /** Days from today to its expiry date; null: it does not expire. */
  expiresInDays: number | null;
  issuer: string;
  lines: string[];
  note?: string;
}

const documentSeeds: readonly DocumentSeed[] = [
  {
    site: null,
    name: 'Public and employers’ liability insurance',
    category: 'INSURANCE',
    expiresInDays: 240,
    issuer: 'Coastline Mutual Insurance',
    lines: ['Policy HV-PL-20931', 'Public liability: £5,000,000', 'Employers’ liability: £10,000,000'],
  },
  {
    site: null,
    name: 'Allergen policy',
    category: 'POLICY',
    expiresInDays: null,
    issuer: 'Harbour & Vine Hospitality',
    lines: [
      'How every site identifies, labels and controls the 14 allergens.',
      'Reviewed by the operations director each year.',
    ],
  },
  {
    site: null,
    name: 'Food safety management system (HACCP)',
    category: 'FOOD_SAFETY_PLAN',
    expiresInDays: 150,
    issuer: 'Harbour & Vine Hospitality',
    lines: ['Hazard analysis and critical control points for all sites.', 'Next review due before expiry.'],
  },
  {
    site: 'brighton',
    name: 'Gas safety certificate',
    category: 'CERTIFICATE',
    expiresInDays: 10,
    issuer: 'Sussex Gas Services (Gas Safe reg. 561204)',
    lines: ['Appliances: 6-burner range, combi oven, fryer, water heater', 'Result: all appliances safe'],
    note: 'Annual inspection booked with Sussex Gas Services.',
  },
  {
    site: 'brighton',
    name: 'Pest control service contract',
    category: 'CONTRACT',
    expiresInDays: -5,
    issuer: 'Guardian Pest Control',
    lines: ['Eight routine visits a year and call-outs within 24 hours.'],
    note: 'Renewal quote received; awaiting sign-off.',
  },
  {
    site: 'brighton',
    name: 'Food hygiene rating: 5 (very good)',
    category: 'INSPECTION_REPORT',
    expiresInDays: null,
    issuer: 'Brighton & Hove City Council',
    lines: ['Hygienic food handling: very good', 'Structure: very good', 'Management: very good'],
  },
  {
    site: 'manchester',
    name: 'Premises licence',
    category: 'LICENCE',
    expiresInDays: 400,
    issuer: 'Manchester City Council',
    lines: ['Late-night refreshment and sale of alcohol, 07:00 to 23:00.'],
  },
  {
    site: 'manchester',
    name: 'Level 2 food hygiene certificates',
    category: 'TRAINING',
    expiresInDays: 90,
    issuer: 'Highfield Qualifications',
    lines: ['Chloe Evans: Level 2 Food Safety and Hygiene for Catering'],
  },
  {
    site: 'brooklyn',
    name: 'Food service establishment permit',
    category: 'LICENCE',
    expiresInDays: 45,
    issuer: 'NYC Department of Health and Mental Hygiene',
    lines: ['Permit for a food service establishment, Brooklyn.'],
  },
];

/** A one-page PDF that looks like the document it stands for. */
function documentPdf(seed: DocumentSeed, siteName: string, issuedOn: string, expiresOn: string | null) {
  return new Promise<Buffer>((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: seed.name, Author: seed.issuer } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(10).fillColor('#555555').text(seed.issuer);
    pdf.moveDown(2).fontSize(22).fillColor('#111111').text(seed.name);
    pdf.moveDown().fontSize(12).text(siteName);
    pdf.moveDown();
    for (const line of seed.lines) pdf.text(line);
    pdf.moveDown();
    pdf.text(`Issued: ${issuedOn}`);
    pdf.text(expiresOn ? `Valid until: ${expiresOn}` : 'No expiry date');
    pdf.end();
  });
}

async function seedDocuments(
  tx: Tx,
  base: DemoBase,
  siteRows: Map<SiteKey, typeof sites.$inferSelect>,
  createdBy: string,
) {
  const { storage, orgId, now } = base;
  if (!storage) throw new Error('the logs demo stores document files: seedDemo needs a storage');
  for (const seed of documentSeeds) {
    const site = seed.site ? siteRows.get(seed.site) : undefined;
    const zone = site?.timeZoneId ?? 'Europe/London';
    const today = DateTime.fromJSDate(now, { zone });
    const expiresOn =
      seed.expiresInDays === null ? null : today.plus({ days: seed.expiresInDays }).toISODate();
    const issuedOn = today.minus({ days: 200 }).toISODate() ?? '';
    const bytes = await documentPdf(seed, site?.name ?? 'Harbour & Vine Hospitality', issuedOn, expiresOn);
    const file = await storeDemoFile(
      tx,
      storage,
      {
        orgId,
        uploadedBy: createdBy,
        bytes,
        contentType: 'application/pdf',
        name: `${seed.name.replace(/[^\w\s-]/g, '').trim()}.pdf`,
      },
      now,
    );
    const id = newId();
    await tx.insert(documents).values({
      id,
      orgId,
      siteId: site?.id ?? null,
      name: seed.name,
      category: seed.category,
      expiresOn,
      note: seed.note ?? '',
      createdBy,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(documentFiles).values({ documentId: id, fileId: file.id, position: 0, createdAt: now });
  }
}

export const seedLogs: DomainSeed = async (tx, base) => {
  const siteIds = Object.values(base.sites).map((site) => site.id);
  const siteList = await tx.select().from(sites).where(inArray(sites.id, siteIds));
  const siteRows = new Map<SiteKey, typeof sites.$inferSelect>();
  for (const [key, { id }] of Object.entries(base.sites) as [SiteKey, { id: string }][]) {
    const row = siteList.find((site) => site.id === id);
    if (row) siteRows.set(key, row);
  }
  const [orgAdmin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, base.orgId), eq(users.role, 'ORGANIZATION_ADMIN')))
    .orderBy(users.createdAt)
    .limit(1);
  if (!orgAdmin) throw new Error('the logs demo needs the organisation admin');
  const people = await peopleOf(tx, siteIds, orgAdmin.id);
  for (const [key, site] of siteRows) {
    const sitePeople = people.get(site.id);
    if (sitePeople) await seedReadings(tx, base, site, key, sitePeople);
  }
  // Brooklyn, under New York City's rules, cooled a braise in two stages yesterday evening, one late.
  const brooklyn = siteRows.get('brooklyn');
  const brooklynCook = brooklyn && people.get(brooklyn.id)?.staff[0];
  if (brooklyn && brooklynCook) {
    const [braise] = await tx
      .select({ id: foodItems.id })
      .from(foodItems)
      .where(
        and(eq(foodItems.siteId, brooklyn.id), eq(foodItems.type, 'FOODITEM'), isNull(foodItems.deletedAt)),
      )
      .orderBy(foodItems.name)
      .limit(1);
    if (braise) await seedTwoStageCooling(tx, brooklyn, braise, brooklynCook, base.now);
  }
  await seedComplianceLogs(tx, base, [...siteRows.values()], people);
  await seedNearMisses(tx, base, siteRows, people);
  await seedDocuments(tx, base, siteRows, orgAdmin.id);
  await seedSensorWeek(tx, base);
  // The demo's records start with a history like any record staff send in, so the record check finds the
  // demo intact until someone edits the database behind the console's back.
  for (const site of siteRows.values()) {
    const today = localDate(site.timeZoneId, base.now);
    await recordCreationHistory(
      tx,
      { orgId: base.orgId, site, startDate: addDays(today, 1 - recordCheckMaxDays), endDate: today },
      { id: null, name: 'Demo data' },
      base.now,
    );
  }
};
