import { describe, expect, it } from 'vitest';
import {
  findSaved,
  listSaved,
  removeSaved,
  runSavedQuery,
  saveQuery,
  savedNames,
  savedQueriesKey,
  type SavedQueryStore,
} from '../../../src/web/components/data-grid/super-query/saved-queries.ts';
import type { SuperQueryCondition } from '../../../src/shared/super-query.ts';

/** An in-memory store that keeps values as JSON text, like localStorage would. */
function memoryStore(initial: Record<string, unknown> = {}): SavedQueryStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    data,
    get: (k) => (data.has(k) ? (JSON.parse(data.get(k)!) as unknown) : null),
    set: (k, v) => data.set(k, JSON.stringify(v)),
  };
}

const KEY = savedQueriesKey('admin', 'user');
const YU: SuperQueryCondition = { field: 'username', rule: 'like', val: 'yu', type: 'input' };
const EMPTY: SuperQueryCondition = { field: 'realname', rule: 'eq', val: '' };

describe('saved super queries', () => {
  it('keys the list by user and page', () => {
    expect(savedQueriesKey('admin', 'user')).not.toBe(savedQueriesKey('caiwu', 'user'));
    expect(savedQueriesKey('admin', 'user')).not.toBe(savedQueriesKey('admin', 'role'));
  });

  it('saves only the full conditions and lists them back', () => {
    const store = memoryStore();
    const r = saveQuery(store, KEY, { title: ' 含yu ', matchType: 'or', records: [YU, EMPTY] });
    expect(r.status).toBe('saved');
    expect(listSaved(store, KEY)).toEqual([{ title: '含yu', matchType: 'or', records: [YU] }]);
    expect(savedNames(store, KEY)).toEqual(['含yu']);
    expect(listSaved(store, savedQueriesKey('caiwu', 'user'))).toEqual([]);
  });

  it('refuses empty conditions before a missing name (spec §5)', () => {
    const store = memoryStore();
    expect(saveQuery(store, KEY, { title: '', matchType: 'and', records: [EMPTY] })).toEqual({
      status: 'invalid',
      message: '空条件不能保存',
    });
    expect(saveQuery(store, KEY, { title: '  ', matchType: 'and', records: [YU] })).toEqual({
      status: 'invalid',
      message: '保存名称不能为空',
    });
    expect(store.data.size).toBe(0);
  });

  it('asks before overwriting an existing name and replaces it in place when told to', () => {
    const store = memoryStore();
    saveQuery(store, KEY, { title: 'a', matchType: 'and', records: [YU] });
    saveQuery(store, KEY, { title: 'b', matchType: 'and', records: [YU] });
    const other: SuperQueryCondition = { field: 'sex', rule: 'eq', val: '1', type: 'select' };
    expect(saveQuery(store, KEY, { title: 'a', matchType: 'or', records: [other] })).toEqual({
      status: 'exists',
      message: 'a 已存在，是否覆盖？',
    });
    expect(findSaved(store, KEY, 'a')?.records).toEqual([YU]);
    const r = saveQuery(store, KEY, { title: 'a', matchType: 'or', records: [other] }, { overwrite: true });
    expect(r.status).toBe('saved');
    expect(listSaved(store, KEY)).toEqual([
      { title: 'a', matchType: 'or', records: [other] },
      { title: 'b', matchType: 'and', records: [YU] },
    ]);
  });

  it('removes by name', () => {
    const store = memoryStore();
    saveQuery(store, KEY, { title: 'a', matchType: 'and', records: [YU] });
    saveQuery(store, KEY, { title: 'b', matchType: 'and', records: [YU] });
    expect(removeSaved(store, KEY, 'a').map((q) => q.title)).toEqual(['b']);
    expect(savedNames(store, KEY)).toEqual(['b']);
  });

  it('ignores corrupt storage: not a list, or entries that do not validate', () => {
    expect(listSaved(memoryStore({ [KEY]: 'garbage' }), KEY)).toEqual([]);
    expect(listSaved(memoryStore({ [KEY]: { title: 'x' } }), KEY)).toEqual([]);
    const mixed = memoryStore({
      [KEY]: [
        { title: '', matchType: 'and', records: [] },
        { title: 'ok', records: [YU] },
        { title: 'bad', matchType: 'and', records: 'nope' },
        null,
      ],
    });
    expect(listSaved(mixed, KEY)).toEqual([{ title: 'ok', matchType: 'and', records: [YU] }]);
    // saving over a corrupt store keeps only the valid entries
    saveQuery(mixed, KEY, { title: 'new', matchType: 'and', records: [YU] });
    expect(savedNames(mixed, KEY)).toEqual(['ok', 'new']);
  });

  it('runs a saved query by name, or refuses naming those there are', () => {
    const store = memoryStore();
    saveQuery(store, KEY, { title: '含yu', matchType: 'or', records: [YU] });
    const { search } = runSavedQuery(store, KEY, ' 含yu');
    expect(search.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(search.superQueryParams))).toEqual([
      { field: 'username', rule: 'like', val: 'yu', type: 'input' },
    ]);
    expect(() => runSavedQuery(store, KEY, 'nope')).toThrow('没有名为 nope 的已保存查询（已保存：含yu）');
    expect(() => runSavedQuery(memoryStore(), KEY, 'nope')).toThrow(/^没有名为 nope 的已保存查询$/);
  });
});
