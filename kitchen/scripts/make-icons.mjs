// Draws the kitchen app's icons once: public/icons/icon.svg, and the PNGs the web app manifest and iOS ask
// for, rendered from the same drawing by Chromium (playwright-core). Run it again after changing the drawing
// and commit what it writes: `node kitchen/scripts/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import pwa from '../pwa.cjs';

const iconsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** A clipboard with a tick, in a 100 × 100 box: the kitchen's checks. */
const glyph = `
  <rect x="24" y="18" width="52" height="66" rx="6" fill="#ffffff"/>
  <rect x="38" y="12" width="24" height="14" rx="4" fill="#ffffff" stroke="${pwa.themeColor}" stroke-width="3"/>
  <path d="M35 52 l10 10 l20 -22" fill="none" stroke="${pwa.themeColor}" stroke-width="7"
    stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * The icon as SVG. `bleed`: the colour fills the square (a maskable icon, which the launcher crops to its own
 * shape, and iOS, which rounds it itself), and the drawing keeps within the middle 70%, the maskable safe zone.
 */
function svg({ bleed }) {
  const background = bleed
    ? `<rect width="100" height="100" fill="${pwa.themeColor}"/>`
    : `<rect width="100" height="100" rx="22" fill="${pwa.themeColor}"/>`;
  const drawing = bleed ? `<g transform="translate(15 15) scale(0.7)">${glyph}</g>` : glyph;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${background}${drawing}\n</svg>\n`;
}

const pngs = [
  { file: 'icon-192.png', size: 192, bleed: false },
  { file: 'icon-512.png', size: 512, bleed: false },
  { file: 'icon-maskable-512.png', size: 512, bleed: true },
  { file: 'apple-touch-icon.png', size: 180, bleed: true },
];

fs.mkdirSync(iconsDir, { recursive: true });
fs.writeFileSync(path.join(iconsDir, 'icon.svg'), svg({ bleed: false }));
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const { file, size, bleed } of pngs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const image = `data:image/svg+xml;base64,${Buffer.from(svg({ bleed })).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${image}" width="${size}" height="${size}">`,
    );
    await page.screenshot({ path: path.join(iconsDir, file), omitBackground: true });
    await page.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
