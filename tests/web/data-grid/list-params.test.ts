import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  exportParams,
  filterToParam,
  initialListState,
  listParams,
  listReducer,
} from '../../../src/web/components/data-grid/list/list-params.ts';
import {
  hiddenFields,
  hiddenToolbarButtons,
} from '../../../src/web/components/data-grid/list/column-auth.ts';
import { toColDefs } from '../../../src/web/components/data-grid/list/column-defs.ts';

const reduce = listReducer(DEFAULT_SORT);

describe('list page parameters', () => {
  it('starts on page 1 of 10 sorted by createTime descending (spec §9)', () => {
    expect(listParams(initialListState())).toEqual({
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('merges search bar, column filters and super query; blank values are left out', () => {
    let s = reduce(initialListState(), { type: 'search', search: { username: '*ad*', realname: '  ' } });
    s = reduce(s, { type: 'filters', filters: { username: '!admin', phone: '138*' } });
    s = reduce(s, {
      type: 'superQuery',
      superQuery: { superQueryParams: '%5B%5D', superQueryMatchType: 'or' },
    });
    expect(listParams(s)).toEqual({
      username: '!admin',
      phone: '138*',
      superQueryParams: '%5B%5D',
      superQueryMatchType: 'or',
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('goes back to page 1 when the search changes, keeps the page when only paging', () => {
    let s = reduce(initialListState(), { type: 'page', pageNo: 4, pageSize: 10 });
    expect(s.pageNo).toBe(4);
    s = reduce(s, { type: 'sort', sort: { column: 'username', order: 'asc' } });
    expect(s.pageNo).toBe(1);
    s = reduce(s, { type: 'page', pageNo: 3, pageSize: 10 });
    s = reduce(s, { type: 'page', pageNo: 3, pageSize: 30 });
    expect([s.pageNo, s.pageSize]).toEqual([1, 30]);
    s = reduce(s, { type: 'sort', sort: null });
    expect(s.sort).toEqual(DEFAULT_SORT);
  });

  it('reset clears the search bar but keeps page size, header filters and the super query', () => {
    let s = reduce(initialListState(), { type: 'page', pageNo: 1, pageSize: 20 });
    s = reduce(s, { type: 'filters', filters: { phone: '138*' } });
    s = reduce(s, { type: 'search', search: { username: 'x' } });
    s = reduce(s, { type: 'superQuery', superQuery: { superQueryParams: 'p', superQueryMatchType: 'and' } });
    s = reduce(s, { type: 'reset' });
    expect(s).toMatchObject({
      search: {},
      superQuery: { superQueryParams: 'p', superQueryMatchType: 'and' },
      pageSize: 20,
      filters: { phone: '138*' },
    });
  });

  it('exports the same filters and sort without paging, with the ticked rows as selections', () => {
    const s = reduce(initialListState(), { type: 'search', search: { status: '2' } });
    expect(exportParams(s, [])).toEqual({ status: '2', column: 'createTime', order: 'desc' });
    expect(exportParams(s, ['a', 'b']).selections).toBe('a,b');
  });

  it('maps header filters to the search-input modes', () => {
    expect(filterToParam({ type: 'contains', filter: 'ab' })).toBe('*ab*');
    expect(filterToParam({ type: 'notEqual', filter: 'ab' })).toBe('!ab');
    expect(filterToParam({ type: 'equals', filter: 'ab' })).toBe('ab');
    expect(filterToParam({ type: 'startsWith', filter: 'ab' })).toBe('ab*');
    expect(filterToParam({ type: 'endsWith', filter: 'ab' })).toBe('*ab');
    expect(filterToParam({ type: 'greaterThanOrEqual', filter: 5 })).toBe('>=5');
    expect(filterToParam({ type: 'lessThanOrEqual', filter: 5 })).toBe('<=5');
    expect(filterToParam({ type: 'contains', filter: '  ' })).toBeUndefined();
  });
});

describe('column and toolbar permissions (spec §6)', () => {
  const allAuth = [
    { action: 'user:phone', type: '1', status: '1' },
    { action: 'user:email', type: '1', status: '1' },
    { action: 'user:birthday', type: '1', status: '0' },
    { action: 'role:code', type: '1', status: '1' },
    { action: 'demo:add', type: '2', status: '1' },
    { action: 'demo:batch_delete', type: '2', status: '1' },
  ];

  it('hides enabled field rights of the prefix the caller lacks', () => {
    const hidden = hiddenFields('user:', [{ action: 'user:email', type: '1' }], allAuth);
    expect([...hidden]).toEqual(['phone']);
  });

  it('leaves out hidden columns from the grid', () => {
    const cols = toColDefs(
      [
        { field: 'username', title: '账号' },
        { field: 'phone', title: '手机' },
      ],
      new Set(['phone']),
    );
    expect(cols.map((c) => c.colId)).toEqual(['username']);
  });

  it('hides toolbar buttons excluded by the auth prefix', () => {
    expect([...hiddenToolbarButtons('demo', [], allAuth)].sort()).toEqual(['add', 'batch_delete', 'remove']);
    expect([...hiddenToolbarButtons('demo', [{ action: 'demo:add', type: '2' }], allAuth)].sort()).toEqual([
      'batch_delete',
      'remove',
    ]);
    expect(hiddenToolbarButtons(undefined, [], allAuth).size).toBe(0);
  });
});
