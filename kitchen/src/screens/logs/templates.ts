import type { StoredPerson } from '../../local/db';
import { useCachedList } from '../records/cached';
import { loadTemplates, templateListSchema, templatesKey } from '../records/site-lists';
import type { RecordingSite } from '../records/sites';

/** The site's compliance log templates: the device's copy at once, the server's when online. */
export function useTemplates(site: RecordingSite | null, person: StoredPerson | null) {
  return useCachedList(
    site && person ? templatesKey(site.siteID) : null,
    () => loadTemplates(site?.siteID ?? '', person?.userID ?? ''),
    templateListSchema,
  );
}
