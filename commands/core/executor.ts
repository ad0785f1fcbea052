import { z } from 'zod';
import { COMMAND_MSG, CommandError } from './errors.ts';
import { describeArgs } from './schema-info.ts';
import type { CommandOutcome } from './errors.ts';
import type { CommandRegistry } from './registry.ts';
import type {
  AuditEntry,
  CommandContext,
  CommandDefinition,
  CommandResult,
  CommandSource,
  ContextKeys,
} from './types.ts';

export { CommandError } from './errors.ts';
export type { CommandOutcome } from './errors.ts';

/** The parts of the context a surface supplies; the executor adds `signal`, `keys`, `run` and `input`. */
export type ContextBase = Omit<CommandContext, 'signal' | 'keys' | 'run' | 'input'>;

export interface ExecutorOptions {
  registry: CommandRegistry;
  /** permission codes of the signed-in user */
  permissions: () => ReadonlySet<string>;
  /** the context keys now (route, selection…) */
  keys: () => ContextKeys;
  audit?: (entry: AuditEntry) => void;
  /** the surfaces a command's context gets; `def` is the command about to run */
  ctxFactory: (source: CommandSource, signal: AbortSignal, def: CommandDefinition) => ContextBase;
}

export interface RunOptions {
  source: CommandSource;
  signal?: AbortSignal;
  /** records piped in from the previous command */
  input?: Array<Record<string, unknown>>;
  /** skip the confirmation of a dangerous command (`--yes`) */
  yes?: boolean;
  /** context keys to use instead of `options.keys()` */
  keys?: ContextKeys;
}

/** Field names whose values never reach the audit log. */
const SECRET_FIELD = /password|secret|token|captcha/i;

function redact(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '***' : v]));
}

const zhCN = z.locales.zhCN().localeError;

/** Per-parse zod messages: Chinese, naming the field; messages written in the schema take precedence. */
function zodMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = (issue.path ?? []).join('.');
  // not given at all (also an enum's or a literal's): missing, not invalid
  if (issue.input === undefined && field && (issue.path ?? []).length === 1)
    return COMMAND_MSG.missingArg(field);
  const base = zhCN(issue);
  const text = typeof base === 'string' ? base : base?.message;
  return text && field ? `${field}: ${text}` : text;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Rejects with a cancellation as soon as `signal` aborts, even if `work` ignores the signal. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new CommandError(COMMAND_MSG.cancelled, 'cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CommandError(COMMAND_MSG.cancelled, 'cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function toCommandError(error: unknown, signal: AbortSignal): CommandError {
  if (error instanceof CommandError) return error;
  if (signal.aborted || isAbortError(error)) {
    return new CommandError(COMMAND_MSG.cancelled, 'cancelled', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CommandError(message || '操作失败', 'error', { cause: error });
}

/**
 * The only way anything runs: checks permission and `when`, validates args, confirms dangerous
 * commands, runs with cancellation, maps errors to CommandError and records an audit entry.
 */
export class CommandExecutor {
  readonly registry: CommandRegistry;

  constructor(private readonly options: ExecutorOptions) {
    this.registry = options.registry;
  }

  /** May the user see (and run) this command now? Permission granted and `when` true. */
  isVisible(def: CommandDefinition, keys: ContextKeys = this.options.keys()): boolean {
    return this.permitted(def) && this.enabled(def, keys);
  }

  /**
   * Shown but disabled (spec §6: a type "2" button the user lacks): the command's own permission is
   * one of `locked`, its other requirements are held and its `when` is true. It still cannot run.
   */
  isLocked(
    def: CommandDefinition,
    locked: ReadonlySet<string>,
    keys: ContextKeys = this.options.keys(),
  ): boolean {
    if (!def.permission || !locked.has(def.permission)) return false;
    const held = this.options.permissions();
    return (def.requires ?? []).every((p) => held.has(p)) && this.enabled(def, keys);
  }

  /** Every command the user may see now (palette, menus, terminal completion and help). */
  visible(keys: ContextKeys = this.options.keys()): CommandDefinition[] {
    return this.registry.all().filter((def) => this.isVisible(def, keys));
  }

  /** Runs a command; resolves with its result, rejects with a CommandError. */
  async run(id: string, rawArgs: Record<string, unknown> = {}, opts: RunOptions): Promise<CommandResult> {
    const at = Date.now();
    const signal = opts.signal ?? new AbortController().signal;
    let args: Record<string, unknown> = rawArgs;
    const record = (outcome: CommandOutcome, error?: string) => {
      const entry: AuditEntry = {
        id,
        source: opts.source,
        args: redact(args),
        at,
        durationMs: Date.now() - at,
        outcome,
      };
      if (error !== undefined) entry.error = error;
      this.options.audit?.(entry);
    };
    try {
      const def = this.registry.get(id);
      if (!def) throw new CommandError(COMMAND_MSG.unknown(id));
      if (!this.permitted(def)) throw new CommandError(COMMAND_MSG.denied, 'denied');
      const keys = opts.keys ?? this.options.keys();
      if (!this.enabled(def, keys)) throw new CommandError(COMMAND_MSG.unavailable);
      if (signal.aborted) throw new CommandError(COMMAND_MSG.cancelled, 'cancelled');
      const ctx = this.context(def, keys, signal, opts);
      // a script runs unattended: nothing is asked, a missing argument is refused
      args = await raceAbort(this.complete(def, ctx, rawArgs, opts.source !== 'script'), signal);
      args = this.validate(def, args);
      if (def.prepare) await raceAbort(Promise.resolve(def.prepare(ctx, args)), signal);
      // a dry run changes nothing: nothing to confirm
      if (def.dangerous && !opts.yes && args.dryRun !== true) {
        const text =
          typeof def.confirm === 'function'
            ? def.confirm(args)
            : (def.confirm ?? COMMAND_MSG.confirm(def.title));
        const confirmed = await raceAbort(ctx.confirm(text), signal);
        if (!confirmed) {
          record('declined');
          return { message: COMMAND_MSG.cancelled };
        }
        ctx.confirmed = true;
      }
      const result = await raceAbort(def.run(ctx, args), signal);
      record('ok');
      return result ?? {};
    } catch (error) {
      const failure = toCommandError(error, signal);
      record(failure.outcome, failure.message);
      throw failure;
    }
  }

  private permitted(def: CommandDefinition): boolean {
    const held = this.options.permissions();
    return [def.permission, ...(def.requires ?? [])].every((p) => p === undefined || held.has(p));
  }

  private enabled(def: CommandDefinition, keys: ContextKeys): boolean {
    if (!def.when) return true;
    try {
      return def.when(keys);
    } catch {
      return false;
    }
  }

  /**
   * The arguments as given, completed: a row button's row (`id`) names the command's declared
   * `target`; a required argument still missing is asked for (`ctx.prompt`, titled by its
   * description); an empty answer leaves it missing, refused by `validate`; a declined question
   * cancels the run.
   */
  private async complete(
    def: CommandDefinition,
    ctx: CommandContext,
    rawArgs: Record<string, unknown>,
    ask: boolean,
  ): Promise<Record<string, unknown>> {
    const args = { ...rawArgs };
    if (def.target && args[def.target] === undefined && args.id !== undefined) args[def.target] = args.id;
    for (const f of ask ? describeArgs(def) : []) {
      if (f.optional || f.hasDefault || f.kind === 'boolean' || args[f.name] !== undefined) continue;
      const choices = f.values?.length ? `（${f.values.map(String).join('、')}）` : '';
      const given = await ctx.prompt(`${def.title}：${f.description ?? f.name}${choices}`);
      // declined (取消, Esc, Ctrl+C): the run is cancelled, not refused for the argument not given
      if (given === null) throw new CommandError(COMMAND_MSG.cancelled, 'cancelled');
      const answer = given.trim();
      if (!answer) break;
      args[f.name] =
        f.kind === 'number'
          ? Number(answer)
          : f.kind === 'array'
            ? answer.split(/[\s,，]+/).filter(Boolean)
            : answer;
    }
    return args;
  }

  private validate(def: CommandDefinition, rawArgs: Record<string, unknown>): Record<string, unknown> {
    if (!def.args) return rawArgs;
    const parsed = def.args.safeParse(rawArgs, { error: zodMessage });
    if (parsed.success) return parsed.data;
    const [first] = parsed.error.issues;
    throw new CommandError(first?.message ?? '参数无效');
  }

  private context(
    def: CommandDefinition,
    keys: ContextKeys,
    signal: AbortSignal,
    opts: RunOptions,
  ): CommandContext {
    const base = this.options.ctxFactory(opts.source, signal, def);
    const ctx: CommandContext = {
      ...base,
      // `--yes` answers every question a command asks, not only the dangerous command's
      ...(opts.yes ? { confirm: async () => true, confirmed: true } : {}),
      signal,
      keys,
      run: (id, args) => this.run(id, args ?? {}, { source: opts.source, signal, keys, yes: opts.yes }),
    };
    if (opts.input !== undefined) ctx.input = opts.input;
    return ctx;
  }
}
