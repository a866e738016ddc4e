import { asc, eq, sql } from 'drizzle-orm';
import {
  customRoleForbiddenSubjects,
  siteScopedSubjects,
  subjectLabels,
  subjects,
  type SubjectName,
} from '@console/shared-sdk/ability';
import {
  type GrantableAction,
  type GrantableSubject,
  type RoleGrant,
  type SubjectDefaults,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { declaredSubjects, organizations } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';

// What a custom role may hold: the console's own subjects less those that decide who may sign in or act
// (`customRoleForbiddenSubjects`) and those every console user holds anyway, and the subjects the
// registered remotes brought (declared_subjects).

/**
 * Not a role's to give: the platform's own catalogues (the same for every organisation), uploads and signing
 * in, which a custom role's holder has as any console user does.
 */
const heldByEveryone = [
  'PredefinedTemplate',
  'ScoreReport',
  'File',
  'Auth',
] as const satisfies readonly SubjectName[];

const notGrantable = new Set<string>([...customRoleForbiddenSubjects, ...heldByEveryone]);
const builtIn = new Set<string>(subjects);
const siteScoped = new Set<string>(siteScopedSubjects);

export const isBuiltInSubject = (name: string): name is SubjectName => builtIn.has(name);

/** The console's subjects a custom role may hold, in the abilities' order. */
export const grantableBuiltIns: readonly SubjectName[] = subjects.filter((name) => !notGrantable.has(name));

const plainActions: readonly GrantableAction[] = ['read', 'create', 'update', 'delete'];
const withVerify: readonly GrantableAction[] = [...plainActions, 'verify'];

/** Verifying is a corrective action's step; a remote's subject offers it when its defaults give it to someone. */
function actionsOf(name: string, defaults: SubjectDefaults | null): GrantableAction[] {
  const verifies =
    name === 'CorrectiveAction' ||
    (defaults !== null && Object.values(defaults).some((granted) => granted?.includes('verify')));
  return [...(verifies ? withVerify : plainActions)];
}

export type DeclaredSubjectRow = typeof declaredSubjects.$inferSelect;

export const declaredSubjectsByName = (db: Database | Tx): Promise<DeclaredSubjectRow[]> =>
  db.select().from(declaredSubjects).orderBy(asc(declaredSubjects.name));

export async function declaredSubject(
  db: Database | Tx,
  name: string,
): Promise<DeclaredSubjectRow | undefined> {
  const [row] = await db.select().from(declaredSubjects).where(eq(declaredSubjects.name, name));
  return row;
}

export function builtInGrantable(name: SubjectName): GrantableSubject {
  return {
    name,
    title: subjectLabels[name],
    siteScoped: siteScoped.has(name),
    actions: actionsOf(name, null),
    remote: null,
    defaults: null,
    organisationDefaults: null,
  };
}

export function declaredGrantable(
  row: DeclaredSubjectRow,
  organisationDefaults: Readonly<Record<string, SubjectDefaults>>,
): GrantableSubject {
  return {
    name: row.name,
    title: row.title,
    siteScoped: row.siteScoped,
    actions: actionsOf(row.name, row.defaults),
    remote: row.remote,
    defaults: row.defaults,
    organisationDefaults: Object.hasOwn(organisationDefaults, row.name)
      ? (organisationDefaults[row.name] ?? null)
      : null,
  };
}

/** The organisation's own defaults for remotes' subjects; `forUpdate` locks its row for a change of them. */
export async function subjectDefaultsOf(
  db: Database | Tx,
  orgId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Record<string, SubjectDefaults>> {
  const query = db
    .select({ subjectDefaults: organizations.subjectDefaults })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row?.subjectDefaults ?? {};
}

/** Everything a custom role may hold: the console's subjects, then the remotes'. */
export async function grantableSubjects(db: Database, orgId: string): Promise<GrantableSubject[]> {
  const [declared, own] = await Promise.all([declaredSubjectsByName(db), subjectDefaultsOf(db, orgId)]);
  return [
    ...grantableBuiltIns.map(builtInGrantable),
    ...declared.filter((row) => !isBuiltInSubject(row.name)).map((row) => declaredGrantable(row, own)),
  ];
}

/**
 * Sets (`defaults`) or removes (null) the organisation's own defaults for one remote subject, in one
 * statement on its row, so two admins changing two subjects at once both keep theirs.
 */
export async function writeSubjectDefaults(
  tx: Tx,
  orgId: string,
  subject: string,
  defaults: SubjectDefaults | null,
): Promise<void> {
  const next =
    defaults === null
      ? sql`${organizations.subjectDefaults} - ${subject}::text`
      : sql`${organizations.subjectDefaults} || jsonb_build_object(${subject}::text, ${JSON.stringify(defaults)}::jsonb)`;
  await tx.update(organizations).set({ subjectDefaults: next }).where(eq(organizations.id, orgId));
}

/**
 * 400 naming `grants.N.subject` for each pair on a subject no role may hold (or that no remote declared),
 * and `grants.N.actions` for an action the subject does not offer.
 */
export async function assertGrantable(db: Database | Tx, grants: readonly RoleGrant[]): Promise<void> {
  const declared = new Map((await declaredSubjectsByName(db)).map((row) => [row.name, row]));
  const fieldErrors: Record<string, string[]> = {};
  grants.forEach((grant, index) => {
    const brought = isBuiltInSubject(grant.subject) ? undefined : declared.get(grant.subject);
    const holdable = isBuiltInSubject(grant.subject)
      ? !notGrantable.has(grant.subject)
      : brought !== undefined;
    if (!holdable) {
      fieldErrors[`grants.${index}.subject`] = [
        isBuiltInSubject(grant.subject)
          ? `A custom role cannot hold ${subjectLabels[grant.subject]}: that stays with the organisation admins`
          : `No subject called ${grant.subject}: choose one of the subject list`,
      ];
      return;
    }
    const offered = actionsOf(grant.subject, brought?.defaults ?? null);
    const unknown = grant.actions.filter((action) => !offered.includes(action));
    if (unknown.length > 0) {
      fieldErrors[`grants.${index}.actions`] = [`Not offered on this subject: ${unknown.join(', ')}`];
    }
  });
  const [first] = Object.values(fieldErrors);
  if (first) throw badRequest(first[0] ?? 'A pair is not valid', fieldErrors);
}
