import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type * as axeCore from 'axe-core';
import type { AxeResults, ImpactValue } from 'axe-core';

declare global {
  interface Window {
    axe: typeof axeCore;
  }
}

// axe-core's own build, from the installed package (nothing is downloaded).
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Gives every page of `context` axe-core. The console's Content-Security-Policy lets no inline script run
 * (script-src 'self'), so a `<script>` added to the page (page.addScriptTag) would be refused; an init script
 * is evaluated by the browser itself, outside the page's policy, which the walk keeps as it is in production.
 */
export async function addAxe(context: BrowserContext) {
  await context.addInitScript({ content: axeSource });
}

/** The impacts that fail a walk. */
export const failingImpacts: ImpactValue[] = ['serious', 'critical'];

export interface AxeViolation {
  /** The rule, e.g. "color-contrast". */
  id: string;
  impact: ImpactValue;
  /** What the rule asks for, in axe's words. */
  help: string;
  /** A CSS selector for each element that breaks it. */
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (an open dialog included), with axe's
 * full rule set: every rule it runs by default (WCAG 2.x A and AA, and its best practices).
 */
export function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(async (impacts) => {
    const results: AxeResults = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => impacts.includes(violation.impact ?? null))
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
      }));
  }, failingImpacts);
}
