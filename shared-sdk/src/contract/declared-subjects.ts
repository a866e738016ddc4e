import { z } from 'zod';

// The subjects a remote brings with it, as its remote.json declares them: plain zod, since the SDK's build
// loads this file in Node to check a remote's description (remote/description.ts) and the API reads the
// published remote.json with it.

/**
 * The CASL subject a screen reads, by name. Any name, not only the subjects this SDK knows: a remote may
 * bring a domain the console has never heard of ("Allergen"), and the rules the server sends decide who
 * reads it. A subject no rule names is simply not readable, so its screens stay hidden until the API's
 * rules name it.
 */
export const subjectNameSchema = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]*$/, 'a CASL subject name in PascalCase, such as Supplier or Allergen')
  .max(60, 'a subject name of at most 60 characters');

/** The actions a remote may give a fixed role on a subject it brings (the abilities' actions). */
export const declarableActions = ['manage', 'create', 'read', 'update', 'delete', 'verify'] as const;
export type DeclarableAction = (typeof declarableActions)[number];
const actionList = z
  .array(z.enum(declarableActions))
  .max(declarableActions.length)
  .refine((list) => new Set(list).size === list.length, 'each action once');

/**
 * The actions each fixed role holds on a subject by default; a role left out holds none. The platform admin
 * holds every subject whatever this says.
 */
export const subjectDefaultsSchema = z
  .object({
    ORGANIZATION_ADMIN: actionList.optional(),
    SITE_ADMIN: actionList.optional(),
    STAFF: actionList.optional(),
  })
  .strict();
export type SubjectDefaults = z.infer<typeof subjectDefaultsSchema>;

/**
 * A permission subject a remote brings with it ("Allergen"). The API learns it when the remote is registered
 * (REMOTES) and gives each fixed role its default actions, within the person's organisation and, for a
 * subject kept per site, the person's sites. A name the console already has, or another remote's, is
 * refused: a remote can never widen access to what exists.
 */
export const declaredSubjectSchema = z
  .object({
    name: subjectNameSchema,
    /** Its records in words for people, plural: "Allergens". */
    title: z.string().min(1).max(80),
    /** Its records belong to one site (they carry `siteID`): site admins and staff reach their sites' own. */
    siteScoped: z.boolean().optional(),
    defaults: subjectDefaultsSchema,
  })
  .strict();
export type DeclaredSubjectDescription = z.infer<typeof declaredSubjectSchema>;

/** The part of a remote's description the API reads: the subjects it brings, each once. */
export const remoteSubjectsSchema = z.object({
  /** The permission subjects this remote brings, if any (see `declaredSubjectSchema`). */
  subjects: z
    .array(declaredSubjectSchema)
    .max(50)
    .refine(
      (list) => new Set(list.map((subject) => subject.name)).size === list.length,
      'each subject is declared once',
    )
    .optional(),
});
