import { cityMapping } from 'city-timezones';
import { countries, countryByCode } from './countries.js';
import { distanceKm, fold, nearestPlace, placeById, placeDetail, regionsOf, searchPlaces } from './places.js';
import { timeZoneDataAt } from './time-zones.js';

describe('searchPlaces', () => {
  test('finds cities by the start of a word, the most populous first, at most ten', () => {
    expect(searchPlaces('lond').map((p) => p.id)).toEqual(
      expect.arrayContaining(['city:GB:london', 'city:CA:london', 'city:ZA:east-london']),
    );
    expect(searchPlaces('lond')[0]?.id).toBe('city:GB:london');
    expect(searchPlaces('york')[0]?.id).toBe('city:US:new-york');
    expect(searchPlaces('san')).toHaveLength(10);
    expect(searchPlaces('san', { limit: 3 })).toHaveLength(3);
  });

  test('ignores accents and case', () => {
    expect(searchPlaces('SÃO PAULO')[0]?.id).toBe('city:BR:sao-paulo');
    expect(searchPlaces('cordoba').map((p) => p.city)).toContain('Córdoba');
    expect(searchPlaces('zurich')[0]?.city).toBe('Zürich');
    expect(fold('Zürich ')).toBe('zurich');
  });

  test('narrows by country, or by the region or country typed after a comma', () => {
    expect(searchPlaces('london', { country: 'us' }).every((p) => p.country === 'US')).toBe(true);
    expect(searchPlaces('london, ontario').map((p) => p.id)).toEqual(['city:CA:london']);
    expect(searchPlaces('zzqx')).toEqual([]);
    expect(searchPlaces(' , gb')).toEqual([]);
  });

  test('every place id is unique and leads back to its place', () => {
    const ids = new Set<string>();
    for (const place of searchPlaces('a', { limit: 100000 })) {
      expect(ids.has(place.id)).toBe(false);
      ids.add(place.id);
      expect(placeById(place.id)).toBe(place);
    }
    expect(ids.size).toBeGreaterThan(5000);
    expect(placeById('city:GB:nowhere')).toBeUndefined();
  });

  test('cities the site form could not use (no zone or no country code) are not offered', () => {
    const unusable = cityMapping.filter(
      (c) => !c.timezone || typeof c.iso2 !== 'string' || !countryByCode(c.iso2),
    );
    expect(unusable.length).toBeGreaterThan(0);
    for (const city of unusable) {
      expect(searchPlaces(city.city).some((p) => p.city === city.city && p.lat === city.lat)).toBe(false);
    }
  });
});

describe('placeDetail', () => {
  test('gives Google-style address components and the flat fields of the site form', () => {
    const place = placeById('city:GB:brighton');
    expect(place).toBeDefined();
    const detail = placeDetail(place!);
    expect(detail).toMatchObject({
      place_id: 'city:GB:brighton',
      formatted_address: 'Brighton, Brighton and Hove, United Kingdom',
      city: 'Brighton',
      county: null,
      state: 'Brighton and Hove',
      country: 'GB',
      countryName: 'United Kingdom',
      lat_long: '50.830346,-0.169974',
      timeZoneId: 'Europe/London',
    });
    expect(detail.address_components.map((c) => c.types[0])).toEqual([
      'locality',
      'administrative_area_level_1',
      'country',
    ]);
    expect(detail.address_components[2]).toMatchObject({ long_name: 'United Kingdom', short_name: 'GB' });
  });
});

describe('nearestPlace', () => {
  test('finds the closest packaged city and so its time zone', () => {
    expect(nearestPlace({ lat: 40.7178, lng: -73.9636 }).timeZoneId).toBe('America/New_York');
    expect(nearestPlace({ lat: 50.8194, lng: -0.1335 }).id).toBe('city:GB:brighton');
    expect(nearestPlace({ lat: -33.87, lng: 151.21 }).timeZoneId).toBe('Australia/Sydney');
  });

  test('measures great-circle distance', () => {
    const london = { lat: 51.5074, lng: -0.1278 };
    const paris = { lat: 48.8566, lng: 2.3522 };
    expect(distanceKm(london, paris)).toBeGreaterThan(330);
    expect(distanceKm(london, paris)).toBeLessThan(350);
  });
});

describe('regionsOf', () => {
  test('groups a country’s cities by region, both sorted by name', () => {
    const regions = regionsOf('gb');
    expect(regions.find((r) => r.name === 'Brighton and Hove')?.cities).toEqual(['Brighton']);
    const names = regions.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(regionsOf('US').find((r) => r.name === 'New York')?.cities).toContain('New York');
  });

  test('a country without provinces in the data lists its cities under its own name', () => {
    expect(regionsOf('AD')).toEqual([{ name: 'Andorra', cities: ['Andorra'] }]);
    expect(regionsOf('ZZ')).toEqual([]);
  });
});

describe('countries', () => {
  test('are sorted by name with their time zones', () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryByCode('gb')).toEqual({ code: 'GB', name: 'United Kingdom', timezones: ['Europe/London'] });
    expect(countryByCode('ZZ')).toBeUndefined();
  });
});

describe('timeZoneDataAt', () => {
  test('names the zone and splits its offset into standard and daylight saving', () => {
    expect(timeZoneDataAt('Europe/London', new Date('2026-07-01T12:00:00Z'))).toEqual({
      timeZoneId: 'Europe/London',
      timeZoneName: 'British Summer Time',
      rawOffset: 0,
      dstOffset: 3600,
      timeZoneDifferenceInMinute: 60,
    });
    expect(timeZoneDataAt('Europe/London', new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      timeZoneName: 'Greenwich Mean Time',
      dstOffset: 0,
      timeZoneDifferenceInMinute: 0,
    });
    expect(timeZoneDataAt('America/New_York', new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      timeZoneName: 'Eastern Standard Time',
      rawOffset: -18000,
      dstOffset: 0,
      timeZoneDifferenceInMinute: -300,
    });
  });

  test('works in the southern hemisphere, where summer is in January', () => {
    expect(timeZoneDataAt('Australia/Sydney', new Date('2026-01-15T00:00:00Z'))).toMatchObject({
      rawOffset: 36000,
      dstOffset: 3600,
      timeZoneDifferenceInMinute: 660,
    });
    expect(timeZoneDataAt('Asia/Kolkata', new Date('2026-07-01T00:00:00Z'))).toMatchObject({
      rawOffset: 19800,
      dstOffset: 0,
      timeZoneDifferenceInMinute: 330,
    });
  });
});
