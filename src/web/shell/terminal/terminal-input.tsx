import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { IS_MAC } from '../keybindings.ts';
import { searchHistory } from './history.ts';
import {
  EMPTY_LINE,
  NAV_START,
  edit,
  historyStep,
  isEditAction,
  keyAction,
  splitPaste,
  type HistoryNav,
  type KeyAction,
  type LineState,
} from './line-editor.ts';
import type { TerminalSession } from './terminal-session.ts';

interface Search {
  query: string;
  /** index of the match in the history, -1 for none */
  index: number;
  /** the line before Ctrl+R, restored on cancel */
  saved: LineState;
}

/** Keys the browser handles itself while searching: they edit the search text. */
const SEARCH_NATIVE = new Set<KeyAction>(['left', 'right', 'backspace', 'delete']);

/**
 * The IME-safe input line under the xterm output: a real <input> that receives typing and
 * composition (Chinese input), with readline keys, history, Tab completion, Ctrl+R and Ctrl+C.
 * During a command's confirm/prompt it shows the question instead of the prompt.
 */
export function TerminalInput({
  session,
  autoFocus,
  inputRef,
}: {
  session: TerminalSession;
  autoFocus: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  useSyncExternalStore(session.subscribe, session.getVersion);
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const nav = useRef<HistoryNav>(NAV_START);
  const composing = useRef(false);
  const pending = useRef<LineState | null>(null);
  const question = session.question;

  /**
   * Replaces the line and places the cursor: at once when the text stays the same (React will not
   * re-render), else after React has written the new value.
   */
  const put = (next: LineState) => {
    const input = inputRef.current;
    if (input && input.value === next.text) {
      pending.current = null;
      input.setSelectionRange(next.cursor, next.cursor);
    } else pending.current = next;
    setText(next.text);
  };
  useLayoutEffect(() => {
    const next = pending.current;
    const input = inputRef.current;
    if (!next || !input || input.value !== next.text) return;
    pending.current = null;
    input.setSelectionRange(next.cursor, next.cursor);
  });
  useEffect(() => {
    if (autoFocus || question) inputRef.current?.focus();
  }, [autoFocus, question, inputRef]);

  const match = search && search.index >= 0 ? (session.history[search.index] ?? '') : '';
  const endSearch = (line: LineState) => {
    setSearch(null);
    put(line);
  };

  const searchKey = (action: KeyAction, s: Search) => {
    if (action === 'search') {
      const index = searchHistory(session.history, s.query, s.index < 0 ? undefined : s.index);
      if (index >= 0) setSearch({ ...s, index });
    } else if (action === 'interrupt' || action === 'escape') endSearch(s.saved);
    else endSearch(s.index >= 0 ? { text: match, cursor: match.length } : s.saved);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return;
    const action = keyAction(e, IS_MAC);
    // a live view holds the screen: q (or Esc) ends it, Ctrl+C cancels it, other keys do nothing
    if (session.live && !question) {
      e.preventDefault();
      if (action === 'interrupt') session.interrupt('');
      else if (action === 'escape' || e.key === 'q' || e.key === 'Q') session.quitLive();
      return;
    }
    if (!action) return;
    const input = e.currentTarget;
    const from = input.selectionStart ?? input.value.length;
    const to = input.selectionEnd ?? from;
    // with a selection the browser edits it, and Ctrl+C copies it
    if (from !== to && (isEditAction(action) || action === 'interrupt')) return;
    if (search && SEARCH_NATIVE.has(action)) return;
    e.preventDefault();
    if (search) return searchKey(action, search);
    const current: LineState = { text: input.value, cursor: from };
    const step = (dir: -1 | 1) => {
      if (question) return;
      const next = historyStep(session.history, nav.current, current.text, dir);
      if (!next) return;
      nav.current = next.nav;
      put({ text: next.text, cursor: next.text.length });
    };
    switch (action) {
      case 'submit':
        session.submit([current.text]);
        nav.current = NAV_START;
        return put(EMPTY_LINE);
      case 'interrupt':
        session.interrupt(current.text);
        nav.current = NAV_START;
        return put(EMPTY_LINE);
      case 'clearScreen':
        return session.clearScreen();
      case 'complete':
        if (!question) put(session.complete(current));
        return;
      case 'historyPrev':
        return step(-1);
      case 'historyNext':
        return step(1);
      case 'search':
        if (!question) setSearch({ query: '', index: -1, saved: current });
        return;
      case 'escape':
        return;
      default:
        put(edit(current, action));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const data = e.clipboardData.getData('text/plain');
    if (search || !/[\r\n]/.test(data)) return;
    e.preventDefault();
    const input = e.currentTarget;
    const from = input.selectionStart ?? input.value.length;
    const { lines, rest } = splitPaste(input.value, from, input.selectionEnd ?? from, data);
    session.submit(lines);
    nav.current = NAV_START;
    put({ text: rest, cursor: rest.length });
  };

  const prompt = session.promptText();
  const label = search ? (
    <span className="text-sky-300">(历史搜索) </span>
  ) : question ? (
    <span className="text-amber-300">{question.label}</span>
  ) : (
    <>
      <span className="text-green-400">{prompt.slice(0, -2)}</span>${' '}
    </>
  );
  return (
    <div
      className="flex shrink-0 items-center border-t border-slate-700 bg-slate-900 px-3 py-1 font-mono text-[13px] leading-6 text-slate-100"
      onClick={() => inputRef.current?.focus()}
    >
      <span className="shrink-0 whitespace-pre">{label}</span>
      <input
        ref={inputRef}
        data-testid="terminal-input"
        data-terminal=""
        aria-label={question ? question.label : '终端命令'}
        type={question?.secret ? 'password' : 'text'}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={
          session.live && !question
            ? '按 q 退出实时视图'
            : session.running && !question
              ? '运行中… Ctrl+C 取消'
              : ''
        }
        className="min-w-0 flex-1 bg-transparent text-slate-100 caret-green-400 outline-none placeholder:text-slate-500"
        value={search ? search.query : text}
        onChange={(e) => {
          const value = e.target.value;
          pending.current = null; // typed: the browser placed the cursor
          if (search) setSearch({ ...search, query: value, index: searchHistory(session.history, value) });
          else setText(value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
      />
      {search && (
        <span className="ml-2 min-w-0 truncate text-slate-400">{match ? `→ ${match}` : '（无匹配）'}</span>
      )}
    </div>
  );
}
