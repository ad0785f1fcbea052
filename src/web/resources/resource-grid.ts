/**
 * The editable-grid columns of a resource's form fields (a resource edited as rows: sub tables,
 * batch entry): each field's type chooses the cell's editor, so the pickers a form shows are the
 * cells' pickers too (a user by id, a department, a 分类字典 node).
 */
import type { Resource, ResourceField } from '../../shared/resources/define.ts';
import type { ColumnType, EditableColumn } from '../components/data-grid/editable/types.ts';

const COLUMN_TYPE: Partial<Record<ResourceField['type'], ColumnType>> = {
  int: 'inputNumber',
  number: 'inputNumber',
  money: 'inputNumber',
  percent: 'inputNumber',
  date: 'date',
  datetime: 'datetime',
  text: 'textarea',
  image: 'image',
  images: 'image',
  user: 'sel_user',
  depart: 'sel_depart',
  category: 'sel_category',
};

/** The grid column of one field. */
export function gridColumn(f: ResourceField): EditableColumn {
  const type: ColumnType = f.dict || f.options ? 'select' : (COLUMN_TYPE[f.type] ?? 'input');
  return {
    key: f.key,
    title: f.title,
    type,
    ...(f.dict ? { dictCode: f.dict } : {}),
    ...(f.options ? { options: f.options.map((o) => ({ value: o.value, text: o.text })) } : {}),
    // pickers store ids (a user's id, not the username JeecgBoot's cell stores by default)
    ...(f.type === 'user' ? { store: 'id', text: 'realname' } : {}),
    ...((f.type === 'user' || f.type === 'depart') && f.multiple ? { multi: true } : {}),
    ...(f.type === 'category' && f.pcode ? { props: { pcode: f.pcode } } : {}),
    ...(f.required
      ? {
          validateRules: [
            { required: true, message: typeof f.required === 'string' ? f.required : `请输入${f.title}` },
          ],
        }
      : {}),
  };
}

/** The grid columns of a resource's form fields, in the form's order. */
export const gridColumns = (r: Resource): EditableColumn[] => r.surfaces.form.map(gridColumn);
