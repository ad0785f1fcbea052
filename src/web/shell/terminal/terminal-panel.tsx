import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { TerminalView } from './terminal-view.tsx';

const HEIGHT_KEY = 'terminal.panel.height';
const MIN_HEIGHT = 160;
const DEFAULT_HEIGHT = 320;

const clampHeight = (h: number) =>
  Math.round(Math.max(MIN_HEIGHT, Math.min(h, Math.max(MIN_HEIGHT, window.innerHeight * 0.8))));

function storedHeight(): number {
  const value = Number(localStorage.getItem(HEIGHT_KEY));
  return Number.isFinite(value) && value > 0 ? clampHeight(value) : DEFAULT_HEIGHT;
}

/**
 * The bottom terminal panel (Ctrl+` toggles it through the registry). Its top edge drags (or, when
 * focused, ↑/↓) to resize; Esc belongs to the input line and does not close the panel.
 */
export default function TerminalPanel({ onClose }: { onClose(): void }) {
  const [height, setHeight] = useState(storedHeight);
  const drag = useRef<{ y: number; height: number } | null>(null);

  const resize = (h: number) => {
    const next = clampHeight(h);
    setHeight(next);
    localStorage.setItem(HEIGHT_KEY, String(next));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { y: e.clientY, height };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) resize(drag.current.height + drag.current.y - e.clientY);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    resize(height + (e.key === 'ArrowUp' ? 40 : -40));
  };

  return (
    <section
      aria-label="终端"
      className="flex shrink-0 flex-col bg-[#0f172a] shadow-inner"
      style={{ height }}
    >
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label="调整终端高度"
        aria-valuenow={height}
        tabIndex={0}
        className="h-1 shrink-0 cursor-row-resize bg-slate-700 hover:bg-[var(--primary,#1890ff)] focus:bg-[var(--primary,#1890ff)] focus:outline-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      />
      <div className="flex h-8 shrink-0 items-center justify-between bg-slate-800 px-3 text-xs text-slate-300">
        <span className="font-medium">终端</span>
        <button
          type="button"
          aria-label="关闭终端"
          title="关闭终端（Ctrl+`）"
          className="rounded px-1.5 text-base leading-none text-slate-400 hover:bg-slate-700 hover:text-slate-100"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div className="min-h-0 flex-1">
        <TerminalView autoFocus />
      </div>
    </section>
  );
}
