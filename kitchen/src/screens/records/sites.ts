import { useEffect, useState } from 'react';
import { useSiteWriting, type SiteWriting } from '../../app/site-writing';
import { useKitchen, useCurrentPerson } from '../../app/store';
import { useDeviceZone } from '../../app/StatusBar';
import { refreshSites } from '../../sync/refresh';
import { usePersonRecords } from '../today/use-records';

// The sites a person records at: a tablet's own site; on a phone, the sites of their day (with names and
// zones), or of their account while no day has been loaded yet. Each with how it is judged and written
// (its rule set, unit and date locale), from the sites kept on the device.

export interface RecordingSite extends SiteWriting {
  siteID: string;
  /** Empty when the app has not learnt it yet (a phone that never loaded a day). */
  name: string;
  timeZoneId: string;
}

export function usePersonSites(): RecordingSite[] {
  const person = useCurrentPerson();
  const device = useKitchen((state) => state.device);
  const records = usePersonRecords(person?.userID ?? null);
  const deviceZone = useDeviceZone();
  const writingOf = useSiteWriting();
  const site = (siteID: string, name: string, timeZoneId: string): RecordingSite => ({
    siteID,
    name,
    timeZoneId,
    ...writingOf(siteID),
  });
  if (device) return [site(device.siteID, device.siteName, device.timeZoneId)];
  const daySites = records?.day?.sites ?? [];
  if (daySites.length > 0)
    return daySites.map(({ siteID, name, timeZoneId }) => site(siteID, name, timeZoneId));
  return (person?.userData.siteIds ?? []).map((siteID) => site(siteID, '', deviceZone));
}

/** The site chosen among `sites` (the first until another is chosen). */
export const chosenSite = (sites: RecordingSite[], siteID: string | null) =>
  sites.find((site) => site.siteID === siteID) ?? sites[0] ?? null;

/**
 * Reads the person's sites' rules once while online where the device has not kept one of them yet (a
 * phone that has not loaded a day since), so that a reading is typed in its site's unit.
 */
function useSitesLearnt(sites: readonly RecordingSite[]) {
  const personId = useCurrentPerson()?.userID;
  const online = useKitchen((state) => state.online);
  const kept = useKitchen((state) => state.sites);
  const unknown = sites.some((site) => !kept[site.siteID]);
  useEffect(() => {
    if (online && personId && unknown) void refreshSites(personId).catch(() => undefined);
  }, [online, personId, unknown]);
}

/** The site a screen records at (the first of the person's, or the one chosen), its zone and date locale. */
export function useRecordingSite(initial: string | null = null) {
  const sites = usePersonSites();
  const deviceZone = useDeviceZone();
  const writingOf = useSiteWriting();
  const [siteID, setSiteID] = useState<string | null>(initial);
  useSitesLearnt(sites);
  const site = chosenSite(sites, siteID);
  return {
    sites,
    site,
    setSiteID,
    zone: site?.timeZoneId ?? deviceZone,
    dateLocale: site?.dateLocale ?? writingOf(null).dateLocale,
  };
}
