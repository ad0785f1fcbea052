import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DATE_FORMATS, addDays, addMonths, monthGrid, parseDateText, type DateKind } from '../lib/dates.ts';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** The month calendar of the picker (WAI-ARIA date picker dialog): arrows move, Enter picks. */
function Calendar({
  selected,
  onPick,
  onClose,
}: {
  selected: string | null;
  onPick(day: string): void;
  onClose(): void;
}) {
  const today = new Date();
  const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const [focus, setFocus] = useState(selected ?? todayText);
  const grid = useRef<HTMLTableElement>(null);
  const [year, month] = focus.split('-').map(Number) as [number, number];
  useEffect(() => {
    grid.current?.querySelector<HTMLElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus]);
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, -1),
      PageDown: () => addMonths(focus, 1),
    };
    if (moves[e.key]) {
      e.preventDefault();
      e.stopPropagation();
      setFocus(moves[e.key]!());
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  const navButton = 'min-h-6 min-w-6 rounded px-1 text-gray-700 hover:bg-gray-100';
  return (
    <div
      role="dialog"
      aria-label="选择日期"
      data-calendar
      className="absolute left-0 top-full z-50 mt-1 w-64 rounded border bg-white p-2 text-sm shadow-lg"
      onKeyDown={onKey}
    >
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          className={navButton}
          aria-label="上一年"
          onClick={() => setFocus(addMonths(focus, -12))}
        >
          «
        </button>
        <button
          type="button"
          className={navButton}
          aria-label="上一月"
          onClick={() => setFocus(addMonths(focus, -1))}
        >
          ‹
        </button>
        <span aria-live="polite" className="font-medium text-gray-800">{`${year}年${month}月`}</span>
        <button
          type="button"
          className={navButton}
          aria-label="下一月"
          onClick={() => setFocus(addMonths(focus, 1))}
        >
          ›
        </button>
        <button
          type="button"
          className={navButton}
          aria-label="下一年"
          onClick={() => setFocus(addMonths(focus, 12))}
        >
          »
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={`${year}年${month}月`} className="w-full text-center">
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col" abbr={`星期${w}`} className="py-1 text-xs font-normal text-gray-700">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, i) => (
            <tr key={i}>
              {week.map((day) => {
                const inMonth = Number(day.slice(5, 7)) === month;
                const isSelected = day === selected;
                return (
                  <td key={day} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focus ? 0 : -1}
                      aria-label={day}
                      aria-current={day === todayText ? 'date' : undefined}
                      className={`h-7 w-7 rounded ${isSelected ? 'bg-[var(--primary)] text-white' : inMonth ? 'text-gray-800 hover:bg-[var(--primary-soft)]' : 'text-gray-600 hover:bg-gray-100'} ${day === todayText && !isSelected ? 'border border-[var(--primary)]' : ''}`}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-1 flex justify-between">
        <button type="button" className="text-[var(--primary)] underline" onClick={() => onPick(todayText)}>
          今天
        </button>
        <button type="button" className="text-gray-700 underline" onClick={onClose}>
          关闭
        </button>
      </div>
    </div>
  );
}

/**
 * A date, datetime or time field in the formats of spec §9 (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss,
 * HH:mm:ss) whatever the browser's locale: typed text, checked as it is typed, and for dates a
 * calendar (button or Alt+↓) instead of the browser's native picker.
 */
export function DateInput({
  kind = 'date',
  value,
  onChange,
  label,
  id,
  className = '',
  autoFocus,
  describedBy,
  disabled,
  invalid: flagged,
  required,
}: {
  kind?: DateKind;
  value: string;
  onChange(value: string): void;
  label?: string;
  id?: string;
  className?: string;
  autoFocus?: boolean;
  /** the id of the form's error message for this field */
  describedBy?: string;
  disabled?: boolean;
  /** the form found the value wrong (its message is `describedBy`) */
  invalid?: boolean;
  /** the form refuses it blank */
  required?: boolean;
}) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // a new value from outside replaces the text, unless it is what the text already says (typing
  // 2026-2-3 must not be rewritten to 2026-02-03 under the cursor)
  useEffect(() => setText((t) => (t !== '' && parseDateText(t, kind) === value ? t : value)), [value, kind]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const invalid = text !== '' && parseDateText(text, kind) === null;
  const pick = (day: string) => {
    const time = kind === 'datetime' ? (parseDateText(text, kind)?.slice(11) ?? '00:00:00') : '';
    const next = time ? `${day} ${time}` : day;
    setText(next);
    onChange(next);
    setOpen(false);
    input.current?.focus();
  };
  return (
    <span className={`relative inline-flex w-full items-center ${className}`}>
      <input
        ref={input}
        id={id}
        aria-label={label}
        aria-invalid={invalid || flagged || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        data-own-keys={kind === 'time' ? undefined : 'Alt+ArrowDown'}
        disabled={disabled}
        placeholder={DATE_FORMATS[kind]}
        inputMode="numeric"
        className={`w-full rounded border px-2 py-1 text-sm focus:outline-none ${invalid ? 'border-red-500' : 'border-gray-300 focus:border-[var(--primary)]'}`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onChange('');
          else {
            const parsed = parseDateText(e.target.value, kind);
            if (parsed !== null) onChange(parsed);
          }
        }}
        onBlur={() => {
          const parsed = parseDateText(text, kind);
          if (parsed !== null && parsed !== text) setText(parsed);
        }}
        onKeyDown={(e) => {
          if (kind !== 'time' && e.altKey && e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      />
      {kind !== 'time' && (
        <button
          type="button"
          aria-label={`${label ?? ''}选择日期`}
          aria-haspopup="dialog"
          aria-expanded={open}
          title="选择日期（Alt+↓）"
          disabled={disabled}
          className="-ml-7 flex h-6 w-6 items-center justify-center text-gray-700 hover:text-[var(--primary)]"
          onClick={() => setOpen(!open)}
        >
          ▦
        </button>
      )}
      {open && (
        <Calendar
          selected={parseDateText(text, kind)?.slice(0, 10) ?? null}
          onPick={pick}
          onClose={() => {
            setOpen(false);
            input.current?.focus();
          }}
        />
      )}
    </span>
  );
}
