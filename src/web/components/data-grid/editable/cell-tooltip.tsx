import { useLayoutEffect, useState, type RefObject } from 'react';

/** The failing cell whose message shows. */
export interface TipTarget {
  rowId: string;
  key: string;
  message: string;
}

/**
 * The validation tooltip (spec §5: the first failing message of a cell shows in a tooltip), drawn
 * above the failing cell inside the grid's wrapper. `tick` re-measures (scroll, resize, re-render).
 */
export function CellTooltip({
  wrapper,
  tip,
  tick,
}: {
  wrapper: RefObject<HTMLDivElement | null>;
  tip: TipTarget | null;
  tick: number;
}) {
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const root = wrapper.current;
    if (!tip || !root) return setPos(null);
    const cell = root.querySelector(
      `.ag-row[row-id="${CSS.escape(tip.rowId)}"] .ag-cell[col-id="${CSS.escape(tip.key)}"]`,
    );
    if (!cell) return setPos(null);
    const r = cell.getBoundingClientRect();
    const w = root.getBoundingClientRect();
    setPos({ top: r.top - w.top, left: r.left - w.left + 4 });
  }, [wrapper, tip, tick]);
  if (!tip || !pos) return null;
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-20 -translate-y-full whitespace-nowrap rounded bg-red-600 px-2 py-1 text-xs text-white shadow"
      style={{ top: pos.top, left: pos.left }}
    >
      {tip.message}
    </div>
  );
}
