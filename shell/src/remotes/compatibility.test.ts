import { incompatibility, versionRefusal } from './compatibility';

test('a remote built against this SDK or an older minor of it runs', () => {
  expect(incompatibility('Equipment', '^1.0.0', '1.0.0')).toBeNull();
  expect(incompatibility('Equipment', '^1.0.0', '1.4.2')).toBeNull();
});

test('a remote that needs a newer console says which one, in words', () => {
  expect(incompatibility('Equipment', '^1.3.0', '1.0.0')).toBe(
    'Equipment needs SDK 1.3 or newer; this console has SDK 1.0.0. Ask your administrator to update the console.',
  );
  expect(incompatibility('Equipment', '^0.2.0', '0.1.0')).toContain('needs SDK 0.2 or newer');
});

test('a remote built for an older major asks for the remote to be rebuilt, not the console', () => {
  expect(incompatibility('Equipment', '^1.0.0', '2.0.0')).toBe(
    'Equipment was built for SDK 1.0; this console has SDK 2.0.0. Ask your administrator to update Equipment.',
  );
});

test('a range that is not one is reported, not thrown', () => {
  expect(incompatibility('Logs', 'next please', '1.0.0')).toContain('asks for SDK version "next please"');
});

test('Module Federation’s refusal of a shared module reads like the shell’s own check', () => {
  const refusal = (module: string, needs: string) =>
    new Error(
      `[ Federation Runtime ]: Version 1.5.0 from shell of shared singleton module ${module} does not satisfy the requirement of undefined which needs ${needs})`,
    );
  expect(versionRefusal(refusal('@console/shared-sdk/mui', '^1.6.0'), 'Canary')).toBe(
    'Canary needs SDK 1.6 or newer; this console has SDK 1.5.0. Ask your administrator to update the console.',
  );
  expect(versionRefusal(refusal('react', '^20.0.0'), 'Canary')).toBe(
    'Canary needs react ^20.0.0; this console provides 1.5.0. Ask your administrator to update the console or Canary.',
  );
  expect(versionRefusal(new Error('Failed to fetch'), 'Canary')).toBeNull();
});
