import type { z } from 'zod';

/** Where an execution came from (recorded in the audit entry). */
export type CommandSource = 'palette' | 'terminal' | 'menu' | 'button' | 'keyboard' | 'script';

/** Context keys a `when` predicate may read (route, grid selection, role…). */
export interface ContextKeys {
  route?: string;
  /** ids of the rows selected in the grid of the current page */
  selection?: string[];
  /** the row a row action is shown for (row-level `when`, e.g. 冻结 only on active users) */
  row?: Record<string, unknown>;
  /** the list grid of the current page, when it has one */
  grid?: GridKeys;
  [key: string]: unknown;
}

/** What the list grid of the current page offers to the grid commands. */
export interface GridKeys {
  /** the page's key (menus `<pageKey>.toolbar`, saved queries) */
  pageKey: string;
  /** title of the page (file names, messages) */
  title: string;
  /** the export URL, present only when the user may export */
  exportUrl?: string;
  /** the import URL, present only when the user may import */
  importUrl?: string;
  /** the query key prefix of the list (refresh invalidates it) */
  queryKey: unknown[];
  /** the page has a super query builder */
  superQuery?: boolean;
  /** an editable grid is on the page (row commands) */
  editable?: boolean;
}

/** A table-shaped result: the terminal prints it aligned (or as JSON/CSV), the UI may show it. */
export interface TableResult {
  columns: TableColumn[];
  rows: Array<Record<string, unknown>>;
}

/** A column of a table result. */
export interface TableColumn {
  key: string;
  title: string;
  /**
   * how the terminal's text table shows the values (JSON and CSV keep them as they are): `money`
   * with thousands separators and two decimals, right-aligned; `percent` as `12.5%`; `html` as its
   * plain text
   */
  format?: 'money' | 'number' | 'percent' | 'html';
  /**
   * the text the terminal's text table shows for a coded value (an enum field's options: `1` →
   * `在线`); JSON and CSV keep the codes, and so do the records a pipe passes on
   */
  options?: ReadonlyArray<{ value: string; text: string }>;
}

/** What a command returns. */
export interface CommandResult {
  /** one line for a toast or the terminal */
  message?: string;
  table?: TableResult;
  /** records passed on to the next command of a terminal pipe (`user list | user freeze`) */
  records?: Array<Record<string, unknown>>;
  /** query keys to invalidate (TanStack Query) */
  invalidate?: unknown[][];
}

/** Progress of a long command: done of total, with an optional label. */
export interface Progress {
  done: number;
  total?: number;
  label?: string;
}

/** Everything a command may touch. Commands never import React, the router or fetch directly. */
export interface CommandContext {
  /** JSON API of the server (base path and token handled by the caller) */
  api: {
    get<T = unknown>(path: string, query?: Record<string, unknown>): Promise<T>;
    post<T = unknown>(path: string, body?: unknown): Promise<T>;
    put<T = unknown>(path: string, body?: unknown): Promise<T>;
    delete<T = unknown>(path: string, query?: Record<string, unknown>): Promise<T>;
  };
  navigate(to: string): void | Promise<void>;
  /** ask the person to confirm; resolves false on No (true without asking under `--yes`) */
  confirm(message: string): Promise<boolean>;
  /**
   * the run is confirmed already (`--yes`, or the question of a `dangerous` command was answered):
   * a batch asks no second time
   */
  confirmed?: boolean;
  /** ask for a value */
  prompt(message: string, options?: { secret?: boolean; defaultValue?: string }): Promise<string | null>;
  progress(p: Progress): void;
  /** a line of output (terminal prints it; palette may show the last one) */
  output(line: string): void;
  /** aborted on Ctrl+C / cancel */
  signal: AbortSignal;
  /** the context keys at the time of the call */
  keys: ContextKeys;
  /** records piped in from the previous command, if any */
  input?: Array<Record<string, unknown>>;
  /** open a UI widget by name (e.g. 'user.form'); absent in the terminal */
  open?(widget: string, props?: Record<string, unknown>): Promise<unknown>;
  /** run another command through the executor (same source, same checks) */
  run(id: string, args?: Record<string, unknown>): Promise<CommandResult | void>;
  /**
   * take the terminal over for a live view (`monitor top`): present only where a screen can be
   * redrawn in place (the xterm panel); elsewhere a live command prints one frame (`runLive`)
   */
  live?(): LiveScreen;
}

/**
 * A terminal taken over by a live view: one screen redrawn in place (no scrolling) until `q`, or
 * Ctrl+C (which aborts the run's signal). `close` gives the terminal back as it was.
 */
export interface LiveScreen {
  /** columns and rows of the screen now */
  size(): { columns: number; rows: number };
  /** show these lines from the top of the screen, replacing the previous frame */
  draw(lines: string[]): void;
  /** resolves when the person presses `q` (or Esc) */
  readonly quit: Promise<void>;
  close(): void;
}

/** Where a command appears on screen. */
export interface MenuPlacement {
  /** e.g. 'user.toolbar', 'user.row', 'shell.userMenu' */
  menu: string;
  /** sorting group, e.g. '1_create', '9_danger' */
  group?: string;
  order?: number;
  /** the text in this menu when it differs from the title (e.g. '批量删除' on a toolbar) */
  label?: string;
}

/**
 * One declaration feeds every surface: menus, palette, buttons, shortcuts, terminal and help.
 * `id` is `domain.verb`; the terminal spells it `domain verb`.
 */
export interface CommandDefinition<A extends z.ZodObject = z.ZodObject> {
  id: string;
  /** Chinese title (UI language) */
  title: string;
  category?: string;
  /** extra search words (Chinese or English) */
  keywords?: string[];
  /** English aliases, e.g. 'users' */
  aliases?: string[];
  /** argument schema; every field `.describe()`d */
  args?: A;
  /** fields of `args` that the terminal takes positionally, in order */
  positional?: string[];
  /**
   * command lines showing the command at work (`help <command>` prints them under 示例); each runs
   * against the seeded data without an error, with `--dry-run` when the command takes it
   * (tests/commands/help-examples.test.ts)
   */
  examples?: readonly string[];
  /**
   * the argument naming the row(s) the command acts on, when it is not `ids` or `id` (`project` of
   * `project price`): a row button's row fills it, and on a command line it is the positional left
   * out when words are missing (a pipe or the selection names the rows)
   */
  target?: string;
  /** JeecgBoot permission code; a user without it never sees nor runs the command */
  permission?: string;
  /**
   * further codes of endpoints the command also calls (e.g. a list it looks targets up in);
   * needed like `permission`
   */
  requires?: readonly string[];
  when?: (keys: ContextKeys) => boolean;
  /**
   * the command works on the console page itself (its tabs, session, dialogs, file chooser or the
   * grid on screen), so its help examples need the page: they are run in the browser's terminal
   * (tests/e2e/terminal-sweep.test.ts), not against the server alone
   * (tests/commands/help-examples.test.ts)
   */
  page?: boolean;
  /** e.g. 'Mod+K', 'Mod+Shift+F', chords 'Mod+K Mod+S'; displayed as written */
  keybinding?: string;
  menus?: MenuPlacement[];
  /** asks for confirmation (dialog / `y/N` / `--yes`) */
  dangerous?: boolean;
  /** confirmation text; may use the parsed args */
  confirm?: string | ((args: z.infer<A>) => string);
  /**
   * Checks that run before the confirmation of a dangerous command (e.g. "nothing selected"):
   * throwing refuses the command without asking.
   */
  prepare?(ctx: CommandContext, args: z.infer<A>): Promise<void> | void;
  /** icon name for buttons */
  icon?: string;
  run(ctx: CommandContext, args: z.infer<A>): Promise<CommandResult | void>;
}

/** An audit record of one execution. */
export interface AuditEntry {
  id: string;
  source: CommandSource;
  args: Record<string, unknown>;
  at: number;
  durationMs: number;
  outcome: 'ok' | 'error' | 'cancelled' | 'denied' | 'declined';
  error?: string;
}
