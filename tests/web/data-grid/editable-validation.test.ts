import { describe, expect, it } from 'vitest';
import {
  validateFormAndTables,
  validateGridCell,
  validateTable,
} from '../../../src/web/components/data-grid/editable/table-validation.ts';
import {
  GridErrors,
  GridValidationError,
} from '../../../src/web/components/data-grid/editable/grid-errors.ts';
import type { EditableColumn } from '../../../src/web/components/data-grid/editable/types.ts';

const columns: EditableColumn[] = [
  { key: 'name', title: '技师', type: 'input', validateRules: [{ required: true }, { unique: true }] },
  { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] },
  {
    key: 'price',
    title: '价格',
    type: 'inputNumber',
    validateRules: [
      { pattern: 'money' },
      { handler: async ({ value }) => (Number(value) > 999 ? '${title}过高' : true) },
    ],
  },
  {
    key: 'tags',
    title: '标签',
    type: 'selectMultiple',
    validateRules: [{ required: true, message: '请选择${title}' }],
  },
  { key: 'free', title: '备注', type: 'input' },
];

describe('validation of a whole table', () => {
  it('reports the first failing message per cell, in order, skipping patterns on empty values', async () => {
    const rows = [
      { id: 'r1', name: '', phone: '', price: null, tags: ['a'] },
      { id: 'r2', name: '王', phone: '123', price: 1200, tags: [] },
    ];
    expect(await validateTable(rows, columns)).toEqual([
      { rowId: 'r1', key: 'name', message: '技师不能为空' },
      { rowId: 'r2', key: 'phone', message: '请输入正确的手机号码' },
      { rowId: 'r2', key: 'price', message: '价格过高' },
      { rowId: 'r2', key: 'tags', message: '请选择标签' },
    ]);
  });

  it('fails unique on every row sharing a value', async () => {
    const rows = [
      { id: 'a', name: '张三', tags: ['x'] },
      { id: 'b', name: '李四', tags: ['x'] },
      { id: 'c', name: '张三', tags: ['x'] },
    ];
    const errors = await validateTable(rows, columns);
    expect(errors).toEqual([
      { rowId: 'a', key: 'name', message: '技师不能重复' },
      { rowId: 'c', key: 'name', message: '技师不能重复' },
    ]);
  });

  it('passes a clean table', async () => {
    expect(
      await validateTable(
        [{ id: 'a', name: '张三', phone: '13912345678', price: 9.5, tags: ['x'] }],
        columns,
      ),
    ).toEqual([]);
  });

  it('checks a draft value of one cell against the other rows', async () => {
    const rows = [
      { id: 'a', name: '张三' },
      { id: 'b', name: '李四' },
    ];
    expect(await validateGridCell(rows, rows[1]!, columns[0]!, '张三')).toBe('技师不能重复');
    expect(await validateGridCell(rows, rows[1]!, columns[0]!, '王五')).toBeNull();
    expect(await validateGridCell(rows, rows[1]!, columns[4]!, '')).toBeNull();
  });
});

describe('form + sub-table validation', () => {
  const ok = async () => [];
  const bad = async () => [{ rowId: 'r', key: 'k', message: 'm' }];

  it('checks the form first and stops there', async () => {
    let tableRan = false;
    const out = await validateFormAndTables(
      async () => false,
      [{ key: 't1', validate: async () => ((tableRan = true), []) }],
    );
    expect(out).toMatchObject({ ok: false, formOk: false });
    expect(tableRan).toBe(false);
  });

  it('names the first failing sub-table (the tab to activate)', async () => {
    const out = await validateFormAndTables(
      async () => true,
      [
        { key: 't1', validate: ok },
        { key: 't2', validate: bad },
        { key: 't3', validate: bad },
      ],
    );
    expect(out).toMatchObject({ ok: false, formOk: true, failedTable: 't2' });
    expect(await validateFormAndTables(async () => true, [{ key: 't1', validate: ok }])).toMatchObject({
      ok: true,
    });
  });
});

describe('grid error bookkeeping', () => {
  it('keeps the newest check of a cell and drops removed rows', () => {
    const errors = new GridErrors();
    const slow = errors.begin('r1', 'name');
    const fast = errors.begin('r1', 'name');
    expect(errors.settle('r1', 'name', fast, null)).toBe(true);
    expect(errors.settle('r1', 'name', slow, '技师不能为空')).toBe(false);
    expect(errors.has('r1', 'name')).toBe(false);
    errors.replace([
      { rowId: 'r1', key: 'name', message: 'a' },
      { rowId: 'r2', key: 'name', message: 'b' },
    ]);
    expect(errors.rowsFailing('name')).toEqual(['r1', 'r2']);
    errors.dropRows(['r1']);
    expect(errors.list()).toEqual([{ rowId: 'r2', key: 'name', message: 'b' }]);
  });

  it('rejects getValues with every failing cell and the first message', () => {
    const e = new GridValidationError([{ rowId: 'r', key: 'k', message: '技师不能为空' }]);
    expect(e.message).toBe('技师不能为空');
    expect(e.errors).toHaveLength(1);
  });
});
