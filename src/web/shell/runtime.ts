import type { QueryClient } from '@tanstack/react-query';
import { CommandRegistry } from '../../../commands/core/registry.ts';
import { CommandExecutor } from '../../../commands/core/executor.ts';
import type {
  AuditEntry,
  CommandResult,
  CommandSource,
  ContextKeys,
  LiveScreen,
  Progress,
} from '../../../commands/core/types.ts';
import { COMMANDS } from '../../../commands/index.ts';
import { serverAudit } from '../../../commands/core/audit.ts';
import { api, postQuietly } from '../lib/api-client.ts';
import { confirmDialog, promptDialog } from '../lib/dialogs.ts';
import { notify } from '../lib/notify.ts';

/**
 * The one registry and executor of the client. Every surface (sidebar, palette, buttons, shortcuts,
 * terminal) runs commands through `executor`; widgets register themselves for `ctx.open`.
 */
export const registry = new CommandRegistry();
for (const c of COMMANDS) registry.register(c);

type Widget = (props?: Record<string, unknown>) => unknown;
const widgets = new Map<string, Widget>();

/** Make a UI widget reachable from commands (`ctx.open(name, props)`); returns the unregister function. */
export function registerWidget(name: string, open: Widget): () => void {
  widgets.set(name, open);
  return () => {
    if (widgets.get(name) === open) widgets.delete(name);
  };
}

let permissionCodes = new Set<string>();
/** codes of type "2" rights the user lacks: their buttons show disabled (spec §6) */
let lockedCodes: ReadonlySet<string> = new Set<string>();
let contextKeys: ContextKeys = {};
let navigateTo: (to: string) => unknown = (to) => window.location.assign(to);
let queryClient: QueryClient | undefined;
const auditLog: AuditEntry[] = [];
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};

export const runtime = {
  setPermissions(codes: Set<string>) {
    permissionCodes = codes;
    changed();
  },
  setLockedCodes(codes: ReadonlySet<string>) {
    lockedCodes = codes;
    changed();
  },
  /** type "2" rights the user lacks (buttons needing them show disabled) */
  locked: (): ReadonlySet<string> => lockedCodes,
  setKeys(patch: ContextKeys) {
    contextKeys = { ...contextKeys, ...patch };
    changed();
  },
  keys: () => contextKeys,
  /** Does the signed-in user hold this permission code? (UX only: the server checks again.) */
  can: (code: string) => permissionCodes.has(code),
  setNavigate(fn: (to: string) => unknown) {
    navigateTo = fn;
  },
  setQueryClient(qc: QueryClient) {
    queryClient = qc;
  },
  audit: () => auditLog as readonly AuditEntry[],
  /** a number that changes whenever permissions, context keys or the registry change */
  version: () => version,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
registry.subscribe(changed);

/** Where a command's output lines and progress go, per source (the terminal installs its own). */
export interface OutputSink {
  output(line: string): void;
  progress(p: Progress): void;
  /** take the screen over for a live view (the terminal's; `commands/core/live.ts`) */
  live?(): LiveScreen;
  prompt?(message: string, options?: { secret?: boolean; defaultValue?: string }): Promise<string | null>;
  confirm?(message: string): Promise<boolean>;
}
const uiSink: OutputSink = {
  output: (line) => notify('info', line),
  progress: () => undefined,
};
let terminalSink: OutputSink | undefined;
export const setTerminalSink = (sink: OutputSink | undefined) => {
  terminalSink = sink;
};

const runListeners = new Set<(entry: AuditEntry) => void>();
/** Be told of every command run (its audit entry) on this page; returns the unsubscribe function. */
export function onCommandRun(listener: (entry: AuditEntry) => void): () => void {
  runListeners.add(listener);
  return () => void runListeners.delete(listener);
}

/** Every command run also goes to the server's operation log (who, command, source, outcome). */
const toServerLog = serverAudit(postQuietly, (e) => console.warn('operation log entry not written', e));

export const executor = new CommandExecutor({
  registry,
  permissions: () => permissionCodes,
  keys: () => contextKeys,
  audit: (e) => {
    auditLog.push(e);
    if (auditLog.length > 500) auditLog.shift();
    void toServerLog(e);
    for (const l of runListeners) l(e);
  },
  ctxFactory: (source: CommandSource) => {
    const sink = (source === 'terminal' || source === 'script') && terminalSink ? terminalSink : uiSink;
    return {
      api,
      navigate: async (to: string) => {
        await navigateTo(to);
      },
      confirm: (message: string) => (sink.confirm ? sink.confirm(message) : confirmDialog(message)),
      prompt: (message: string, options?: { secret?: boolean; defaultValue?: string }) =>
        sink.prompt ? sink.prompt(message, options) : promptDialog(message, options),
      progress: (p: Progress) => sink.progress(p),
      output: (line: string) => sink.output(line),
      ...(sink.live ? { live: () => sink.live!() } : {}),
      // widgets are on screen for every source; headless executors (tests, scripts) have none
      open: async (widget: string, props?: Record<string, unknown>) => {
        const w = widgets.get(widget);
        if (!w) throw new Error(`界面组件不可用: ${widget}`);
        return w(props);
      },
    };
  },
});

/** Apply a result's invalidations to the query cache. */
export async function applyResult(result: CommandResult | void): Promise<void> {
  for (const key of result?.invalidate ?? []) await queryClient?.invalidateQueries({ queryKey: key });
}

/**
 * Run a command from a form: the result message as a toast, a refusal handed back (the form shows
 * it next to the field it names, or in the form) instead of a toast.
 */
export async function tryCommand(
  id: string,
  args: Record<string, unknown> = {},
  source: CommandSource = 'button',
  keys?: ContextKeys,
): Promise<{ result: CommandResult | void } | { error: string }> {
  try {
    const result = await executor.run(id, args, { source, ...(keys ? { keys } : {}) });
    await applyResult(result);
    if (result?.message) notify('success', result.message);
    return { result };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** Run a command from a UI surface: result message as a toast, errors as a warning. */
export async function runCommand(
  id: string,
  args: Record<string, unknown> = {},
  source: CommandSource = 'button',
  keys?: ContextKeys,
): Promise<CommandResult | void> {
  const outcome = await tryCommand(id, args, source, keys);
  if ('error' in outcome) return void notify('warning', outcome.error);
  return outcome.result;
}
