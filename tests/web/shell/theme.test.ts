import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  DARK_SURFACE,
  colorScale,
  contrast,
  parseHex,
  themePalette,
  themeVariables,
} from '../../../src/web/shell/theme.ts';
import { THEME_COLORS } from '../../../src/web/shell/settings.ts';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // the finding of issue #15: the default blue as text on white
    expect(contrast('#1890FF', '#fff')).toBeCloseTo(3.24, 2);
  });
  it('refuses what is not a hex colour', () => {
    expect(() => parseHex('blue')).toThrow();
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
  });
});

describe('colour scale', () => {
  it('generates the well-known ten-shade blue from #1890FF, brand at index 5', () => {
    expect(colorScale('#1890FF')).toEqual([
      '#e6f7ff',
      '#bae7ff',
      '#91d5ff',
      '#69c0ff',
      '#40a9ff',
      '#1890ff',
      '#096dd9',
      '#0050b3',
      '#003a8c',
      '#002766',
    ]);
  });
  it('runs from light to dark for every preset', () => {
    for (const { color } of THEME_COLORS) {
      const scale = colorScale(color);
      expect(scale).toHaveLength(10);
      expect(scale[5]).toBe(color.toLowerCase());
      for (let i = 1; i < scale.length; i++)
        expect(contrast(scale[i]!, '#fff')).toBeGreaterThan(contrast(scale[i - 1]!, '#fff'));
    }
  });
});

describe('theme palette', () => {
  it.each(THEME_COLORS.map((c) => [c.name, c.color]))(
    '%s (%s) reads at AA everywhere it paints',
    (_, color) => {
      const p = themePalette(color);
      expect(p.brand).toBe(color.toLowerCase());
      expect(contrast(p.primary, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(p.primary, p.soft)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(p.onDark, DARK_SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
      // taken from the scale, not made up
      expect(p.scale).toContain(p.soft);
    },
  );
  it('keeps a brand colour that already reads and darkens the default blue by one step', () => {
    expect(themePalette('#1890FF').primary).toBe('#096dd9');
    expect(themePalette('#2F54EB').primary).toBe('#2f54eb');
    expect(themeVariables(themePalette('#1890FF'))['--primary-brand']).toBe('#1890ff');
  });
  it('still finds a readable shade for a very light brand colour', () => {
    const p = themePalette('#FFFF00');
    expect(contrast(p.primary, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(p.primary, p.soft)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('the stylesheet defaults', () => {
  it('are the derived shades of the default colour', async () => {
    const fs = await import('node:fs');
    const css = fs.readFileSync('src/web/styles.css', 'utf8');
    for (const [name, value] of Object.entries(themeVariables(themePalette('#1890FF'))))
      expect(css).toContain(`${name}: ${value};`);
  });
});
