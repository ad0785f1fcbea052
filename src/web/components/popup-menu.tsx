import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface PopupMenuItem {
  id: string;
  label: string;
  /** shown at the right, e.g. a shortcut */
  hint?: string;
  danger?: boolean;
  /** shown but not chosen (a permission the user lacks: spec §6) */
  disabled?: boolean;
  /** tooltip */
  title?: string;
}

/**
 * A menu (WAI-ARIA menu pattern) opened from a trigger or at a point: the first item takes focus,
 * ↑/↓/Home/End move, Enter/Space choose, Escape, Tab and a click outside close it, and focus goes
 * back to what had it before. Portaled to <body> and kept inside the viewport, so no bar clips it.
 */
export function PopupMenu({
  label,
  items,
  at,
  onChoose,
  onClose,
  autoFocus = true,
  onHover,
}: {
  label: string;
  items: PopupMenuItem[];
  /** viewport point of the menu's top-left (right-aligned when `alignRight`) */
  at: { x: number; y: number; alignRight?: boolean };
  onChoose(id: string): void;
  onClose(): void;
  /** focus the first item on open (a menu opened by hover leaves focus where it is) */
  autoFocus?: boolean;
  /** the pointer entering (true) or leaving (false) the menu, for hover menus */
  onHover?(inside: boolean): void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const returnTo = useRef<HTMLElement | null>(document.activeElement as HTMLElement | null);
  const [pos, setPos] = useState({ left: at.x, top: at.y });
  const close = (refocus = true) => {
    onClose();
    if (refocus) returnTo.current?.focus?.();
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const left = at.alignRight ? at.x - width : at.x;
    setPos({
      left: Math.max(4, Math.min(left, window.innerWidth - width - 4)),
      top: Math.max(4, Math.min(at.y, window.innerHeight - height - 4)),
    });
    if (autoFocus) el.querySelector<HTMLElement>('[role=menuitem]')?.focus();
  }, [at.x, at.y, at.alignRight, autoFocus]);

  useEffect(() => {
    const outside = (e: MouseEvent) => {
      const t = e.target as Node;
      // the trigger's own click toggles the menu
      if (ref.current && !ref.current.contains(t) && !returnTo.current?.contains(t)) close(false);
    };
    document.addEventListener('mousedown', outside, true);
    return () => document.removeEventListener('mousedown', outside, true);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const i = all.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => all[(n + all.length) % all.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(i + 1),
      ArrowUp: () => go(i - 1),
      Home: () => go(0),
      End: () => go(all.length - 1),
      Escape: () => close(),
      Tab: () => close(),
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  };

  return createPortal(
    <ul
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => onHover?.(true)}
      onMouseLeave={() => onHover?.(false)}
      className="fixed z-[60] min-w-36 rounded border bg-white py-1 text-sm text-gray-800 shadow-lg"
      style={pos}
    >
      {items.map((m) => (
        <li key={m.id} role="none">
          <button
            role="menuitem"
            type="button"
            tabIndex={-1}
            aria-disabled={m.disabled || undefined}
            title={m.title}
            className={`flex min-h-8 w-full items-center justify-between gap-4 px-3 py-1 text-left hover:bg-gray-100 focus:bg-[var(--primary-soft)] focus:outline-none ${m.disabled ? 'cursor-not-allowed text-gray-600' : m.danger ? 'text-red-700' : ''}`}
            onClick={() => {
              if (m.disabled) return;
              close();
              onChoose(m.id);
            }}
          >
            <span>{m.label}</span>
            {m.hint && <span className="text-xs text-gray-600">{m.hint}</span>}
          </button>
        </li>
      ))}
    </ul>,
    document.body,
  );
}

/** Where to open a menu below an element (its right edge when `alignRight`). */
export function below(el: Element, alignRight = false) {
  const r = el.getBoundingClientRect();
  return { x: alignRight ? r.right : r.left, y: r.bottom + 2, alignRight };
}
