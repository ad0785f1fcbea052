import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core, with its colour parsing remembered per colour string. axe parses every computed colour
 * it reads (each text's colour and the background of each element under it) with colorjs, colour
 * space conversion and gamut mapping included, and the pages' Tailwind colours are `oklch()`: that
 * parsing was about a fifth of axe's time in the a11y walk (Chromium's profiler). A colour string
 * always parses to the same colour, so the walk's findings are the same; a string axe cannot parse
 * still throws (and is reported as axe reports it) every time.
 */
export const AXE_SOURCE = `${fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;(() => {
  const proto = window.axe.commons.color.Color.prototype;
  const parse = proto.parseString;
  const parsed = new Map();
  proto.parseString = function (text) {
    const known = parsed.get(text);
    if (known) {
      [this.r, this.g, this.b, this.alpha] = known;
      return this;
    }
    parse.call(this, text);
    parsed.set(text, [this.r, this.g, this.b, this.alpha]);
    return this;
  };
})();`;

/** One axe finding, short enough to read in a failing test. */
export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * The WCAG A/AA rules whose outcome depends on colours alone: a page that only changed its theme
 * can break these and no other rule (names, roles, structure and focus order stay the same).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Run axe-core (WCAG 2.0–2.2 A and AA rules, or just the rules named in `only`) on the page as it
 * is now and return the serious and critical findings (of the part matching the CSS selector
 * `within`, when given). The page must not forbid inline scripts for the test (axe is injected).
 */
export async function axeSerious(page: Page, within?: string, only?: string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async ([selector, rules]) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe;
      return (await axe.run(selector ? { include: [[selector]] } : document, {
        runOnly: rules
          ? { type: 'rule', values: rules }
          : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      })) as {
        violations: Array<{
          id: string;
          impact: string;
          nodes: Array<{ target: string[]; failureSummary?: string }>;
        }>;
      };
    },
    [within, only] as const,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').slice(0, 300),
    }));
}
