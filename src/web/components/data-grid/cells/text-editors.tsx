import { useEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { acceptNumberInput, formatTags, numberOnBlur } from '../../../../shared/grid-rules.ts';
import { GRID } from '../editable/column-defaults.ts';
import type { GridRow } from '../editable/types.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';
import { DateInput } from '../../date-input.tsx';
import type { DateKind } from '../../../lib/dates.ts';

type Props = CustomCellEditorProps<GridRow, unknown, EditableCellContext>;

const inputClass =
  'h-full w-full border-0 px-2 text-sm outline-none focus:ring-2 focus:ring-[var(--primary)]';

/** Focus the editor on mount, and put the typed character in when editing started by a key. */
function useFocus<T extends HTMLInputElement | HTMLTextAreaElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** The text a key press that started editing should begin with (AG Grid passes it as eventKey). */
const startText = (p: Props, current: string): string =>
  p.eventKey && p.eventKey.length === 1 ? p.eventKey : current;

/** Change the editor value and validate it as typed (spec §5: validation on input). */
function useDraft(p: Props) {
  const key = colKeyOf(p);
  return (value: unknown) => {
    p.onValueChange(value);
    p.context.validateDraft(p.node, key, value);
  };
}

/** Plain text (input, popup fallback); `tags` formats as typed. */
export function TextEditor(p: Props & { tags?: boolean }) {
  const ref = useFocus<HTMLInputElement>();
  const draft = useDraft(p);
  const column = p.context.column(colKeyOf(p));
  const [text, setText] = useState(() => {
    const t = startText(p, p.value == null ? '' : String(p.value));
    return p.tags ? formatTags(t) : t;
  });
  useEffect(() => {
    if (text !== (p.value ?? '')) draft(text);
    // only the initial text (a typed start key) needs committing here
  }, []);
  return (
    <input
      ref={ref}
      aria-label={column?.title}
      className={inputClass}
      placeholder={column?.placeholder}
      value={text}
      onChange={(e) => {
        const next = p.tags ? formatTags(e.target.value) : e.target.value;
        setText(next);
        draft(next);
      }}
    />
  );
}

/** Tag cells: semicolons stripped and re-inserted after every 2 characters (spec §5). */
export const TagsEditor = (p: Props) => <TextEditor {...p} tags />;

/** Number cells: invalid keystrokes keep the previous text; the value is the parsed number (spec §5). */
export function NumberEditor(p: Props) {
  const ref = useFocus<HTMLInputElement>();
  const draft = useDraft(p);
  const column = p.context.column(colKeyOf(p));
  const [text, setText] = useState(() =>
    acceptNumberInput(
      p.value == null ? '' : String(p.value),
      startText(p, p.value == null ? '' : String(p.value)),
    ),
  );
  useEffect(() => {
    draft(numberOnBlur(text));
  }, []);
  return (
    <input
      ref={ref}
      inputMode="decimal"
      aria-label={column?.title}
      className={inputClass}
      placeholder={column?.placeholder}
      value={text}
      onChange={(e) => {
        const next = acceptNumberInput(text, e.target.value);
        setText(next);
        draft(numberOnBlur(next));
      }}
    />
  );
}

/**
 * Date (YYYY-MM-DD), datetime (YYYY-MM-DD HH:mm:ss) and time (HH:mm:ss) cells in the formats of
 * spec §9 with the console's own calendar (Alt+↓ or the button), never the browser's native picker.
 * Opens as a pop-over (date, datetime) so that the calendar is not cut by the cell.
 */
export function DateEditor(p: Props & { kind: DateKind }) {
  const draft = useDraft(p);
  const column = p.context.column(colKeyOf(p));
  // the text it starts with, kept: a valid keystroke must not reformat what is being typed
  const [initial] = useState(() => startText(p, p.value == null ? '' : String(p.value)));
  return (
    <div className={p.kind === 'time' ? 'h-full w-full' : 'w-60 bg-white p-1'}>
      <DateInput kind={p.kind} label={column?.title} value={initial} autoFocus onChange={draft} />
    </div>
  );
}

/** AG Grid leaves the keys of an open calendar (and Alt+↓ that opens it) to the date editor. */
export const dateEditorKeys = (e: KeyboardEvent, editing: boolean): boolean =>
  editing && (e.altKey || !!(e.target as Element | null)?.closest?.('[data-calendar]'));

/** input_pop / textarea: a 300×210 pop-over text area (spec §9). */
export function TextareaEditor(p: Props) {
  const ref = useFocus<HTMLTextAreaElement>();
  const draft = useDraft(p);
  const column = p.context.column(colKeyOf(p));
  return (
    <textarea
      ref={ref}
      aria-label={column?.title}
      className="block resize-none border border-gray-300 p-2 text-sm outline-none focus:border-[var(--primary)]"
      style={{ width: GRID.popupWidth, height: GRID.popupHeight }}
      placeholder={column?.placeholder}
      defaultValue={p.value == null ? '' : String(p.value)}
      onKeyDown={(e) => {
        // Enter is a line break here; Ctrl+Enter or Tab ends the edit
        if (e.key === 'Enter' && !e.ctrlKey) e.stopPropagation();
      }}
      onChange={(e) => draft(e.target.value)}
    />
  );
}
