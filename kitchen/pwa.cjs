// What makes the kitchen app installable: its web app manifest and the colours the browser paints around it
// (the console's: a test holds them to shared-sdk's theme), used by the build (webpack.config.cjs).

/** The console theme's primary colour (light skin), as the phone's status bar and the splash screen show it. */
const themeColor = '#16707a';
/** The console theme's page background (light skin). */
const backgroundColor = '#f4f6f8';

/** The web app manifest of the app served at `publicPath`. */
function appManifest(publicPath) {
  const icon = (file, size, purpose) => ({
    src: `${publicPath}icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: publicPath,
    name: 'Kitchen — Compliance Console',
    short_name: 'Kitchen',
    description: 'Record the kitchen’s checks, readings and logs, with or without a connection.',
    lang: 'en',
    start_url: publicPath,
    scope: publicPath,
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('icon-maskable-512.png', 512, 'maskable'),
      { src: `${publicPath}icons/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

module.exports = { themeColor, backgroundColor, appManifest };
