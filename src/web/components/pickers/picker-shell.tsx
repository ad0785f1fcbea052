/**
 * What every picker shares: a button showing the chosen values (↓, Enter or Space opens), a clear
 * button, and the popup dialog under it that closes when the focus leaves the picker.
 */
import type { KeyboardEventHandler, ReactNode, RefObject } from 'react';

export interface PickerShellProps {
  label: string;
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  open: boolean;
  onOpen(): void;
  /** `refocus`: give the focus back to the button (not when it went elsewhere) */
  onClose(refocus?: boolean): void;
  /** the chosen values as text (empty: the 请选择 placeholder) */
  shown: string;
  hasValue: boolean;
  onClear(): void;
  trigger: RefObject<HTMLButtonElement | null>;
  popupClassName: string;
  onPopupKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  children: ReactNode;
}

export function PickerShell(p: PickerShellProps) {
  return (
    <div
      className="relative w-full"
      onBlur={(e) => {
        if (p.open && !e.currentTarget.contains(e.relatedTarget as Node | null)) p.onClose(false);
      }}
    >
      <div className="flex items-center gap-1">
        <button
          ref={p.trigger}
          type="button"
          id={p.id}
          disabled={p.disabled}
          aria-haspopup="dialog"
          aria-expanded={p.open}
          aria-invalid={p['aria-invalid']}
          aria-describedby={p['aria-describedby']}
          className="min-h-8 w-full truncate rounded border border-gray-300 bg-white px-2 py-1 text-left text-sm"
          onClick={() => (p.open ? p.onClose() : p.onOpen())}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              p.onOpen();
            }
          }}
        >
          {p.shown || <span className="text-gray-600">请选择{p.label}</span>}
        </button>
        {p.hasValue && !p.disabled && (
          <button
            type="button"
            aria-label={`清除${p.label}`}
            className="rounded px-1 text-gray-600 hover:text-red-600"
            onClick={p.onClear}
          >
            ×
          </button>
        )}
      </div>
      {p.open && (
        <div
          role="dialog"
          data-own-escape=""
          aria-label={`选择${p.label}`}
          className={p.popupClassName}
          onKeyDown={p.onPopupKeyDown}
        >
          {p.children}
        </div>
      )}
    </div>
  );
}
