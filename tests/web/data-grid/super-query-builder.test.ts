import { describe, expect, it } from 'vitest';
import {
  builderReducer,
  conditionsOf,
  fromDateTimeLocal,
  initialBuilderState,
  rulesFor,
  toDateTimeLocal,
  toSearch,
  wireTypes,
  type BuilderAction,
  type BuilderState,
} from '../../../src/web/components/data-grid/super-query/builder-state.ts';
import { flattenDeparts } from '../../../src/web/components/data-grid/super-query/depart-options.ts';
import {
  SUPER_QUERY_RULES,
  validateForSearch,
  type SuperQueryField,
} from '../../../src/shared/super-query.ts';

const F: Record<string, SuperQueryField> = {
  username: { field: 'username', title: '用户账号', type: 'string' },
  sex: { field: 'sex', title: '性别', type: 'select', dictCode: 'sex' },
  birthday: { field: 'birthday', title: '生日', type: 'date' },
  createTime: { field: 'createTime', title: '创建时间', type: 'datetime' },
  age: { field: 'age', title: '年龄', type: 'int' },
  createBy: { field: 'createBy', title: '创建人', type: 'user' },
};

const run = (...actions: BuilderAction[]): BuilderState =>
  actions.reduce(builderReducer, initialBuilderState());

const decode = (params: string) => JSON.parse(decodeURIComponent(params)) as unknown;

describe('super query builder state', () => {
  it('starts with one empty condition, AND, which may not be searched (spec §5)', () => {
    const s = initialBuilderState();
    expect(s.matchType).toBe('and');
    expect(conditionsOf(s.rows)).toEqual([{ field: '', rule: 'eq', val: '' }]);
    expect(validateForSearch(conditionsOf(s.rows))).toBe('不能查询空条件');
  });

  it('adds rows at the end or after a given row, each with its own key', () => {
    const s = run({ type: 'add' }, { type: 'field', index: 1, field: F.username }, { type: 'add', after: 0 });
    expect(s.rows.map((r) => r.field)).toEqual(['', '', 'username']);
    expect(new Set(s.rows.map((r) => r.key)).size).toBe(3);
  });

  it('removes a row by index', () => {
    const s = run(
      { type: 'field', index: 0, field: F.username },
      { type: 'add' },
      { type: 'field', index: 1, field: F.sex },
      { type: 'remove', index: 0 },
    );
    expect(s.rows.map((r) => r.field)).toEqual(['sex']);
  });

  it('picking a field types the row for the server and clears its value', () => {
    const s = run(
      { type: 'field', index: 0, field: F.username },
      { type: 'value', index: 0, val: 'yu' },
      { type: 'field', index: 0, field: F.age },
    );
    expect(s.rows[0]).toMatchObject({ field: 'age', rule: 'eq', val: '', type: 'number', dbType: 'int' });
  });

  it('a like rule does not survive moving to a date field (dates are not text)', () => {
    const s = run(
      { type: 'field', index: 0, field: F.username },
      { type: 'rule', index: 0, rule: 'like' },
      { type: 'field', index: 0, field: F.birthday },
    );
    expect(s.rows[0]!.rule).toBe('eq');
    expect(rulesFor('date')).not.toContain('like');
    expect(rulesFor('datetime')).not.toContain('left_like');
    expect(rulesFor('string')).toEqual(Object.keys(SUPER_QUERY_RULES));
  });

  it('switching away from in keeps only the first value (spec §5), for lists and comma text', () => {
    const multi = run(
      { type: 'field', index: 0, field: F.sex },
      { type: 'rule', index: 0, rule: 'in', fieldType: 'select' },
      { type: 'value', index: 0, val: ['2', '1'] },
      { type: 'rule', index: 0, rule: 'eq', fieldType: 'select' },
    );
    expect(multi.rows[0]).toMatchObject({ rule: 'eq', val: '2' });
    const text = run(
      { type: 'field', index: 0, field: F.username },
      { type: 'rule', index: 0, rule: 'in', fieldType: 'string' },
      { type: 'value', index: 0, val: 'admin,caiwu' },
      { type: 'rule', index: 0, rule: 'ne', fieldType: 'string' },
    );
    expect(text.rows[0]).toMatchObject({ rule: 'ne', val: 'admin' });
  });

  it('switching a picker to in turns its single value into a one-item list', () => {
    const s = run(
      { type: 'field', index: 0, field: F.createBy },
      { type: 'value', index: 0, val: 'admin' },
      { type: 'rule', index: 0, rule: 'in', fieldType: 'user' },
    );
    expect(s.rows[0]).toMatchObject({ rule: 'in', val: ['admin'], type: 'sel_user' });
  });

  it('builds the list page search: only full conditions, encoded, with the match type', () => {
    const s = run(
      { type: 'field', index: 0, field: F.username },
      { type: 'rule', index: 0, rule: 'like' },
      { type: 'value', index: 0, val: 'yu' },
      { type: 'add' },
      { type: 'matchType', matchType: 'or' },
    );
    const q = toSearch(s);
    expect(q.matchType).toBe('or');
    expect(q.superQueryMatchType).toBe('or');
    expect(q.conditions).toEqual([
      { field: 'username', rule: 'like', val: 'yu', type: 'input', dbType: 'string' },
    ]);
    expect(decode(q.superQueryParams)).toEqual([
      { field: 'username', rule: 'like', val: 'yu', type: 'input', dbType: 'string' },
    ]);
  });

  it('loads a saved query (fresh keys) and resets to one empty AND row', () => {
    const before = initialBuilderState();
    const loaded = builderReducer(before, {
      type: 'load',
      query: { matchType: 'or', records: [{ field: 'sex', rule: 'in', val: ['1', '2'], type: 'select' }] },
    });
    expect(loaded.matchType).toBe('or');
    expect(loaded.rows[0]).toMatchObject({ field: 'sex', rule: 'in', val: ['1', '2'], type: 'select' });
    expect(loaded.rows[0]!.key).not.toBe(before.rows[0]!.key);
    const reset = builderReducer(loaded, { type: 'reset' });
    expect(reset.matchType).toBe('and');
    expect(conditionsOf(reset.rows)).toEqual([{ field: '', rule: 'eq', val: '' }]);
  });

  it('ignores updates of rows that do not exist', () => {
    const s = initialBuilderState();
    expect(builderReducer(s, { type: 'value', index: 5, val: 'x' })).toBe(s);
  });

  it('types each kind of field for the server', () => {
    expect(wireTypes('date')).toEqual({ type: 'date', dbType: 'string' });
    expect(wireTypes('datetime').type).toBe('datetime');
    expect(wireTypes('depart').type).toBe('sel_depart');
    expect(wireTypes('number')).toEqual({ type: 'number', dbType: 'number' });
  });

  it('converts datetime-local values to and from YYYY-MM-DD HH:mm:ss', () => {
    expect(fromDateTimeLocal('2024-05-06T07:08')).toBe('2024-05-06 07:08:00');
    expect(fromDateTimeLocal('2024-05-06T07:08:09')).toBe('2024-05-06 07:08:09');
    expect(fromDateTimeLocal('')).toBe('');
    expect(toDateTimeLocal('2024-05-06 07:08:09')).toBe('2024-05-06T07:08:09');
    expect(toDateTimeLocal('yesterday')).toBe('');
  });

  it('offers the department tree depth-first with depths, value = id', () => {
    const tree = [
      {
        key: 'a',
        value: 'a',
        title: '总部',
        children: [{ key: 'a1', value: 'a1', title: '运营部', children: [] }],
      },
      { key: 'b', value: 'b', title: '分店' },
    ];
    expect(flattenDeparts(tree)).toEqual([
      { id: 'a', title: '总部', depth: 0 },
      { id: 'a1', title: '运营部', depth: 1 },
      { id: 'b', title: '分店', depth: 0 },
    ]);
    expect(flattenDeparts(undefined)).toEqual([]);
  });
});
