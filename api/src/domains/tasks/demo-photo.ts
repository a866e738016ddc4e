import { PNG } from 'pngjs';

// The demo's photos: what staff photograph when a reading is wrong, a thermometer's display. Drawn as a
// seven-segment display (the kind fridges and probes have) so the demo's photos say what their comments
// say, without shipping binary files in the repository.

const width = 360;
const height = 200;

/** Which of the seven segments (a to g, clockwise from the top, g in the middle) each character lights. */
const segments: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
  '-': 'g',
  C: 'afed',
};

type Rgb = readonly [number, number, number];

function fill(png: PNG, x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb) {
  for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y += 1) {
    for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x += 1) {
      const at = (y * width + x) * 4;
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = 255;
    }
  }
}

/** One character 40 × 80 with its top-left corner at (x, y). */
function digit(png: PNG, char: string, x: number, y: number, lit: Rgb) {
  const t = 8;
  const w = 40;
  const h = 80;
  const half = h / 2;
  const bars: Record<string, [number, number, number, number]> = {
    a: [x + t, y, w - 2 * t, t],
    b: [x + w - t, y + t, t, half - t],
    c: [x + w - t, y + half, t, half - t],
    d: [x + t, y + h - t, w - 2 * t, t],
    e: [x, y + half, t, half - t],
    f: [x, y + t, t, half - t],
    g: [x + t, y + half - t / 2, w - 2 * t, t],
  };
  for (const segment of segments[char] ?? '') {
    const bar = bars[segment];
    if (bar) fill(png, ...bar, lit);
  }
}

/**
 * A PNG of a thermometer display reading `celsius` (e.g. 9.4), red when `alarm`, on a dark panel in a
 * grey casing.
 */
export function displayPhoto(celsius: number, alarm: boolean): Buffer {
  const png = new PNG({ width, height });
  fill(png, 0, 0, width, height, [176, 180, 186]);
  fill(png, 20, 30, width - 40, height - 60, [24, 28, 30]);
  const lit: Rgb = alarm ? [255, 64, 48] : [96, 240, 120];
  const text = celsius.toFixed(1);
  let x = 40;
  for (const char of text) {
    if (char === '.') {
      fill(png, x, 132, 10, 10, lit);
      x += 20;
      continue;
    }
    digit(png, char, x, 60, lit);
    x += 52;
  }
  // The degree sign and the unit.
  fill(png, x, 60, 14, 4, lit);
  fill(png, x, 70, 14, 4, lit);
  fill(png, x, 60, 4, 14, lit);
  fill(png, x + 10, 60, 4, 14, lit);
  digit(png, 'C', x + 22, 60, lit);
  return PNG.sync.write(png);
}
