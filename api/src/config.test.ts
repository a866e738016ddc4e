import { loadConfig } from './config.js';

describe('demo data', () => {
  test('is seeded by default on the embedded database only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console' }).seedDemo).toBe(false);
  });

  test('SEED_DEMO decides when it is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

test('password hashes use the production argon2id cost unless told otherwise', () => {
  expect(loadConfig({}).passwordHashCost).toEqual({ memoryCost: 65_536, timeCost: 3 });
  expect(
    loadConfig({ PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' }).passwordHashCost,
  ).toEqual({ memoryCost: 1024, timeCost: 1 });
});
