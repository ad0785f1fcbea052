/**
 * How a condition on a 省市区 column matches: a division's code finds the division and everything
 * inside it (a province code its cities and districts), by the prefix of the 6-digit codes, bound as
 * a LIKE pattern. Used by the list filters and the super query alike.
 */
import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areaPrefix } from '../../../shared/area.ts';
import { escapeLike } from './query-generator.ts';

/**
 * `col` holds `code` or a division inside it; a `multiple` column (comma-joined codes) matches when
 * any of its codes does.
 */
export function areaMatch(col: PgColumn, code: string, multiple = false): SQL {
  const prefix = escapeLike(areaPrefix(code.trim()));
  return multiple ? sql`(',' || ${col}) like ${`%,${prefix}%`}` : sql`${col} like ${`${prefix}%`}`;
}

/** Any of the codes matches (see `areaMatch`). */
export function areaMatchAny(col: PgColumn, codes: readonly string[], multiple = false): SQL {
  const matches = codes.map((code) => areaMatch(col, code, multiple));
  return matches.length === 1 ? matches[0]! : or(...matches)!;
}
