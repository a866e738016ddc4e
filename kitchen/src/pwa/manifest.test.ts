/**
 * @jest-environment node
 */
import { createConsoleTheme } from '@console/shared-sdk';
import pwa from '../../pwa.cjs';

// The installed app's colours are the console's, and it installs at /kitchen/ with the icons a phone and a
// tablet ask for.

test('the theme and background colours are the console theme’s', () => {
  const theme = createConsoleTheme();
  expect(pwa.themeColor).toBe(theme.palette.primary.main);
  expect(pwa.backgroundColor).toBe(theme.palette.background.default);
});

test('the manifest installs the app at /kitchen/, standalone, with a maskable icon', () => {
  const manifest = pwa.appManifest('/kitchen/');
  expect(manifest).toMatchObject({
    short_name: 'Kitchen',
    start_url: '/kitchen/',
    scope: '/kitchen/',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
    'any any',
  ]);
});
