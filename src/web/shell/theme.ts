/**
 * Theme colours: the brand colour the user picks stays as it is (#1890FF by default, spec §3), and
 * the shades the UI paints with are derived from a colour scale generated from it, each chosen by
 * computed contrast (WCAG 2.2 AA: 4.5:1 for text) rather than by hand.
 */

type Rgb = [number, number, number];
interface Hsv {
  h: number;
  s: number;
  v: number;
}

/** `#rgb` or `#rrggbb` (any case) to 0–255 channels; anything else is refused. */
export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  const s = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16)) as Rgb;
}

export const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsv([r, g, b]: Rgb): Hsv {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const d = max - Math.min(rr, gg, bb);
  let h = 0;
  if (d) {
    if (max === rr) h = ((gg - bb) / d) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
    h = (h * 60 + 360) % 360;
  }
  return { h, s: max ? d / max : 0, v: max };
}

function fromHsv({ h, s, v }: Hsv): Rgb {
  const c = v * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = v - c;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

const LIGHT_STEPS = 5;
const DARK_STEPS = 4;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Ten shades from lightest to darkest with the brand colour at index 5, generated in HSV the way
 * Ant Design's palette generator does (hue turns toward blue-ish when lightening warm colours,
 * saturation falls and brightness rises toward the light end).
 */
export function colorScale(brand: string): string[] {
  const base = toHsv(parseHex(brand));
  const hue = (i: number, light: boolean) => {
    const toward = base.h >= 60 && base.h <= 240 ? (light ? -1 : 1) : light ? 1 : -1;
    return (((Math.round(base.h) + toward * 2 * i) % 360) + 360) % 360;
  };
  const sat = (i: number, light: boolean) => {
    if (base.h === 0 && base.s === 0) return base.s;
    let s = light ? base.s - 0.16 * i : i === DARK_STEPS ? base.s + 0.16 : base.s + 0.05 * i;
    if (light && i === LIGHT_STEPS && s > 0.1) s = 0.1;
    return round2(Math.min(1, Math.max(0.06, s)));
  };
  const val = (i: number, light: boolean) =>
    round2(Math.min(1, Math.max(0, light ? base.v + 0.05 * i : base.v - 0.15 * i)));
  const shade = (i: number, light: boolean) =>
    toHex(fromHsv({ h: hue(i, light), s: sat(i, light), v: val(i, light) }));
  const out: string[] = [];
  for (let i = LIGHT_STEPS; i > 0; i--) out.push(shade(i, true));
  out.push(toHex(parseHex(brand)));
  for (let i = 1; i <= DARK_STEPS; i++) out.push(shade(i, false));
  return out;
}

/** Darken toward black until `fg` reaches `ratio` against every background (a last resort). */
function darkenUntil(fg: string, backgrounds: string[], ratio: number): string {
  let rgb = parseHex(fg);
  for (let k = 0; k < 50 && backgrounds.some((b) => contrast(toHex(rgb), b) < ratio); k++)
    rgb = rgb.map((c) => c * 0.93) as Rgb;
  return toHex(rgb);
}

/** Lighten toward white until `fg` reaches `ratio` against every background. */
function lightenUntil(fg: string, backgrounds: string[], ratio: number): string {
  let rgb = parseHex(fg);
  for (let k = 0; k < 50 && backgrounds.some((b) => contrast(toHex(rgb), b) < ratio); k++)
    rgb = rgb.map((c) => c + (255 - c) * 0.1) as Rgb;
  return toHex(rgb);
}

/** Text contrast of WCAG 2.2 AA (1.4.3). */
export const AA_TEXT = 4.5;
/** The dark sidebar and top bar. */
export const DARK_SURFACE = '#001529';
const WHITE = '#ffffff';

export interface ThemePalette {
  /** the colour the user picked */
  brand: string;
  scale: string[];
  /** text, links, borders and filled buttons (with white text) on light surfaces */
  primary: string;
  /** background of a selected entry on light surfaces; `primary` on it passes AA */
  soft: string;
  /** text on the dark surfaces (sidebar, top bar) */
  onDark: string;
}

/**
 * The shades the UI paints with: the first shade at or after the brand that reads as text at 4.5:1
 * on white and on the selected background, the lightest shade for selected backgrounds, and the
 * first lighter shade that reads on the dark menu.
 */
export function themePalette(brand: string): ThemePalette {
  const scale = colorScale(brand);
  const soft = scale[0]!;
  const reads = (c: string, bgs: string[]) => bgs.every((b) => contrast(c, b) >= AA_TEXT);
  const onLight = [WHITE, soft];
  const primary = scale.slice(5).find((c) => reads(c, onLight)) ?? darkenUntil(scale[9]!, onLight, AA_TEXT);
  const onDark =
    [...scale.slice(0, 6)].reverse().find((c) => reads(c, [DARK_SURFACE])) ??
    lightenUntil(scale[0]!, [DARK_SURFACE], AA_TEXT);
  return { brand: toHex(parseHex(brand)), scale, primary, soft, onDark };
}

/** The CSS custom properties of a palette, set on <html> so portaled dialogs get them too. */
export function themeVariables(p: ThemePalette): Record<string, string> {
  return {
    '--primary': p.primary,
    '--primary-soft': p.soft,
    '--primary-brand': p.brand,
    '--primary-on-dark': p.onDark,
  };
}

/** Paint the document with a brand colour's palette (dialogs are portaled: <html>, not a div). */
export function applyTheme(brand: string, root: HTMLElement = document.documentElement) {
  let palette: ThemePalette;
  try {
    palette = themePalette(brand);
  } catch {
    palette = themePalette('#1890FF');
  }
  for (const [k, v] of Object.entries(themeVariables(palette))) root.style.setProperty(k, v);
}
