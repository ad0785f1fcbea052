/**
 * The command registry and executor without a page: the `care` CLI (src/cli) and the server's
 * saved-script runs use the same commands as the browser, with a context that has no screen. A
 * command that works on the console page (`page: true`: tabs, session, dialogs, the file chooser,
 * the grid on screen; and the shell, tab and menu navigation commands) is refused with a message
 * saying so; a command asking for a UI widget (`ctx.open`) is refused the same way.
 */
import { CommandRegistry } from '../core/registry.ts';
import { CommandExecutor } from '../core/executor.ts';
import { CommandError } from '../core/errors.ts';
import { runScript, parseScript } from '../core/shell.ts';
import type { StatementResult } from '../core/shell.ts';
import type {
  AuditEntry,
  CommandContext,
  CommandDefinition,
  CommandSource,
  ContextKeys,
  Progress,
} from '../core/types.ts';
import { COMMANDS } from '../index.ts';

/** What a headless run shows its user (Simplified Chinese). */
export const HEADLESS_MSG = {
  needsPage: (title: string) =>
    `「${title}」需要在网页控制台中运行（它使用页面上的标签页、对话框或表格），不能在命令行或定时脚本中运行`,
  needsWidget: (widget: string) => `该操作需要网页界面（${widget}），不能在命令行或定时脚本中运行`,
  confirmNeeded: (question: string) => `需要确认：${question}（非交互运行：加 --yes 表示同意）`,
} as const;

/** Commands that only move or use the screen: refused without a page. */
const SCREEN_ONLY = /^(shell|tab|nav)\./;

/** Does this command need the console page? */
export function needsPage(def: CommandDefinition): boolean {
  return def.page === true || SCREEN_ONLY.test(def.id);
}

/** `def` as a headless run sees it: a page command refuses before asking anything. */
function headless(def: CommandDefinition): CommandDefinition {
  if (!needsPage(def)) return def;
  const refuse = (): never => {
    throw new CommandError(HEADLESS_MSG.needsPage(def.title));
  };
  // every argument optional: the refusal comes before any 缺少参数 of the page command's own
  let args = def.args;
  try {
    args = def.args?.partial();
  } catch {
    // a schema with refinements keeps its rules
  }
  // nor is it "not available here" for want of the screen its `when` looks at, nor 没有权限 (it
  // would not run with the permission either: 导出部门 is the page's dialog)
  const { when: _when, permission: _permission, requires: _requires, ...rest } = def;
  return { ...rest, ...(args ? { args } : {}), prepare: refuse, run: refuse, dangerous: false };
}

/** A registry of every command, page commands refusing to run. */
export function headlessRegistry(commands: readonly CommandDefinition[] = COMMANDS): CommandRegistry {
  const registry = new CommandRegistry();
  for (const def of commands) registry.register(headless(def));
  return registry;
}

/** What the host (CLI, server) gives a headless executor. */
export interface HeadlessHost {
  /** the server's JSON API, as the signed-in user */
  api: CommandContext['api'];
  /** the user's permission codes (`getUserPermissionByToken`) */
  permissions: ReadonlySet<string>;
  /** context keys the commands see (`username`) */
  keys?: ContextKeys;
  /** a yes/no question; a host that cannot ask throws (nothing is assumed) */
  confirm(message: string): Promise<boolean>;
  /** a value; null when declined, '' when there is nobody to ask */
  prompt(message: string, options?: { secret?: boolean; defaultValue?: string }): Promise<string | null>;
  output(line: string): void;
  progress(p: Progress): void;
  audit?(entry: AuditEntry): void;
}

/** An executor over every command with a screenless context. */
export function headlessExecutor(host: HeadlessHost, registry = headlessRegistry()): CommandExecutor {
  const keys = host.keys ?? {};
  return new CommandExecutor({
    registry,
    permissions: () => host.permissions,
    keys: () => keys,
    ...(host.audit ? { audit: host.audit } : {}),
    ctxFactory: (_source: CommandSource) => ({
      api: host.api,
      // no screen to move: the command's own output is what the user gets
      navigate: () => undefined,
      confirm: (message) => host.confirm(message),
      prompt: (message, options) => host.prompt(message, options),
      progress: (p) => host.progress(p),
      output: (line) => host.output(line),
      open: async (widget) => {
        throw new CommandError(HEADLESS_MSG.needsWidget(widget));
      },
    }),
  });
}

/** The outcome of a headless script. */
export interface HeadlessRun {
  /** false when a statement failed and no later `||` statement handled it */
  ok: boolean;
  results: StatementResult[];
}

/**
 * Runs a script (one command line or many) through `executor`: results to `out`, errors to
 * `err`. The run fails when a statement failed without a `||` statement after it running instead.
 */
export async function runHeadlessScript(
  script: string,
  executor: CommandExecutor,
  opts: {
    out: (line: string) => void;
    err: (line: string) => void;
    vars?: Map<string, string>;
    yes?: boolean;
    signal?: AbortSignal;
    source?: 'terminal' | 'script';
  },
): Promise<HeadlessRun> {
  let pipelines;
  try {
    pipelines = parseScript(script);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    opts.err(message);
    return { ok: false, results: [{ text: script, status: 'error', error: message }] };
  }
  const results = await runScript(pipelines, executor, {
    source: opts.source ?? 'script',
    signal: opts.signal ?? new AbortController().signal,
    out: opts.out,
    err: opts.err,
    vars: opts.vars ?? new Map(),
    ...(opts.yes ? { yes: true } : {}),
  });
  const failed = results.some((r, i) => {
    if (r.status !== 'error' && r.status !== 'cancelled') return false;
    // a failure answered by the `||` statement that ran after it is handled
    const next = i + 1;
    return !(pipelines[next]?.when === 'fail' && results[next]?.status !== 'skipped');
  });
  return { ok: !failed, results };
}
