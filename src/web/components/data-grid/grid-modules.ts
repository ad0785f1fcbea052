/**
 * The AG Grid modules the console's grids use, registered instead of `AllCommunityModule` (issue
 * #15: the first grid page stays under its weight budget). A grid feature that needs a module not
 * listed here logs AG Grid's "error #200 … Missing module" in the console; add the module to the
 * list of the grid that uses it.
 */
import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  EventApiModule,
  HighlightChangesModule,
  LocaleModule,
  ModuleRegistry,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  RowDragModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TextEditorModule,
  TextFilterModule,
  type Module,
} from 'ag-grid-community';

/** Every grid: client-side rows, Chinese texts, the row/column/cell/scroll/event APIs, cell and row classes. */
const BASE: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  LocaleModule,
  RowApiModule,
  ColumnApiModule,
  CellApiModule,
  ScrollApiModule,
  RenderApiModule,
  EventApiModule,
  CellStyleModule,
  RowStyleModule,
];

/**
 * List pages (users, generated resources): header filters, row selection, the reload flash, and the
 * editing API the spreadsheet keys ask (`getEditingCells`; EditCore comes with the text editor, the
 * smallest module that brings it).
 */
export const LIST_GRID_MODULES: Module[] = [
  ...BASE,
  TextEditorModule,
  TextFilterModule,
  RowSelectionModule,
  HighlightChangesModule,
];

/** The editable grid: custom cell editors, selection, the 合计 rows, row dragging, the reload flash. */
export const EDITABLE_GRID_MODULES: Module[] = [
  ...BASE,
  CustomEditorModule,
  TextEditorModule,
  RowSelectionModule,
  PinnedRowModule,
  RowDragModule,
  HighlightChangesModule,
];

/**
 * Tree tables (departments, menus): rows expanded by the grid's own keys, and ticked where the page
 * has commands for the ticked rows (部门管理's 删除部门).
 */
export const TREE_GRID_MODULES: Module[] = [...BASE, RowSelectionModule];

/** Register a grid's modules (registration is global and idempotent). */
export function registerGridModules(modules: Module[]) {
  ModuleRegistry.registerModules(modules);
}
