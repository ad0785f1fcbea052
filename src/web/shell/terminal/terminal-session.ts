/**
 * The shell behind a terminal view, without React or xterm: echoes and runs lines through
 * `runScript` over the shared executor, keeps variables, history and the pasted-line queue, answers
 * the executor's confirm/prompt/progress/output (the terminal sink) and handles Ctrl+C.
 */
import { complete } from '../../../../commands/core/complete.ts';
import type { CommandExecutor } from '../../../../commands/core/executor.ts';
import { runScript } from '../../../../commands/core/shell.ts';
import type { CommandResult, LiveScreen, Progress } from '../../../../commands/core/types.ts';
import { ALT_SCREEN_OFF, ALT_SCREEN_ON, ERASE_LINE, crlf, liveFrame, paint, progressText } from './ansi.ts';
import type { Color } from './ansi.ts';
import { applyCompletion, formatCandidates } from './completion.ts';
import type { LineState } from './line-editor.ts';
import { OutputMirror } from './output-mirror.ts';

export const WELCOME = '输入 help 查看全部命令，Tab 补全，↑↓ 历史，Ctrl+C 取消';

/** Where the text goes (xterm in the browser). */
export interface TerminalScreen {
  write(data: string): void;
  clear(): void;
  /** width in columns, for listing completions */
  columns(): number;
  /** height in rows (a live view fills one screen) */
  rows(): number;
}

export interface TerminalSessionOptions {
  executor: CommandExecutor;
  screen: TerminalScreen;
  /** query invalidations of a result (runtime.applyResult) */
  applyResult(result: CommandResult): unknown;
  /** the user's history, oldest first; `record` stores a line and returns the new history */
  history: { load(): string[]; record(line: string): string[] };
  /** `admin` in `admin@console $ ` (read at every prompt) */
  username(): string;
  isMac?: boolean;
  /** called when a run starts, e.g. to route the terminal sink to this session */
  onRunStart?(): void;
  /** called after every write, with the mirrored plain text */
  onOutput?(text: string): void;
}

/** A question of a running command, asked on the input line. */
export interface Question {
  kind: 'confirm' | 'prompt';
  label: string;
  secret: boolean;
  answer(text: string | null): void;
}

export class TerminalSession {
  readonly mirror = new OutputMirror(200);
  readonly vars = new Map<string, string>();
  history: string[];
  running = false;
  /** how many error lines (a refused or failed statement) this session has printed */
  errorLines = 0;
  question: Question | undefined;
  private controller: AbortController | undefined;
  private queue: string[] = [];
  private draining = false;
  private drained: Promise<void> = Promise.resolve();
  private progressOpen = false;
  private listeners = new Set<() => void>();
  private version = 0;
  /** the live view holding the screen (`monitor top`), and how to end it */
  private liveView: { quit(): void; close(): void } | undefined;
  /** the live view's current frame, as plain text */
  private liveText = '';

  constructor(private readonly opts: TerminalSessionOptions) {
    this.history = opts.history.load();
  }

  /** For useSyncExternalStore: changes when `running` or `question` change. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly getVersion = () => this.version;
  private changed() {
    this.version += 1;
    this.listeners.forEach((l) => l());
  }

  /** `admin@console $ `, as plain text. */
  promptText(): string {
    return `${this.opts.username()}@console $ `;
  }

  /** The label in front of the input line: the prompt, or the pending question. */
  label(): string {
    return this.question?.label ?? this.promptText();
  }

  private write(data: string) {
    this.opts.screen.write(data);
    this.mirror.write(data);
    this.opts.onOutput?.(this.mirror.text());
  }

  private endProgress() {
    if (!this.progressOpen) return;
    this.progressOpen = false;
    this.write('\r\n');
  }

  /** Prints one line (or several, split on line breaks). */
  println(line: string, color?: Color) {
    this.endProgress();
    const text = crlf(line);
    this.write(`${color ? paint(color, text) : text}\r\n`);
  }

  private echo(label: string, text: string) {
    this.endProgress();
    const prompt = this.promptText();
    const styled = label === prompt ? `${paint('green', prompt.slice(0, -2))}$ ` : paint('yellow', label);
    this.write(`${styled}${crlf(text)}`);
  }

  /** Prints a statement's error (red). */
  printError(line: string) {
    this.errorLines += 1;
    this.println(line, 'red');
  }

  welcome() {
    this.println(WELCOME, 'dim');
  }

  clearScreen() {
    this.progressOpen = false;
    this.opts.screen.clear();
    this.mirror.clear();
    this.opts.onOutput?.('');
  }

  /** A live view holds the screen: keys go to it (`q` ends it), not to the input line. */
  get live(): boolean {
    return this.liveView !== undefined;
  }

  /** What the screen shows, as plain text: a live view's frame, else the last lines written. */
  screenText(): string {
    return this.liveView ? this.liveText : this.mirror.text();
  }

  /** `q` or Esc during a live view: it ends, and the shell's screen comes back. */
  quitLive() {
    this.liveView?.quit();
  }

  /**
   * Lends the screen to a live view: xterm's alternate screen (no scrollback, as `top` uses), each
   * frame drawn from the top over the previous one; the mirror holds the current frame only. On
   * close the normal screen returns as it was.
   */
  private openLive(): LiveScreen {
    this.liveView?.close();
    this.endProgress();
    let resolveQuit!: () => void;
    const quit = new Promise<void>((resolve) => (resolveQuit = resolve));
    let open = true;
    this.opts.screen.write(ALT_SCREEN_ON);
    this.liveText = '';
    const view = {
      quit: () => resolveQuit(),
      close: () => {
        if (!open) return;
        open = false;
        resolveQuit();
        this.opts.screen.write(ALT_SCREEN_OFF);
        if (this.liveView === view) this.liveView = undefined;
        this.opts.onOutput?.(this.mirror.text());
        this.changed();
      },
    };
    this.liveView = view;
    this.changed();
    return {
      size: () => ({ columns: this.opts.screen.columns(), rows: this.opts.screen.rows() }),
      draw: (lines) => {
        if (!open) return;
        this.opts.screen.write(liveFrame(lines));
        this.liveText = lines.join('\n');
        this.opts.onOutput?.(this.liveText);
      },
      quit,
      close: view.close,
    };
  }

  /** The terminal sink: where commands run from this terminal write and ask. */
  readonly sink = {
    live: () => this.openLive(),
    output: (line: string) => this.println(line),
    progress: (p: Progress) => {
      this.write(`${ERASE_LINE}${progressText(p)}`);
      this.progressOpen = true;
    },
    confirm: (message: string) =>
      this.ask('confirm', `${message} [y/N] `, false).then((a) => a !== null && /^y(es)?$/i.test(a.trim())),
    prompt: (message: string, options?: { secret?: boolean; defaultValue?: string }) => {
      const hint = options?.defaultValue && !options.secret ? `（默认 ${options.defaultValue}）` : '';
      return this.ask('prompt', `${message}${hint}: `, options?.secret === true).then((a) =>
        a === '' && options?.defaultValue !== undefined ? options.defaultValue : a,
      );
    },
  };

  private ask(kind: Question['kind'], label: string, secret: boolean): Promise<string | null> {
    this.question?.answer(null);
    this.endProgress();
    return new Promise((resolve) => {
      const question: Question = {
        kind,
        label,
        secret,
        answer: (text) => {
          if (this.question !== question) return;
          this.question = undefined;
          this.changed();
          resolve(text);
        },
      };
      this.question = question;
      this.changed();
    });
  }

  /** Enter (or a pasted line): answers the pending question, else runs the line. */
  submit(lines: string[]) {
    const pending = [...lines];
    const question = this.question;
    if (question && pending.length > 0) {
      const text = pending.shift() ?? '';
      this.echo(question.label, question.secret ? '' : text);
      this.write('\r\n');
      question.answer(text);
    }
    this.queue.push(...pending);
    if (!this.draining) this.drained = this.drain();
  }

  /** Resolves when the queued lines have run. */
  settled(): Promise<void> {
    return this.drained;
  }

  private async drain() {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.run(this.queue.shift() ?? '');
    } finally {
      this.draining = false;
    }
  }

  private async run(line: string) {
    this.echo(this.promptText(), line);
    this.write('\r\n');
    if (line.trim() === '') return;
    this.history = this.opts.history.record(line);
    const controller = new AbortController();
    this.controller = controller;
    this.running = true;
    this.changed();
    this.opts.onRunStart?.();
    try {
      const results = await runScript(line, this.opts.executor, {
        source: 'terminal',
        signal: controller.signal,
        out: (text) => this.println(text),
        err: (text) => this.printError(text),
        vars: this.vars,
        isMac: this.opts.isMac ?? false,
        clear: () => this.clearScreen(),
      });
      for (const r of results) if (r.result) await this.opts.applyResult(r.result);
    } catch (error) {
      this.printError(error instanceof Error ? error.message : String(error));
    } finally {
      this.liveView?.close();
      this.endProgress();
      this.controller = undefined;
      this.running = false;
      this.changed();
    }
  }

  /**
   * Ctrl+C: declines the pending question and cancels the run; while running, cancels it and
   * drops the queued lines; on an idle line, echoes it with ^C (the view then clears it).
   */
  interrupt(text: string) {
    // a live view gives the screen back first: ^C and the cancellation show on the shell's screen
    this.liveView?.close();
    const question = this.question;
    if (question) {
      this.echo(question.label, question.secret ? '' : text);
      this.write('^C\r\n');
      question.answer(null);
    } else if (this.running) {
      this.endProgress();
      this.write(`${paint('dim', '^C')}\r\n`);
    } else {
      this.echo(this.promptText(), text);
      this.write('^C\r\n');
    }
    this.queue = [];
    this.controller?.abort();
  }

  /** Tab: completes the word under the cursor from the visible commands; lists several. */
  complete(line: LineState): LineState {
    const completion = complete(line.text, line.cursor, this.opts.executor.visible());
    const outcome = applyCompletion(line.text, line.cursor, completion);
    if (outcome.candidates.length > 1) {
      this.echo(this.promptText(), line.text);
      this.write('\r\n');
      for (const l of formatCandidates(outcome.candidates, this.opts.screen.columns())) this.println(l);
    }
    return { text: outcome.text, cursor: outcome.cursor };
  }

  /** Unmount: cancels what runs and what waits. */
  dispose() {
    this.liveView?.close();
    this.queue = [];
    this.question?.answer(null);
    this.controller?.abort();
    this.listeners.clear();
  }
}
