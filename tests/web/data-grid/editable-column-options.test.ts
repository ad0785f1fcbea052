import { describe, expect, it } from 'vitest';
import {
  fieldExtendOf,
  withFieldExtend,
} from '../../../src/web/components/data-grid/editable/column-defaults.ts';
import { REMOVE_ROWS_ARG, rowIdList } from '../../../src/web/components/data-grid/editable/row-ops.ts';
import type { EditableColumn } from '../../../src/web/components/data-grid/editable/types.ts';

const user: EditableColumn = { key: 'manager', title: '督导', type: 'sel_user' };

describe('fieldExtendJson', () => {
  it('folds multiSelect, store and text into the picker options; the column’s own win', () => {
    const extended = withFieldExtend({
      ...user,
      fieldExtendJson: '{"multiSelect":true,"store":"id","text":"realname"}',
    });
    expect(extended).toMatchObject({ multi: true, store: 'id', text: 'realname' });
    const own = withFieldExtend({ ...user, multi: false, fieldExtendJson: '{"multiSelect":true}' });
    expect(own.multi).toBe(false);
  });

  it('leaves a column without it (or with broken JSON) as it is', () => {
    expect(withFieldExtend(user)).toBe(user);
    const broken = { ...user, fieldExtendJson: '{multiSelect:' };
    expect(withFieldExtend(broken)).toBe(broken);
    expect(fieldExtendOf(broken)).toEqual({});
    expect(fieldExtendOf({ ...user, fieldExtendJson: '{"uploadnum":3}' }).uploadnum).toBe(3);
  });
});

describe('removeRows argument (spec §8)', () => {
  it('takes one row id or a list of row ids', () => {
    expect(rowIdList('row_1')).toEqual(['row_1']);
    expect(rowIdList(['row_1', 'row_2'])).toEqual(['row_1', 'row_2']);
    expect(rowIdList([])).toEqual([]);
  });

  it.each([[1], [null], [undefined], [{ id: 'row_1' }], [['row_1', 2]], ['']])(
    'throws a TypeError for %j',
    (arg) => {
      expect(() => rowIdList(arg)).toThrow(TypeError);
      expect(() => rowIdList(arg)).toThrow(REMOVE_ROWS_ARG);
    },
  );
});
