import type { MutableRefObject } from 'react';
import { useVxeSocket } from '../realtime/use-vxe-socket.ts';
import { toGridId } from './row-values.ts';
import type { EditableGridHandle } from './use-grid-ops.ts';
import type { GridRow } from './types.ts';

/**
 * Realtime editable grid (JVxeTable's socket): a row saved elsewhere under `socketKey` replaces
 * the row of the same id this grid shows, with the reload effect. Rows it does not show, and
 * id-only notices (rows too large to broadcast), are left alone: this grid does not list them.
 */
export function useGridSocket(
  socketKey: string | undefined,
  handle: EditableGridHandle,
  rowsRef: MutableRefObject<GridRow[]>,
  rowKey: string,
  prefix: string | undefined,
): void {
  useVxeSocket(socketKey, (row) => {
    if (Object.keys(row).length < 2) return;
    const gridId = toGridId(row[rowKey], prefix);
    if (rowsRef.current.some((r) => r[rowKey] === gridId)) handle.setRow(row);
  });
}
