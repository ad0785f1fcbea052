import { useEffect, useRef, useState } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import '@xterm/xterm/css/xterm.css';
import { useSession } from '../../lib/session.ts';
import { IS_MAC } from '../keybindings.ts';
import { applyResult, executor, setTerminalSink } from '../runtime.ts';
import { CLEAR_SCREEN } from './ansi.ts';
import { loadHistory, recordHistory } from './history.ts';
import { createSinkStack } from './sink-stack.ts';
import { attachTerminal } from './run-queue.ts';
import { TerminalInput } from './terminal-input.tsx';
import { TerminalSession } from './terminal-session.ts';

/** One stack for every mounted terminal (panel and page). */
const sinks = createSinkStack(setTerminalSink);

/**
 * A monospace face whose CJK glyphs are exactly two Latin cells wide comes first (Noto Sans Mono
 * CJK, Sarasa Mono): xterm gives a wide character two cells, and a CJK glyph from a fallback font
 * (about 1 em in cells of 0.6 em) left gaps between Chinese characters.
 */
const FONT =
  '"Noto Sans Mono CJK SC", "Sarasa Mono SC", ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace';

const THEME = {
  background: '#0f172a',
  foreground: '#f8fafc',
  cursor: '#0f172a',
  selectionBackground: '#334155',
};

/**
 * A shell over the client's registry and executor: xterm is the output surface (no stdin), the
 * input line below it is a real <input> so that Chinese IME works. Commands run with source
 * 'terminal'; their output, progress, confirmations and prompts come here through the terminal sink.
 */
export function TerminalView({ autoFocus = false }: { autoFocus?: boolean }) {
  const username = useSession().userInfo?.username ?? 'guest';
  const userRef = useRef(username);
  const hostRef = useRef<HTMLDivElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const termRef = useRef<Terminal | null>(null);
  const [session, setSession] = useState<TerminalSession | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const term = new Terminal({
      allowProposedApi: true,
      disableStdin: true,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      // dim and coloured output is adjusted to read at WCAG AA on the dark background
      minimumContrastRatio: 4.5,
      fontFamily: FONT,
      fontSize: 13,
      scrollback: 5000,
      theme: THEME,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
    term.open(host);
    term.write('\x1b[?25l'); // the caret lives in the input line
    termRef.current = term;
    const refit = () => {
      try {
        fit.fit();
      } catch {
        // not laid out yet (hidden tab): the next resize fits
      }
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(host);

    let disposed = false;
    const shell = new TerminalSession({
      executor,
      applyResult: (result) => applyResult(result),
      isMac: IS_MAC,
      username: () => userRef.current,
      history: {
        load: () => loadHistory(localStorage, userRef.current),
        record: (line) => recordHistory(localStorage, userRef.current, line),
      },
      screen: {
        // a cancelled command may still print after unmount
        write: (data) => !disposed && term.write(data),
        clear: () => !disposed && term.write(CLEAR_SCREEN),
        columns: () => term.cols,
        rows: () => term.rows,
      },
      onRunStart: () => handle.front(),
      onOutput: (text) => {
        const mirror = mirrorRef.current;
        if (!mirror) return;
        mirror.textContent = text;
        mirror.dataset.errors = String(shell.errorLines);
      },
    });
    // the mirror is busy while a command runs: a screen reader reads its output once it ends, and
    // a browser test knows when a line has finished (with `data-errors`, the error lines so far)
    const offBusy = shell.subscribe(() =>
      mirrorRef.current?.setAttribute('aria-busy', String(shell.running)),
    );
    const handle = sinks.install(shell.sink);
    shell.welcome();
    setSession(shell);
    const detach = attachTerminal((lines) => shell.submit(lines));
    return () => {
      detach();
      disposed = true;
      offBusy();
      observer.disconnect();
      handle.remove();
      shell.dispose();
      term.dispose();
      termRef.current = null;
    };
  }, []);

  // another user signed in while mounted: their own history
  useEffect(() => {
    if (userRef.current === username) return;
    userRef.current = username;
    if (session) session.history = loadHistory(localStorage, username);
  }, [username, session]);

  return (
    <div className="flex h-full min-h-0 flex-col bg-[#0f172a]">
      <div
        className="min-h-0 flex-1 px-3 pt-2"
        onMouseUp={() => {
          // a click gives the line back its focus; a text selection stays to be copied
          if (!termRef.current?.hasSelection()) inputRef.current?.focus();
        }}
      >
        <div ref={hostRef} className="h-full w-full overflow-hidden" />
      </div>
      {session && <TerminalInput session={session} autoFocus={autoFocus} inputRef={inputRef} />}
      <div
        ref={mirrorRef}
        data-testid="terminal-output"
        data-errors="0"
        aria-busy="false"
        aria-live="polite"
        className="sr-only whitespace-pre"
      />
    </div>
  );
}

export default TerminalView;
