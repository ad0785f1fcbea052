import { describe, expect, it } from 'vitest';
import {
  GRID,
  canonicalType,
  columnWidth,
  isMultiType,
  selectionColumnWidth,
} from '../../../src/web/components/data-grid/editable/column-defaults.ts';
import {
  ellipsis,
  multiTags,
  optionsOf,
  popupConfigError,
  textOf,
} from '../../../src/web/components/data-grid/cells/cell-options.ts';
import { flattenDepartTree } from '../../../src/web/components/data-grid/cells/picker-items.ts';
import type { EditableColumn } from '../../../src/web/components/data-grid/editable/types.ts';

const col = (type: EditableColumn['type'], extra: Partial<EditableColumn> = {}): EditableColumn => ({
  key: 'k',
  title: 'K',
  type,
  ...extra,
});

describe('editable grid column widths (spec §9)', () => {
  it('share 92% among the visible columns by default, or 120px with none', () => {
    expect(columnWidth(col('input'), 4)).toEqual({ percent: 23 });
    expect(columnWidth(col('input'), 0)).toEqual({ width: 120 });
  });

  it('give dates a 135px minimum and datetimes 200px (min 190)', () => {
    expect(columnWidth(col('date'), 2)).toEqual({ percent: 46, minWidth: 135 });
    expect(columnWidth(col('datetime'), 2)).toEqual({ width: 200, minWidth: 190 });
  });

  it('give user selects 220px and department selects 160px, aliases included', () => {
    expect(columnWidth(col('sel_user'), 3).width).toBe(220);
    expect(columnWidth(col('userSelect'), 3).width).toBe(220);
    expect(columnWidth(col('departSelect'), 3).width).toBe(160);
  });

  it('keep a column’s own width in px or %', () => {
    expect(columnWidth(col('input', { width: 88 }), 3)).toEqual({ width: 88 });
    expect(columnWidth(col('input', { width: '150px' }), 3)).toEqual({ width: 150 });
    expect(columnWidth(col('input', { width: '30%' }), 3)).toEqual({ percent: 30 });
  });

  it('make the selection column 60 wide with statistics, else 40', () => {
    expect(selectionColumnWidth([col('input')])).toBe(40);
    expect(selectionColumnWidth([col('inputNumber', { statistics: ['sum'] })])).toBe(60);
  });

  it('hold the grid constants', () => {
    expect(GRID).toMatchObject({ rowHeight: 61, maxHeight: 400, reloadEffectMs: 1400, popupWidth: 300 });
  });

  it('resolve aliases and multi types', () => {
    expect(canonicalType('checkbox_meta')).toBe('checkbox');
    expect(isMultiType(col('list_multi'))).toBe(true);
    expect(isMultiType(col('sel_user'))).toBe(false);
    expect(isMultiType(col('sel_user', { multi: true }))).toBe(true);
  });
});

describe('cell options', () => {
  it('come from the column, else from the dictionary', () => {
    expect(optionsOf({ options: [{ value: 'a', text: 'A' }], dictCode: 'sex' }, {})).toEqual([
      { value: 'a', text: 'A' },
    ]);
    expect(optionsOf({ dictCode: 'sex' }, { sex: [{ value: '1', text: '男' }] })).toEqual([
      { value: '1', text: '男' },
    ]);
    expect(optionsOf({ dictCode: 'none' }, {})).toEqual([]);
  });

  it('show one tag then +N for multi values', () => {
    const opts = [
      { value: 'a', text: '甲' },
      { value: 'b', text: '乙' },
    ];
    expect(multiTags(opts, ['a', 'b', 'c'])).toEqual({ tags: ['甲'], more: 2 });
    expect(textOf(opts, 'z')).toBe('z');
  });

  it('shorten file names to 5 characters', () => {
    expect(ellipsis('技师照片正面.png')).toBe('技师照片正…');
    expect(ellipsis('a.png')).toBe('a.png');
  });

  it('refuse a popup without code or with unequal field lists', () => {
    expect(popupConfigError({ popupCode: 'r', orgFields: 'a' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ popupCode: 'r', orgFields: 'a,b', destFields: 'x' })).toBe(
      'popup参数未正确配置,原始值和目标值数量不一致!',
    );
    expect(popupConfigError({ popupCode: 'r', orgFields: 'a,b', destFields: 'x,y' })).toBeNull();
  });
});

describe('department picker items', () => {
  const tree = [
    {
      key: 'a',
      value: 'a',
      title: '总公司',
      children: [{ key: 'b', value: 'b', title: '运营部', children: [] }],
    },
  ];

  it('flatten the tree in display order with depths', () => {
    expect(flattenDepartTree(tree)).toEqual([
      { value: 'a', text: '总公司', depth: 0 },
      { value: 'b', text: '运营部', depth: 1 },
    ]);
  });

  it('keep only matching nodes for a keyword', () => {
    expect(flattenDepartTree(tree, '运营')).toEqual([{ value: 'b', text: '运营部', depth: 0 }]);
  });
});
