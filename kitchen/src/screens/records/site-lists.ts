import { complianceTemplateSchema, temperatureReadableItemSchema } from '@console/shared-sdk/contract';
import { complianceLogApi, temperatureLogApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import { saveAnswer } from '../../local/cached-answers';
import { identityOf } from '../../session/identity';
import {
  loadOpenActions,
  loadStandardActions,
  openActionsKey,
  standardActionsKey,
} from '../actions/action-lists';

// What the record screens read of a site (its fridges, freezers, probes and food items; its log
// templates; its corrective actions awaiting action and the standard actions), kept on the device. The
// screens refresh them when opened online; the day's refresh keeps them too, so a tablet that loses its
// connection before anyone opened Readings, Logs or Actions still has them.

export const itemListSchema = temperatureReadableItemSchema.array();
export const templateListSchema = complianceTemplateSchema.array();

/** The device cache's key of a site's readable items. */
export const itemsKey = (siteID: string) => `readings.items.${siteID}`;
/** The device cache's key of a site's compliance log templates. */
export const templatesKey = (siteID: string) => `logs.templates.${siteID}`;

export const loadItems = (siteID: string, personId: string) =>
  inTouch(temperatureLogApi.itemList(siteID, { quiet: true, identity: identityOf(personId) }));

export const loadTemplates = (siteID: string, personId: string) =>
  inTouch(complianceLogApi.templates(siteID, { quiet: true, identity: identityOf(personId) }));

/** Reads each site's lists afresh and keeps them; a failure keeps the copy there was (offline again, say). */
export async function keepSiteListsOffline(personId: string, siteIDs: readonly string[]): Promise<void> {
  for (const siteID of siteIDs) {
    try {
      await saveAnswer(itemsKey(siteID), await loadItems(siteID, personId));
      await saveAnswer(templatesKey(siteID), await loadTemplates(siteID, personId));
    } catch {
      // Kept as they were: the screens say when their copy was made.
    }
    // Apart from the lists above: a failure of either leaves the other kept.
    try {
      await saveAnswer(openActionsKey(siteID), await loadOpenActions(siteID, personId));
      await saveAnswer(standardActionsKey(siteID), await loadStandardActions(personId));
    } catch {
      // As above.
    }
  }
}
