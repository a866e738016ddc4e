import { resetBrowserState, site } from '../http/testing.js';
import { selectedSite, siteLabel } from './store.js';

beforeEach(resetBrowserState);

const located = (location: Partial<(typeof site)['location']>) => ({
  name: 'Harbour Kitchen',
  location: { country: null, county: null, region: null, city: null, ...location },
});

test('the site label is the name with its location in brackets', () => {
  expect(siteLabel(located({ city: 'Bristol', region: 'England', country: 'GB' }))).toBe(
    'Harbour Kitchen (Bristol)',
  );
  expect(siteLabel(located({ region: 'England', country: 'GB' }))).toBe('Harbour Kitchen (England)');
  expect(siteLabel(located({ country: 'GB' }))).toBe('Harbour Kitchen (GB)');
  expect(siteLabel(located({}))).toBe('Harbour Kitchen');
});

test('selecting a site stores its id, time zone, label, unit and locale; clearing removes them', () => {
  selectedSite.select(site);
  expect(selectedSite.get()).toEqual({
    selectedSiteID: site._id,
    selectedSiteTimezone: 'Europe/London',
    selectedSiteLabel: 'Harbour Kitchen (Bristol)',
    selectedSiteUnit: 'C',
    selectedSiteLocale: 'en-GB',
  });
  expect(localStorage.getItem('selectedSiteID')).toBe(site._id);
  expect(localStorage.getItem('selectedSiteTimezone')).toBe('Europe/London');

  selectedSite.select({ ...site, temperatureUnit: 'F', locale: 'en-US' });
  expect(localStorage.getItem('selectedSiteUnit')).toBe('F');
  expect(localStorage.getItem('selectedSiteLocale')).toBe('en-US');

  selectedSite.select(null);
  expect(localStorage.getItem('selectedSiteID')).toBeNull();
  expect(localStorage.getItem('selectedSiteUnit')).toBeNull();
  expect(selectedSite.get().selectedSiteID).toBeNull();
});
