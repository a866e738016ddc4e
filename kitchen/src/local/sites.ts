import {
  dateLocaleFor,
  siteOptionSchema,
  type DateFormat,
  type SiteOption,
} from '@console/shared-sdk/contract';
import { cachedAnswer, saveAnswer } from './cached-answers';
import { currentPersonKey, localData } from './db';

// The sites people record at here, as GET /site-panel/simple-list answers them: above all the rule set each
// is judged by, the unit its temperatures are shown and typed in, and the locale it writes dates in. Kept
// for every person on the device together (a tablet's people share its site), so that they hold offline.
// A site the device has not learnt yet reads as England's (°C, day first), as the contract defaults it.

const sitesKey = 'sites';
const keptSitesSchema = siteOptionSchema.array();
const listeners = new Set<(sites: SiteOption[]) => void>();

export async function keptSites(): Promise<SiteOption[]> {
  return (await cachedAnswer(sitesKey, keptSitesSchema))?.value ?? [];
}

/** Keeps one person's sites as the server gave them, beside the sites other people's answers gave. */
export async function keepSites(answer: readonly SiteOption[]): Promise<SiteOption[]> {
  const fresh = new Set(answer.map((site) => site._id));
  const all = [...(await keptSites()).filter((site) => !fresh.has(site._id)), ...answer];
  await saveAnswer(sitesKey, all);
  for (const listener of listeners) listener(all);
  return all;
}

/** Told when the kept sites change. */
export function onSitesKept(listener: (sites: SiteOption[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The locale a site's dates are written in for the device's person on the screen, as the service worker
 * reads it for a push notification: their own date format, else the site's.
 */
export async function currentDateLocaleAt(siteID: string): Promise<string> {
  const db = await localData();
  const current = await db.get('meta', currentPersonKey);
  const person = typeof current === 'string' ? await db.get('people', current) : undefined;
  const format: DateFormat | undefined = person?.userData.dateFormat;
  const site = (await keptSites()).find((one) => one._id === siteID);
  return dateLocaleFor(format, site?.locale);
}
