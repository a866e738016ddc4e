import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, requiredText, siteQuerySchema } from './common.js';

// Areas: an organisation's groups of sites (a region, a brand) that the overview groups, filters and totals
// by and the scores report compares. A site is in one area or none. Organisation admins manage them; site
// admins read them (their sites' areas name where those sites stand in the organisation).

/** What a screen calls the sites in no area (the portfolio's and the scores' `area: null`, a filter's NONE). */
export const noAreaLabel = 'No area';

/** The longest area name. */
export const areaNameMax = 100;

export const areaSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  /** The organisation's live sites in the area. */
  siteCount: z.number().int().min(0),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Area = z.infer<typeof areaSchema>;

/** A filter by area of the sites a report covers: an area's id, or NONE for the sites in no area. */
export const areaFilterSchema = z.union([idSchema, z.literal('NONE')], {
  message: 'Must be the id of an area, or NONE',
});
export type AreaFilter = z.infer<typeof areaFilterSchema>;

/** An area as a site names it: its id and name. */
export const areaRefSchema = z.object({ _id: idSchema, name: z.string() });
export type AreaRef = z.infer<typeof areaRefSchema>;

/** A name unique among the organisation's live areas, ignoring case (409 on `name` otherwise). */
export const areaInputSchema = z.object({
  name: requiredText('Area name', areaNameMax),
});
export type AreaInput = z.input<typeof areaInputSchema>;

/** Renaming an area: its sites stay in it. */
export const areaUpdateSchema = areaInputSchema.extend({ _id: idSchema });
export type AreaUpdate = z.input<typeof areaUpdateSchema>;

/** `siteCount` sorts by the number of live sites in each area; ties end by name, then id. */
export const areaSortColumns = ['_id', 'name', 'siteCount', 'createdAt', 'updatedAt'] as const;
export type AreaSortColumn = (typeof areaSortColumns)[number];

/** GET /area/web-app-list: the organisation's areas, searched by name, by name unless asked otherwise. */
export const areaListQuerySchema = listQuerySchema(areaSortColumns, { defaultSort: 'name' }).extend(
  siteQuerySchema.shape,
);
export type AreaListQuery = z.output<typeof areaListQuerySchema>;

/**
 * A site's area in the site form: an id of a live area of the site's organisation (400 on `areaID`
 * otherwise), or null to take the site out of its area; a multipart form, which cannot carry null, sends
 * an empty text. Left out, a new site is in no area and an edited one stays where it is.
 */
export const siteAreaFieldSchema = z
  .union([idSchema, z.null(), z.literal('').transform(() => null)], {
    message: 'Must be the id of an area, or empty for no area',
  })
  .optional();
