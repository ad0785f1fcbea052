import { describe, expect, it } from 'vitest';
import {
  BIZ_ELLIPSIS,
  dictText,
  ellipsis,
  nextSort,
  recordKey,
  searchParams,
  toggleSelection,
} from '../../../src/web/components/data-grid/dialogs/pick-table-model.ts';

describe('ellipsis', () => {
  it('cuts after 12 characters in the business select (spec §9) and keeps shorter text', () => {
    expect(BIZ_ELLIPSIS).toBe(12);
    expect(ellipsis('悦到家健康服务有限公司总部', 12)).toBe('悦到家健康服务有限公司总...');
    expect(ellipsis('悦到家健康服务有限公司总', 12)).toBe('悦到家健康服务有限公司总');
    expect(ellipsis('abc', 0)).toBe('abc');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('dictionary text', () => {
  const sex = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ];
  it('translates single and comma-separated values and keeps unknown ones', () => {
    expect(dictText(sex, 1)).toBe('男');
    expect(dictText(sex, '1,2,9')).toBe('男,女,9');
    expect(dictText(undefined, 2)).toBe('2');
    expect(dictText(sex, null)).toBe('');
  });
});

describe('sorting', () => {
  it('cycles ascending, descending, unsorted; another column starts ascending', () => {
    let s = nextSort({}, 'username');
    expect(s).toEqual({ column: 'username', order: 'asc' });
    s = nextSort(s, 'username');
    expect(s).toEqual({ column: 'username', order: 'desc' });
    expect(nextSort(s, 'realname')).toEqual({ column: 'realname', order: 'asc' });
    expect(nextSort(s, 'username')).toEqual({});
  });
});

describe('selection', () => {
  it('keeps one row in single mode and several in multi mode; toggling removes', () => {
    let single = toggleSelection(new Map(), 'a', { id: 'a' }, false);
    single = toggleSelection(single, 'b', { id: 'b' }, false);
    expect([...single.keys()]).toEqual(['b']);
    let multi = toggleSelection(new Map(), 'a', { id: 'a' }, true);
    multi = toggleSelection(multi, 'b', { id: 'b' }, true);
    expect([...multi.keys()]).toEqual(['a', 'b']);
    expect([...toggleSelection(multi, 'a', { id: 'a' }, true).keys()]).toEqual(['b']);
  });

  it('keys rows by the row key, or by their content when they have none', () => {
    expect(recordKey({ id: 7, x: 1 })).toBe('7');
    expect(recordKey({ code: 'c1' }, 'code')).toBe('c1');
    expect(recordKey({ x: 1 })).toBe('{"x":1}');
  });
});

describe('search parameters', () => {
  it('leaves blanks out and sends ranges for group items', () => {
    expect(
      searchParams(
        [
          { field: 'username', mode: 'single' },
          { field: 'sex', mode: 'single' },
          { field: 'createTime', mode: 'group' },
        ],
        { username: ' cai ', sex: '', createTime_begin: '2024-01-01', createTime_end: ' ', other: 'x' },
      ),
    ).toEqual({ username: 'cai', createTime_begin: '2024-01-01' });
  });
});
