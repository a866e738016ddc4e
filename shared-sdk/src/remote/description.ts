// The remote description's schema imports nothing but zod and the contract's zod-only declared subjects: the
// SDK's webpack config loads these files in Node to check a remote's src/remote.json while it builds
// (webpack/config.cjs), so a build and the shell that reads the published remote.json apply the same rules.
import { z } from 'zod';
import { remoteSubjectsSchema, subjectNameSchema as subjectName } from '../contract/declared-subjects.js';

/**
 * A remote describes itself as DATA (its `src/remote.json`), published beside its manifest as `remote.json`:
 * the shell builds the menu and the routes from it without loading any of the remote's code, and loads the
 * remote's container only when one of these routes is opened.
 */
const consolePath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'an absolute console path such as /dashboard/supplier');

/**
 * One screen of a remote, at an absolute console path (the spec's paths, kept for bookmarks). `/dashboard`
 * is the site dashboard: the shell shows it in place of its overview of every site while a site is
 * selected (and offers "All sites" to go back to the overview).
 */
export const remoteRouteSchema = z.object({
  path: consolePath,
  /** The browser tab's title on this screen. */
  title: z.string().min(1),
  /** The screen is shown only to users who may read this; others get an access panel. */
  subject: subjectName,
  /** Site-scoped screens show the site selector and reload when the site changes. */
  siteScoped: z.boolean().optional(),
});

/** A menu entry; the shell shows it only when the user may read `subject`. */
export const remoteMenuEntrySchema = z.object({
  title: z.string().min(1),
  path: consolePath,
  subject: subjectName,
  /** Menu section heading, e.g. "Equipment". */
  section: z.string().min(1),
  /**
   * A name from `@console/shared-sdk/icons` (e.g. "fridge"). A string here: a remote built against a newer
   * SDK may name an icon this console does not have yet, which shows a generic icon rather than failing.
   */
  icon: z.string().min(1),
  order: z.number().optional(),
});

const descriptionFields = z.object({
  /** The remote's name for people, e.g. "Equipment": menus and messages use it. */
  title: z.string().min(1),
  routes: z.array(remoteRouteSchema).min(1),
  menu: z.array(remoteMenuEntrySchema),
  ...remoteSubjectsSchema.shape,
});

/** A menu entry that leads nowhere would open the "page not found" screen. */
function menuLeadsToRoutes(description: z.infer<typeof descriptionFields>, context: z.RefinementCtx) {
  const paths = new Set(description.routes.map((route) => route.path));
  description.menu.forEach((entry, index) => {
    if (!paths.has(entry.path))
      context.addIssue({
        code: 'custom',
        path: ['menu', index, 'path'],
        message: `${entry.path} is not one of the remote's routes`,
      });
  });
}

/** What a remote's `src/remote.json` holds. */
export const remoteDescriptionSchema = descriptionFields.superRefine(menuLeadsToRoutes);

/**
 * The published `remote.json`: the description plus `requires`, the SDK version range the remote was built
 * against (`^` + the SDK's version, written by the build). The shell loads a remote only if its own SDK
 * satisfies that range.
 */
export const remoteMetadataSchema = descriptionFields
  .extend({ requires: z.string().min(1) })
  .superRefine(menuLeadsToRoutes);

export type RemoteRouteDescription = z.infer<typeof remoteRouteSchema>;
export type RemoteMenuDescription = z.infer<typeof remoteMenuEntrySchema>;
export type RemoteDescription = z.infer<typeof remoteDescriptionSchema>;
export type RemoteMetadata = z.infer<typeof remoteMetadataSchema>;
