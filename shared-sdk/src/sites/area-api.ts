import { z } from 'zod';
import { areaSchema, type Area, type AreaInput, type AreaUpdate } from '../contract/areas.js';
import { call, optionSchema, standardResource, type CallOptions, type Option } from '@console/shared-sdk';

/**
 * /area: the organisation's areas (regions, brands), the standard set of calls. Deleting an area takes its
 * sites out of it (they are then in no area); the answer's message says how many.
 */
export const areaApi = {
  ...standardResource<Area, AreaInput, AreaUpdate>('area', areaSchema),
  /** GET /simple-list: every live area of the organisation as an option (value, label), by name. */
  simpleList: (options?: CallOptions): Promise<Option[]> =>
    call({ method: 'get', path: 'area/simple-list', data: z.array(optionSchema) }, options),
};

/** Areas as the UI kit's resource. */
export const areaResource = areaApi;
