import { captureOverridesFromUrl, overrideAllowed, storedOverrides } from './overrides';

const dev = 'http://localhost:3010/mf-manifest.json';

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** Opens the console at `address`, as a developer pasting a link would. */
function open(address: string) {
  window.history.replaceState(null, '', address);
  captureOverridesFromUrl();
}

test('an override on the address is kept in this browser and taken off the address', () => {
  open(`/dashboard/allergens?view=3&remote-override=mfe-allergens=${dev}#top`);
  expect(storedOverrides()).toEqual({ 'mfe-allergens': dev });
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
    '/dashboard/allergens?view=3#top',
  );
  // Later visits without the parameter keep it.
  open('/dashboard');
  expect(storedOverrides()).toEqual({ 'mfe-allergens': dev });
});

test('an empty address removes one override, an empty parameter all of them', () => {
  open(`/login?remote-override=mfe-a=${dev}&remote-override=mfe-b=${dev}`);
  open('/login?remote-override=mfe-a=');
  expect(storedOverrides()).toEqual({ 'mfe-b': dev });
  open('/login?remote-override=');
  expect(storedOverrides()).toEqual({});
});

test('what is not a remote name or a web address is not kept', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  open('/login?remote-override=Bad Name=http://x/&remote-override=mfe-a=javascript:alert(1)');
  expect(storedOverrides()).toEqual({});
  expect(warn).toHaveBeenCalledTimes(2);
  warn.mockRestore();
});

test('origins are accepted as Content-Security-Policy sources match them', () => {
  expect(overrideAllowed(dev, ['http://localhost:*'])).toBe(true);
  expect(overrideAllowed(dev, ['http://localhost:3010'])).toBe(true);
  expect(overrideAllowed(dev, ['http://localhost:3011'])).toBe(false);
  expect(overrideAllowed(dev, ['http://localhost'])).toBe(false);
  expect(overrideAllowed('https://a.dev.example.com/m.json', ['https://*.dev.example.com'])).toBe(true);
  expect(overrideAllowed('https://dev.example.com.evil.test/m.json', ['https://*.dev.example.com'])).toBe(
    false,
  );
  expect(overrideAllowed('https://localhost:3010/m.json', ['http://localhost:*'])).toBe(false);
  expect(overrideAllowed(dev, [])).toBe(false);
});
