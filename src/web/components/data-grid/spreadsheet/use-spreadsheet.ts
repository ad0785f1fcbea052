/**
 * `useSpreadsheet(api, options)`: spreadsheet keyboard, range selection, TSV clipboard and undo/redo
 * for any AG Grid instance. Usage:
 *
 * ```tsx
 * const [api, setApi] = useState<GridApi | null>(null);
 * const sheet = useSpreadsheet(api, { editable: false });
 * <AgGridReact {...sheet.gridProps} onGridReady={(e) => setApi(e.api)} … />
 * // a grid with its own defaultColDef merges instead:
 * //   defaultColDef={{ ...mine, cellClassRules: { ...mine.cellClassRules, ...sheet.cellClassRules } }}
 * // a column with its own cellClassRules spreads sheet.cellClassRules into them too.
 * ```
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CellClassRules, ColDef, GridApi } from 'ag-grid-community';
import { RANGE_CLASS, SpreadsheetController, type SpreadsheetOptions } from './spreadsheet-controller.ts';
import type { CellChange } from './history.ts';
import type { CellRange } from './range.ts';
import './spreadsheet.css';

/** What the hook gives the grid and its toolbar. */
export interface Spreadsheet {
  /** props to spread into `<AgGridReact>` (only `defaultColDef.cellClassRules`) */
  gridProps: { defaultColDef: ColDef };
  /** the range highlight rules, for grids that merge them into their own column definitions */
  cellClassRules: CellClassRules;
  /** the current range (read live; selecting does not re-render the host) */
  readonly range: CellRange | null;
  canUndo: boolean;
  canRedo: boolean;
  undo(): CellChange[];
  redo(): CellChange[];
  /** the TSV of the range, or null */
  copy(): string | null;
  /** paste TSV at the range (as the paste event does) */
  paste(text: string): CellChange[];
}

const noop = () => () => undefined;

/** Attach spreadsheet behaviour to the grid behind `api` (null until the grid is ready). */
export function useSpreadsheet(api: GridApi | null, options: SpreadsheetOptions): Spreadsheet {
  const [controller, setController] = useState<SpreadsheetController | null>(null);
  useEffect(() => {
    if (!api) return;
    const c = new SpreadsheetController(api, options);
    setController(c);
    const detach = c.attach();
    return () => {
      detach();
      setController(null);
    };
    // options are read through the controller on every use (updated below), not re-attached
  }, [api]);
  if (controller) controller.options = options;
  const subscribe = useCallback(
    (fn: () => void) => (controller ? controller.subscribe(fn) : noop()),
    [controller],
  );
  // only the history flags re-render the host: selecting cells must not re-render the page
  const version = useSyncExternalStore(subscribe, () =>
    controller ? `${controller.canUndo}${controller.canRedo}` : '',
  );

  const ref = useRef<SpreadsheetController | null>(null);
  ref.current = controller;
  // stable across renders so that spreading them never re-creates the grid's columns
  const rules = useMemo<CellClassRules>(
    // pinned rows (statistics) keep their own row indexes and are never part of a range
    () => ({
      [RANGE_CLASS]: (p) =>
        !p.node.rowPinned && (ref.current?.inRange(p.rowIndex, p.column.getColId()) ?? false),
    }),
    [],
  );
  const gridProps = useMemo(() => ({ defaultColDef: { cellClassRules: rules } }), [rules]);
  return useMemo(
    () => ({
      gridProps,
      cellClassRules: rules,
      get range() {
        return ref.current?.range ?? null;
      },
      canUndo: controller?.canUndo ?? false,
      canRedo: controller?.canRedo ?? false,
      undo: () => controller?.undo() ?? [],
      redo: () => controller?.redo() ?? [],
      copy: () => controller?.copy() ?? null,
      paste: (text: string) => controller?.paste(text) ?? [],
    }),
    // version changes whenever the history flags do
    [controller, rules, gridProps, version],
  );
}
