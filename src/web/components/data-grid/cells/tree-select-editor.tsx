/**
 * sel_category: a 分类字典 node picked in a cell with the category tree-select (lazy children,
 * search, keyboard, path text); the column's `props.pcode` narrows it to one branch. Stores the id;
 * the cell shows the picked path.
 */
import { useMemo, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import type { GridRow } from '../editable/types.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';
import { TreeSelect } from '../../pickers/tree-select.tsx';
import { categorySource } from '../../pickers/sources.ts';

type Props = CustomCellEditorProps<GridRow, unknown, EditableCellContext>;

export function CategorySelectEditor(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  const pcode = typeof column?.props?.pcode === 'string' ? column.props.pcode : undefined;
  const source = useMemo(() => categorySource(pcode), [pcode]);
  const [value, setValue] = useState(p.value == null ? '' : String(p.value));
  return (
    <div className="w-72 bg-white p-1">
      <TreeSelect
        label={column?.title ?? '分类'}
        value={value}
        source={source}
        autoOpen
        onChange={(v) => {
          setValue(v);
          p.onValueChange(v);
          p.context.validateDraft(p.node, key, v);
          void source.texts([v]).then((m) => {
            const labels = p.context.labels.get(key) ?? new Map<string, string>();
            for (const [id, text] of m) labels.set(id, text);
            p.context.labels.set(key, labels);
            p.api.refreshCells({ rowNodes: [p.node], columns: [key], force: true });
          });
        }}
        onClose={() => p.stopEditing()}
      />
    </div>
  );
}
