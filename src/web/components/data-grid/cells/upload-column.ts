/**
 * Column-type mapping for upload, file and image columns: what the editable grid spreads into the
 * AG Grid column definition of such a column.
 */
import type { ColDef } from 'ag-grid-community';
import { UploadCellEditor, UploadCellRenderer, type UploadCellParams } from './upload-cell.tsx';
import { cellPaths, type UploadCellType } from './upload-state.ts';

/** Column types served by the upload cells. */
export const UPLOAD_COLUMN_TYPES: readonly UploadCellType[] = ['upload', 'file', 'image'];

/** Whether an editable-grid column type is an upload cell type. */
export const isUploadColumnType = (type: string): type is UploadCellType =>
  (UPLOAD_COLUMN_TYPES as readonly string[]).includes(type);

/**
 * Renderer, popup editor and their params for one upload/file/image column. Copy text is the
 * comma-joined stored paths, which `fromCellValue` reads back.
 */
export function uploadColumnDef(params: UploadCellParams): Partial<ColDef> {
  return {
    cellRenderer: UploadCellRenderer,
    cellRendererParams: params,
    cellEditor: UploadCellEditor,
    cellEditorParams: params,
    cellEditorPopup: true,
    cellEditorPopupPosition: 'under',
    valueFormatter: (p) => cellPaths(p.value),
    equals: (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null),
  };
}
