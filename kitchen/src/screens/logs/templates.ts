import { complianceTemplateSchema } from '@console/shared-sdk/contract';
import { complianceLogApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import type { StoredPerson } from '../../local/db';
import { identityOf } from '../../session/identity';
import { useCachedList } from '../records/cached';
import type { RecordingSite } from '../records/sites';

const templateListSchema = complianceTemplateSchema.array();

/** The screen's key of a site's log templates in the device's cache. */
export const templatesKey = (siteID: string) => `logs.templates.${siteID}`;

/** The site's compliance log templates: the device's copy at once, the server's when online. */
export function useTemplates(site: RecordingSite | null, person: StoredPerson | null) {
  return useCachedList(
    site && person ? templatesKey(site.siteID) : null,
    () =>
      inTouch(
        complianceLogApi.templates(site?.siteID ?? '', {
          quiet: true,
          identity: identityOf(person?.userID ?? ''),
        }),
      ),
    templateListSchema,
  );
}
