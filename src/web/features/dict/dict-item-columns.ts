import { dictItemGridRules } from '../../../shared/dict-admin.ts';
import type { EditableColumn } from '../../components/data-grid/editable/types.ts';

/**
 * Columns of the 字典配置 item grid. Titles and cell rules come from `dictItemGridRules`, the
 * rules `POST /sys/dictItem/saveBatch` checks the saved rows with; drag sort writes `sortOrder`.
 */
export function dictItemColumns(numeric: boolean): EditableColumn[] {
  const rules = dictItemGridRules(numeric);
  const ruled = (key: keyof typeof rules) => ({
    key,
    title: rules[key].title,
    validateRules: [...rules[key].rules],
  });
  return [
    { key: 'drag', title: '排序', type: 'rowDragSort' },
    { ...ruled('itemText'), type: 'input', width: 160, placeholder: '请输入名称' },
    { ...ruled('itemValue'), type: 'input', width: 140, placeholder: '请输入数据值' },
    { ...ruled('description'), type: 'input', width: 200 },
    { ...ruled('itemColor'), type: 'input', width: 100, placeholder: '#1890FF' },
    { ...ruled('sortOrder'), type: 'inputNumber', width: 90 },
    { key: 'status', title: '启用', type: 'checkbox', width: 70, customValue: [1, 0], defaultChecked: true },
  ];
}
