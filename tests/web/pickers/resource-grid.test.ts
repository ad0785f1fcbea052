import { describe, expect, it } from 'vitest';
import { gridColumn, gridColumns } from '../../../src/web/resources/resource-grid.ts';
import { CATEGORY } from '../../../src/shared/resources/category.ts';
import { ANNOUNCEMENT } from '../../../src/shared/resources/announcement.ts';
import type { ResourceField } from '../../../src/shared/resources/define.ts';

/** A resource's picker fields are the grid cells' pickers too (ids stored, as the form stores them). */
describe('resource grid columns', () => {
  it('a category field is a sel_category cell, a user field a sel_user cell storing ids', () => {
    const pid = gridColumns(CATEGORY).find((c) => c.key === 'pid');
    expect(pid).toMatchObject({ type: 'sel_category', title: '上级分类' });
    const users = gridColumns(ANNOUNCEMENT).find((c) => c.key === 'userIds');
    expect(users).toMatchObject({ type: 'sel_user', store: 'id', text: 'realname', multi: true });
  });

  it('departments, a category branch, dictionaries and required fields', () => {
    const f = (x: Partial<ResourceField>): ResourceField => ({
      key: 'k',
      title: '字段',
      type: 'string',
      ...x,
    });
    expect(gridColumn(f({ type: 'depart', multiple: true }))).toMatchObject({
      type: 'sel_depart',
      multi: true,
    });
    expect(gridColumn(f({ type: 'depart' })).multi).toBeUndefined();
    expect(gridColumn(f({ type: 'category', pcode: 'A01' }))).toMatchObject({ props: { pcode: 'A01' } });
    expect(gridColumn(f({ type: 'dict', dict: 'sex' }))).toMatchObject({ type: 'select', dictCode: 'sex' });
    expect(gridColumn(f({ required: true })).validateRules).toEqual([
      { required: true, message: '请输入字段' },
    ]);
    expect(gridColumn(f({ type: 'money' })).type).toBe('inputNumber');
  });
});
