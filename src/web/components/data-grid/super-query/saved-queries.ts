/**
 * Saved super queries (spec §3 "saved query: title, matchType, records"), per user and page, in a
 * key-value store the caller provides (the browser passes lib/storage.ts; tests an in-memory map).
 * Whatever is read back is validated with `savedSuperQuerySchema`; corrupt entries are ignored.
 */
import {
  SUPER_QUERY_MSG,
  encodeSuperQueryParams,
  isEmptyCondition,
  savedSuperQuerySchema,
  validateForSave,
  type MatchType,
  type SavedSuperQuery,
  type SuperQueryCondition,
} from '../../../../shared/super-query.ts';
import type { SuperQuerySearch } from './builder-state.ts';

/** The store the saved queries live in (values are stored as given, not as text). */
export interface SavedQueryStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** The storage key of one user's saved queries of one page. */
export const savedQueriesKey = (username: string, pageKey: string): string =>
  `JSuperQuery_${username}_${pageKey}`;

/** The saved queries under `key`, oldest first; entries that do not validate are left out. */
export function listSaved(store: SavedQueryStore, key: string): SavedSuperQuery[] {
  const raw = store.get(key);
  if (!Array.isArray(raw)) return [];
  const out: SavedSuperQuery[] = [];
  for (const item of raw) {
    const parsed = savedSuperQuerySchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** The names of the saved queries, for completion and `grid.superQuery <name>`. */
export const savedNames = (store: SavedQueryStore, key: string): string[] =>
  listSaved(store, key).map((q) => q.title);

/** The saved query of that name (names compare trimmed), or undefined. */
export function findSaved(store: SavedQueryStore, key: string, title: string): SavedSuperQuery | undefined {
  const name = title.trim();
  return listSaved(store, key).find((q) => q.title === name);
}

/** What saving did: saved, refused with a message, or stopped because the name exists. */
export type SaveOutcome =
  | { status: 'saved'; list: SavedSuperQuery[] }
  | { status: 'invalid'; message: string }
  | { status: 'exists'; message: string };

/**
 * Save the full conditions under a name. An existing name is replaced only with `overwrite`;
 * otherwise the outcome carries the question to ask (`{name} 已存在，是否覆盖？`).
 */
export function saveQuery(
  store: SavedQueryStore,
  key: string,
  query: { title: string | null | undefined; matchType: MatchType; records: SuperQueryCondition[] },
  options: { overwrite?: boolean } = {},
): SaveOutcome {
  const refusal = validateForSave(query.title, query.records);
  if (refusal) return { status: 'invalid', message: refusal };
  const title = String(query.title).trim();
  const entry = savedSuperQuerySchema.parse({
    title,
    matchType: query.matchType,
    records: query.records.filter((c) => !isEmptyCondition(c)),
  });
  const list = listSaved(store, key);
  const at = list.findIndex((q) => q.title === title);
  if (at >= 0 && !options.overwrite) return { status: 'exists', message: SUPER_QUERY_MSG.overwrite(title) };
  const next = at >= 0 ? list.map((q, i) => (i === at ? entry : q)) : [...list, entry];
  store.set(key, next);
  return { status: 'saved', list: next };
}

/** Delete the saved query of that name; returns the remaining list. */
export function removeSaved(store: SavedQueryStore, key: string, title: string): SavedSuperQuery[] {
  const next = listSaved(store, key).filter((q) => q.title !== title.trim());
  store.set(key, next);
  return next;
}

/** The search a saved query runs (what the list page receives when a card or a name is run). */
export function searchOfSaved(q: SavedSuperQuery): SuperQuerySearch {
  const conditions = q.records.filter((c) => !isEmptyCondition(c));
  return {
    matchType: q.matchType,
    conditions,
    superQueryParams: encodeSuperQueryParams(conditions),
    superQueryMatchType: q.matchType,
  };
}

/**
 * `grid.superQuery <name>` without a dialog: the search of the saved query of that name, or a
 * refusal naming the saved queries there are.
 */
export function runSavedQuery(
  store: SavedQueryStore,
  key: string,
  title: string,
): { search: SuperQuerySearch; query: SavedSuperQuery } {
  const query = findSaved(store, key, title);
  if (!query) {
    const names = savedNames(store, key);
    throw new Error(
      names.length
        ? `没有名为 ${title.trim()} 的已保存查询（已保存：${names.join('、')}）`
        : `没有名为 ${title.trim()} 的已保存查询`,
    );
  }
  return { search: searchOfSaved(query), query };
}
