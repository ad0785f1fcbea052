import { Suspense, lazy } from 'react';
import type { GridApi } from 'ag-grid-community';
import { checkPopupConfig, mapPopupRows } from '../dialogs/popup-config.ts';
import type { EditableColumn, GridRow } from './types.ts';

const PopupReportModal = lazy(() => import('../dialogs/popup-report-modal.tsx'));

/** The popup cell being picked for: its row and column. */
export interface PopupTarget {
  rowId: string;
  key: string;
}

/**
 * Write the picked values into a row: destination fields that are columns go through AG Grid
 * (change events, validation, statistics), others are set on the row data.
 */
export function applyPopupValues(
  api: GridApi<GridRow>,
  rowId: string,
  values: Record<string, string>,
  isColumn: (key: string) => boolean,
): void {
  const node = api.getRowNode(rowId);
  if (!node?.data) return;
  for (const [field, value] of Object.entries(values)) {
    if (isColumn(field)) node.setDataValue(field, value);
    else node.data[field] = value;
  }
}

/** The popup report of a popup column (spec §3 popupCode, orgFields → destFields of the same row). */
export function GridPopup({
  target,
  column,
  onClose,
  onPick,
}: {
  target: PopupTarget | null;
  column: EditableColumn | undefined;
  onClose(): void;
  onPick(rowId: string, values: Record<string, string>): void;
}) {
  if (!target || !column) return null;
  const check = checkPopupConfig({
    code: column.popupCode,
    orgFields: column.orgFields,
    destFields: column.destFields,
  });
  if (!check.ok) return null;
  return (
    <Suspense fallback={null}>
      <PopupReportModal
        open
        code={check.code}
        multi={Boolean(column.multi)}
        onCancel={onClose}
        onConfirm={(pick) => {
          onClose();
          onPick(target.rowId, mapPopupRows(pick.rows, check.org, check.dest));
        }}
      />
    </Suspense>
  );
}
