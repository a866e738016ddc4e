import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Button, ThemeProvider } from '@console/shared-sdk/mui';
import { createConsoleTheme, type Skin } from './theme.js';

/** An sRGB colour as #rgb, #rrggbb or rgb(a)(), with its alpha. */
function parse(colour: string): { rgb: [number, number, number]; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return {
      rgb: [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number],
      alpha: 1,
    };
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(colour)?.[1]?.split(',').map(Number);
  if (!parts || parts.length < 3) throw new Error(`not a colour this test reads: ${colour}`);
  return { rgb: [parts[0]!, parts[1]!, parts[2]!], alpha: parts[3] ?? 1 };
}

/** WCAG 2's relative luminance of an opaque colour. */
function luminance([red, green, blue]: [number, number, number]) {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2's contrast ratio of `text` (which may be translucent, as MUI's text colours are) on `background`. */
function contrast(text: string, background: string) {
  const under = parse(background).rgb;
  const { rgb, alpha } = parse(text);
  const seen = rgb.map((channel, index) => channel * alpha + under[index]! * (1 - alpha)) as [
    number,
    number,
    number,
  ];
  const [lighter, darker] = [luminance(seen), luminance(under)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const skins: Skin[] = ['light', 'dark', 'bordered'];
const statuses = ['warning', 'error', 'success', 'info'] as const;

describe.each(skins)('the %s skin', (skin) => {
  const { palette } = createConsoleTheme({ skin });

  test.each(statuses)(
    '%s text reads at 4.5:1 on the page and on cards, and a filled chip’s text on it',
    (status) => {
      const colour = palette[status];
      // An outlined chip ("Awaiting review", "Needs attention") draws its words in `main`.
      expect(contrast(colour.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour.main, palette.background.default)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('a filled button focused from the keyboard shows a ring that stands 3:1 off the page', async () => {
    render(
      <ThemeProvider theme={createConsoleTheme({ skin })}>
        <Button variant="contained">Save</Button>
      </ThemeProvider>,
    );
    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveFocus();
    // jsdom computes the shorthand as written ("2px solid #16707a"), not its longhands.
    const style = getComputedStyle(button);
    const [width = '', lineStyle, colour = ''] = style.outline.split(' ');
    expect(lineStyle).toBe('solid');
    expect(parseFloat(width)).toBeGreaterThanOrEqual(2);
    // Drawn beyond the button, over the page, so it shows on a button of its own colour.
    expect(parseFloat(style.outlineOffset)).toBeGreaterThan(0);
    expect(contrast(colour, palette.background.default)).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, palette.background.paper)).toBeGreaterThanOrEqual(3);
  });
});
