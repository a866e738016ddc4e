import { siteChoicesStore, useSession } from '@console/shared-sdk';
import { dateLocaleFor, type SiteOption, type TemperatureUnit } from '@console/shared-sdk/contract';
import { siteFormat, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';
import { useMemo, useSyncExternalStore } from 'react';

// A log screen writes each record as the record's own site does: temperatures in its unit (°F at an
// American site; the API's values stay °C), dates and times in its zone and its locale, unless the person
// chose their own date format. The record gives its zone, and a reading or a compliance log its unit; the
// rest comes from the site selector's list of sites, which the shell loads, and failing that from the
// selected site.

/** What a record says of its site. */
export interface RecordSite {
  /** Null for a record of the whole organisation (a document). */
  siteID: string | null;
  timeZoneId: string;
  /** A reading's or a compliance log's own; other records take their site's. */
  temperatureUnit?: TemperatureUnit;
}

/** The sites the site selector has loaded, read as they are: loading them is the shell's part. */
function useKnownSites(): readonly SiteOption[] {
  return useSyncExternalStore(siteChoicesStore.subscribe, () => siteChoicesStore.getState().sites);
}

/** How a record is written, for code that is not a component (a grid's value getter). */
export type RecordFormats = (record: RecordSite) => SiteFormat;

// A list writes many records of a few sites: one format for each unit, zone and locale (the kit's
// `siteFormat`), the same object each time, so what a component keeps by its format stays kept.
const formats = new Map<string, SiteFormat>();
function formatFor(unit: TemperatureUnit, zone: string, locale: string): SiteFormat {
  const key = `${unit}|${zone}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = siteFormat(unit, zone, locale);
    formats.set(key, format);
  }
  return format;
}

/** The formats of the records a screen shows, each by its own site. */
export function useRecordFormats(): RecordFormats {
  const selected = useSiteFormat();
  const personFormat = useSession((state) => state.userData?.dateFormat);
  const sites = useKnownSites();
  return useMemo(
    () => (record: RecordSite) => {
      const site = record.siteID === null ? undefined : sites.find((known) => known._id === record.siteID);
      const unit = record.temperatureUnit ?? site?.temperatureUnit ?? selected.unit;
      const locale = site ? dateLocaleFor(personFormat, site.locale) : selected.locale;
      return formatFor(unit, record.timeZoneId, locale);
    },
    [selected, personFormat, sites],
  );
}

/** One record's format, in a component. */
export function useRecordFormat(record: RecordSite): SiteFormat {
  return useRecordFormats()(record);
}
