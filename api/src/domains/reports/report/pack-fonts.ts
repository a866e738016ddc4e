import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// The pack's typeface: DejaVu Sans (the dejavu-fonts-ttf package), embedded and subset by pdfkit. PDF's
// built-in fonts know only Latin-1, so "Łucja" and a typographic minus came out garbled; DejaVu Sans has
// Latin Extended, Greek, Cyrillic, the minus, the degree sign, arrows and the box-drawing marks in one
// file (README, "Dependencies"). A character it lacks, or one of a right-to-left script pdfkit cannot lay
// out in order, prints as a placeholder, never as a wrong character.

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));

/** The font files, read once per process. */
export const packFonts = {
  regular: fontFile('DejaVuSans.ttf'),
  bold: fontFile('DejaVuSans-Bold.ttf'),
  mono: fontFile('DejaVuSansMono.ttf'),
};

const covered = new Set<number>(fontkit.create(packFonts.regular).characterSet);

/** What stands in for text the font cannot print; the pack's legend says what it means. */
export const unprintablePlaceholder = '[?]';

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const rightToLeft = (codePoint: number) =>
  (codePoint >= 0x0590 && codePoint <= 0x08ff) ||
  (codePoint >= 0xfb1d && codePoint <= 0xfdff) ||
  (codePoint >= 0xfe70 && codePoint <= 0xfeff);

const printableCodePoint = (codePoint: number) =>
  codePoint === 0x0a || codePoint === 0x09 || (!rightToLeft(codePoint) && covered.has(codePoint));

/** `text` as the pack can print it: each run of characters the font cannot show becomes one placeholder. */
export function printable(text: string): string {
  let out = '';
  let inRun = false;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (printableCodePoint(codePoint)) {
      out += character;
      inRun = false;
    } else if (!inRun) {
      out += unprintablePlaceholder;
      inRun = true;
    }
  }
  return out;
}
