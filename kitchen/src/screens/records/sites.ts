import { useState } from 'react';
import { useKitchen, useCurrentPerson } from '../../app/store';
import { useDeviceZone } from '../../app/StatusBar';
import { usePersonRecords } from '../today/use-records';

// The sites a person records at: a tablet's own site; on a phone, the sites of their day (with names and
// zones), or of their account while no day has been loaded yet.

export interface RecordingSite {
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
  if (device) return [{ siteID: device.siteID, name: device.siteName, timeZoneId: device.timeZoneId }];
  const daySites = records?.day?.sites ?? [];
  if (daySites.length > 0)
    return daySites.map(({ siteID, name, timeZoneId }) => ({ siteID, name, timeZoneId }));
  return (person?.userData.siteIds ?? []).map((siteID) => ({ siteID, name: '', timeZoneId: deviceZone }));
}

/** The site chosen among `sites` (the first until another is chosen). */
export const chosenSite = (sites: RecordingSite[], siteID: string | null) =>
  sites.find((site) => site.siteID === siteID) ?? sites[0] ?? null;

/** The site a screen records at (the first of the person's, or the one chosen), and its zone. */
export function useRecordingSite(initial: string | null = null) {
  const sites = usePersonSites();
  const deviceZone = useDeviceZone();
  const [siteID, setSiteID] = useState<string | null>(initial);
  const site = chosenSite(sites, siteID);
  return { sites, site, setSiteID, zone: site?.timeZoneId ?? deviceZone };
}
