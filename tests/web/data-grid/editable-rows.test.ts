import { describe, expect, it } from 'vitest';
import {
  TEMP_ID_SUFFIX,
  defaultCell,
  isTempId,
  loadRow,
  newRow,
  readCell,
  readId,
  readRow,
  toGridId,
} from '../../../src/web/components/data-grid/editable/row-values.ts';
import {
  addIndexOf,
  addRowsAt,
  insertBelow,
  isRowDisabled,
  moveRow,
  moveRows,
  removeRows,
  reorder,
  writeOrder,
} from '../../../src/web/components/data-grid/editable/row-ops.ts';
import {
  loadAddRowSettings,
  saveAddRowSettings,
} from '../../../src/web/components/data-grid/editable/add-row-settings.ts';
import type { EditableColumn } from '../../../src/web/components/data-grid/editable/types.ts';

const c = (
  key: string,
  type: EditableColumn['type'],
  extra: Partial<EditableColumn> = {},
): EditableColumn => ({
  key,
  title: key,
  type,
  ...extra,
});

describe('row ids', () => {
  it('carry the grid prefix, and new rows a temporary suffix, both stripped on read', () => {
    const row = newRow([c('name', 'input')]);
    const id = String(row.id);
    expect(id.startsWith('row_')).toBe(true);
    expect(id.endsWith(TEMP_ID_SUFFIX)).toBe(true);
    expect(isTempId(id)).toBe(true);
    const read = readId(id);
    expect(read).not.toContain('row_');
    expect(read).not.toContain(TEMP_ID_SUFFIX);
    expect(readId(toGridId('42'))).toBe('42');
    expect(isTempId(toGridId('42'))).toBe(false);
  });

  it('are unique for rows added together', () => {
    const ids = new Set(Array.from({ length: 50 }, () => String(newRow([]).id)));
    expect(ids.size).toBe(50);
  });

  it('use rowKey and a custom prefix', () => {
    const row = loadRow([], { code: 'A1' }, { rowKey: 'code', prefix: 'g1-' });
    expect(row.code).toBe('g1-A1');
    expect(readRow([], row, { rowKey: 'code', prefix: 'g1-' }).code).toBe('A1');
  });
});

describe('new-row defaults per type', () => {
  it('follow the column type unless a default value is given', () => {
    expect(defaultCell(c('a', 'input'))).toBe('');
    expect(defaultCell(c('a', 'inputNumber'))).toBeNull();
    expect(defaultCell(c('a', 'checkbox'))).toBe(false);
    expect(defaultCell(c('a', 'checkbox', { defaultChecked: true }))).toBe(true);
    expect(defaultCell(c('a', 'selectMultiple'))).toEqual([]);
    expect(defaultCell(c('a', 'progress'))).toBe(0);
    expect(defaultCell(c('a', 'image'))).toBeNull();
    expect(defaultCell(c('a', 'select', { defaultValue: '2' }))).toBe('2');
    expect(defaultCell(c('a', 'list_multi', { defaultValue: 'x,y' }))).toEqual(['x', 'y']);
    expect(defaultCell(c('a', 'checkbox', { customValue: ['Y', 'N'], defaultValue: 'Y' }))).toBe(true);
  });

  it('leave the drag handle out of the row', () => {
    expect(Object.keys(newRow([c('sort', 'rowDragSort'), c('n', 'input')]))).toEqual(['n', 'id']);
  });
});

describe('value read-out (spec §3)', () => {
  it('checkbox: the custom pair, else a boolean', () => {
    const pair = c('on', 'checkbox', { customValue: ['Y', 'N'] });
    expect(readCell(pair, true)).toBe('Y');
    expect(readCell(pair, false)).toBe('N');
    expect(readCell(c('on', 'checkbox'), true)).toBe(true);
    expect(readCell(c('on', 'checkbox'), undefined)).toBe(false);
  });

  it('multi-select comma-joined', () => {
    expect(readCell(c('m', 'selectMultiple'), ['a', 'b'])).toBe('a,b');
    expect(readCell(c('u', 'sel_user', { multi: true }), ['admin'])).toBe('admin');
  });

  it('file / image: the stored path; upload: the file object', () => {
    const file = { name: 'a.png', path: 'temp/a_1.png', status: 'done' as const };
    expect(readCell(c('f', 'file'), file)).toBe('temp/a_1.png');
    expect(readCell(c('f', 'image'), [file, { ...file, path: 'temp/b.png' }])).toBe(
      'temp/a_1.png,temp/b.png',
    );
    expect(readCell(c('f', 'image'), null)).toBeNull();
    expect(readCell(c('u', 'upload'), file)).toBe(file);
  });

  it('round-trips a saved row through load and read', () => {
    const cols = [
      c('on', 'checkbox', { customValue: ['1', '0'] }),
      c('m', 'list_multi'),
      c('img', 'image'),
      c('n', 'inputNumber'),
    ];
    const saved = { id: '7', on: '1', m: 'a,b', img: 'x/y.png', n: 3, extra: 'kept' };
    const loaded = loadRow(cols, saved);
    expect(loaded).toMatchObject({
      id: 'row_7',
      on: true,
      m: ['a', 'b'],
      img: { name: 'y.png', path: 'x/y.png' },
    });
    expect(readRow(cols, loaded)).toEqual(saved);
  });
});

describe('row operations', () => {
  const rows = ['a', 'b', 'c'];

  it('add at the bottom or at an index', () => {
    expect(addRowsAt(rows, ['x'])).toEqual(['a', 'b', 'c', 'x']);
    expect(addRowsAt(rows, ['x', 'y'], 0)).toEqual(['x', 'y', 'a', 'b', 'c']);
    expect(addRowsAt(rows, ['x'], 1)).toEqual(['a', 'x', 'b', 'c']);
    expect(addRowsAt(rows, ['x'], 9)).toEqual(['a', 'b', 'c', 'x']);
  });

  it('turn add-row settings into a count and an index (0 = bottom)', () => {
    expect(addIndexOf({ count: 2, position: 0 })).toEqual({ count: 2, index: undefined });
    expect(addIndexOf({ count: 2, position: 1 })).toEqual({ count: 2, index: 0 });
    expect(addIndexOf({ count: 0, position: 5 })).toEqual({ count: 1, index: 0 });
  });

  it('insert below a row', () => {
    expect(insertBelow(rows, 0, ['x'])).toEqual(['a', 'x', 'b', 'c']);
    expect(insertBelow(rows, 2, ['x'])).toEqual(['a', 'b', 'c', 'x']);
  });

  it('move up and down within bounds', () => {
    expect(moveRow(rows, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(rows, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
    expect(moveRow(rows, 2, 1)).toEqual(rows);
  });

  it('move several selected rows together', () => {
    const r = ['1', '2', '3', '4'].map((id) => ({ id }));
    expect(moveRows(r, ['2', '3'], -1).map((x) => x.id)).toEqual(['2', '3', '1', '4']);
    expect(moveRows(r, ['1', '2'], -1).map((x) => x.id)).toEqual(['1', '2', '3', '4']);
    expect(moveRows(r, ['1', '3'], 1).map((x) => x.id)).toEqual(['2', '1', '4', '3']);
  });

  it('drag sort writes a 1-based order into the sort key', () => {
    const r = reorder([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a', 'b']);
    expect(writeOrder(r)).toEqual([
      { id: 'c', orderNum: 1 },
      { id: 'a', orderNum: 2 },
      { id: 'b', orderNum: 3 },
    ]);
    expect(writeOrder([{ id: 'a' }], 'sort')).toEqual([{ id: 'a', sort: 1 }]);
  });

  it('delete reports only saved rows for deleteIds', () => {
    const fresh = newRow([]);
    const saved = loadRow([], { id: '5' });
    const out = removeRows([saved, fresh, loadRow([], { id: '6' })], [String(saved.id), String(fresh.id)]);
    expect(out.rows.map((r) => r.id)).toEqual(['row_6']);
    expect(out.removed).toHaveLength(2);
    expect(out.removedSaved.map((r) => r.id)).toEqual(['row_5']);
  });
});

describe('disabledRows', () => {
  it('match a value or one of a list, on any key', () => {
    const rules = { status: ['2', '3'], name: '管理员' };
    expect(isRowDisabled({ status: '2' }, rules)).toBe(true);
    expect(isRowDisabled({ status: 3 }, rules)).toBe(true);
    expect(isRowDisabled({ status: '1', name: '管理员' }, rules)).toBe(true);
    expect(isRowDisabled({ status: '1', name: '技师' }, rules)).toBe(false);
    expect(isRowDisabled({ status: '2' }, undefined)).toBe(false);
    expect(isRowDisabled({}, { status: null })).toBe(false);
  });
});

describe('add-row settings storage', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };

  it('default to 1 row at the bottom without scroll', () => {
    expect(loadAddRowSettings(memory())).toEqual({ count: 1, position: 0, scroll: false });
  });

  it('store normalised settings and read them back', () => {
    const s = memory();
    expect(saveAddRowSettings(s, { count: '3', position: 9 })).toEqual({
      count: 3,
      position: 3,
      scroll: false,
    });
    expect(loadAddRowSettings(s)).toEqual({ count: 3, position: 3, scroll: false });
    s.setItem('JVXE_ADD_ROW_SETTINGS', '{broken');
    expect(loadAddRowSettings(s)).toEqual({ count: 1, position: 0, scroll: false });
  });
});
