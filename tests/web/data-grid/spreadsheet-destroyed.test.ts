import { describe, expect, it } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { SpreadsheetController } from '../../../src/web/components/data-grid/spreadsheet/spreadsheet-controller.ts';

/**
 * A destroyed AG Grid answers its API calls with undefined (and a warning). A layout event queued
 * before the grid was destroyed (字典配置 closed while its grid drew) still reaches the controller.
 */
const destroyedGrid = () => {
  let refreshed = 0;
  const api = {
    isDestroyed: () => true,
    getAllDisplayedColumns: () => undefined,
    getDisplayedRowCount: () => undefined,
    getFocusedCell: () => undefined,
    refreshCells: () => void refreshed++,
  } as unknown as GridApi;
  return { api, refreshed: () => refreshed };
};

describe('spreadsheet on a destroyed grid', () => {
  it('ignores a range change or a layout event after the grid is gone', () => {
    const grid = destroyedGrid();
    const sheet = new SpreadsheetController(grid.api, { editable: true });
    let told = 0;
    sheet.subscribe(() => void told++);
    expect(() => sheet.setRange(null)).not.toThrow();
    expect(() =>
      sheet.setRange({ anchor: { row: 0, colId: 'a' }, focus: { row: 1, colId: 'a' } }),
    ).not.toThrow();
    expect(grid.refreshed()).toBe(0);
    expect(told).toBe(0);
  });
});
