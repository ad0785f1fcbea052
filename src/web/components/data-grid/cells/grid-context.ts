import type { IRowNode } from 'ag-grid-community';
import type { ColumnOption, EditableColumn, GridRow } from '../editable/types.ts';

/**
 * What the editable grid hands its cells through AG Grid's `context`: the column declarations,
 * resolved options, draft validation (validation on input) and the disabled-row check.
 */
export interface EditableCellContext {
  column(key: string): EditableColumn | undefined;
  options(key: string): ColumnOption[];
  /** validate a value being typed, before it is committed */
  validateDraft(node: IRowNode<GridRow>, key: string, value: unknown): void;
  /** commit a value from a renderer (checkbox, radio) */
  setValue(node: IRowNode<GridRow>, key: string, value: unknown): void;
  isDisabled(node: IRowNode<GridRow>, key: string): boolean;
  /** display texts remembered from pickers (user / department), keyed by column then value */
  labels: Map<string, Map<string, string>>;
  alwaysEdit: boolean;
  /** open the popup report of a popup column for a row */
  openPopup(node: IRowNode<GridRow>, key: string): void;
}

/** The key of the column a cell belongs to. */
export const colKeyOf = (p: { colDef?: { field?: string } | null; column?: { getColId(): string } | null }) =>
  p.colDef?.field ?? p.column?.getColId() ?? '';
