import { listQuerySchema } from './common.js';
import { siteInputSchema } from './site.js';

const query = listQuerySchema(['_id', 'name', 'createdAt']);

test('the list query has the spec defaults', () => {
  expect(query.parse({})).toEqual({
    search: '',
    sort: { column: '_id', direction: 'asc' },
    page: 1,
    limit: 10,
  });
});

test('a minus prefix sorts descending; unknown columns are refused', () => {
  expect(query.parse({ sort: '-name' }).sort).toEqual({ column: 'name', direction: 'desc' });
  const bad = query.safeParse({ sort: 'password' });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues[0]?.path).toEqual(['sort']);
});

test('page and limit come from query strings and are bounded', () => {
  expect(query.parse({ page: '3', limit: '100' })).toMatchObject({ page: 3, limit: 100 });
  expect(query.safeParse({ limit: '101' }).success).toBe(false);
  expect(query.safeParse({ page: '0' }).success).toBe(false);
  expect(query.safeParse({ page: 'two' }).success).toBe(false);
});

test('the site form accepts the multipart JSON-text fields and rejects a bad time zone', () => {
  const form = {
    name: 'Dockside',
    country: 'gb',
    timeZoneId: 'Europe/London',
    timing: JSON.stringify([{ day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' }]),
    siteAdminList: '[]',
    lat_long: '50.8, -0.13',
  };
  const parsed = siteInputSchema.parse(form);
  expect(parsed.country).toBe('GB');
  expect(parsed.timing[0]?.openTime).toBe('09:00');
  const bad = siteInputSchema.safeParse({ ...form, timeZoneId: 'Mars/Olympus', timing: '[{"day":9}]' });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['timeZoneId', 'timing']));
});
