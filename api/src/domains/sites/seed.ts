import type { SiteInput, Timing } from '@console/shared-sdk/contract';
import type { DemoSiteKey } from '../../platform/demo/base.js';

// The demo organisation's three sites in two time zones, each with its own opening hours (Brighton and
// Brooklyn close after midnight on weekends).

/** Opening hours for each weekday (0 = Sunday); a missing day is closed. */
function week(hours: Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, [string, string]>>): Timing {
  return ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => {
    const open = hours[day];
    return open
      ? { day, isOpen: true, openTime: open[0], closeTime: open[1] }
      : { day, isOpen: false, openTime: '09:00', closeTime: '17:00' };
  });
}

export const demoSites = {
  brighton: {
    name: 'The Harbour Kitchen, Brighton',
    description: 'Seafront restaurant and bar, 120 covers.',
    add1: '14 Marine Parade',
    city: 'Brighton',
    county: 'East Sussex',
    state: 'England',
    country: 'GB',
    zip: 'BN2 1TL',
    lat_long: '50.8194,-0.1335',
    timeZoneId: 'Europe/London',
    // Late licence on Friday and Saturday: closes after midnight.
    timing: week({
      0: ['09:00', '22:00'],
      1: ['08:00', '23:00'],
      2: ['08:00', '23:00'],
      3: ['08:00', '23:00'],
      4: ['08:00', '23:00'],
      5: ['08:00', '01:00'],
      6: ['08:00', '01:00'],
    }),
  },
  manchester: {
    name: 'Vine Street Café, Manchester',
    description: 'Breakfast and lunch café with a bakery counter.',
    add1: '3 Vine Street',
    city: 'Manchester',
    county: 'Greater Manchester',
    state: 'England',
    country: 'GB',
    zip: 'M1 4BT',
    lat_long: '53.4808,-2.2426',
    timeZoneId: 'Europe/London',
    timing: week({
      1: ['07:00', '17:00'],
      2: ['07:00', '17:00'],
      3: ['07:00', '17:00'],
      4: ['07:00', '17:00'],
      5: ['07:00', '17:00'],
      6: ['08:00', '16:00'],
    }),
  },
  brooklyn: {
    name: 'Harbour Kitchen Brooklyn',
    description: 'Neighbourhood restaurant, closed Mondays.',
    add1: '210 Kent Avenue',
    city: 'Brooklyn',
    county: 'Kings County',
    state: 'New York',
    country: 'US',
    zip: '11249',
    lat_long: '40.7178,-73.9636',
    timeZoneId: 'America/New_York',
    timing: week({
      0: ['10:00', '22:00'],
      2: ['11:00', '23:00'],
      3: ['11:00', '23:00'],
      4: ['11:00', '23:00'],
      5: ['11:00', '00:30'],
      6: ['10:00', '00:30'],
    }),
  },
} satisfies Record<DemoSiteKey, Omit<SiteInput, 'siteAdminList'>>;
