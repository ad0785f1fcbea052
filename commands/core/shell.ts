/**
 * Runs terminal scripts through the executor: resolves `domain verb` to a command id, parses argv,
 * pipes `records` from one command to the next, honours `;` `&&` `||`, variables and built-ins
 * (`help`, `set`, `clear`), and prints results as text, JSON or CSV.
 */
import { parseArgv } from './argv.ts';
import { COMMAND_MSG, CommandError } from './errors.ts';
import type { CommandExecutor } from './executor.ts';
import { renderResult } from './format.ts';
import type { OutputFormat, TableTextOptions } from './format.ts';
import { commandHelp, groupHelp, helpGroups, helpIndex } from './help.ts';
import { PIPE_FILTERS, isPipeFilter, runPipeFilter } from './filters.ts';
import { describeArgs, toCamel } from './schema-info.ts';
import { expandWord, parseScript } from './script.ts';
import type { Pipeline } from './script.ts';
import type { CommandDefinition, CommandResult } from './types.ts';

export { parseScript } from './script.ts';
export type { Pipeline, SimpleCommand } from './script.ts';

export interface RunScriptOptions {
  source: 'terminal' | 'script';
  /** Ctrl+C: aborts the running command and skips the rest of the script */
  signal: AbortSignal;
  out: (line: string) => void;
  /** error lines (defaults to `out`) */
  err?: (line: string) => void;
  /** variables, kept by the caller between scripts */
  vars: Map<string, string>;
  /** answer yes to every confirmation */
  yes?: boolean;
  /** keybinding display in help */
  isMac?: boolean;
  /** the `clear` built-in */
  clear?: () => void;
  table?: TableTextOptions;
}

/** What happened to one statement (one pipeline). */
export interface StatementResult {
  text: string;
  status: 'ok' | 'error' | 'cancelled' | 'skipped';
  /** result of the last command of the pipeline */
  result?: CommandResult;
  error?: string;
}

export interface ResolvedCommand {
  def: CommandDefinition;
  /** the words after the command path */
  rest: string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_ID_WORDS = 4;

function normalizeWord(word: string): string {
  return toCamel(word).toLowerCase();
}

/**
 * Finds the command named by the first words: the longest `a b c` matching an id `a.b.c`
 * (case-insensitive, `reset-password` = `resetPassword`), else the longest alias spelled by the
 * first words (`users`, `list users`).
 */
export function resolveCommand(words: string[], commands: readonly CommandDefinition[]): ResolvedCommand {
  const byPath = new Map(commands.map((d) => [d.id.toLowerCase(), d]));
  for (let n = Math.min(words.length, MAX_ID_WORDS); n >= 2; n -= 1) {
    const def = byPath.get(words.slice(0, n).map(normalizeWord).join('.'));
    if (def) return { def, rest: words.slice(n) };
  }
  let best: ResolvedCommand | undefined;
  let bestLength = 0;
  for (const def of commands) {
    for (const alias of def.aliases ?? []) {
      const parts = alias.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = parts.length > bestLength && parts.every((p, i) => words[i]?.toLowerCase() === p);
      if (matches) {
        best = { def, rest: words.slice(parts.length) };
        bestLength = parts.length;
      }
    }
  }
  if (best) return best;
  throw new CommandError(COMMAND_MSG.unknown(words.slice(0, 2).join(' ')));
}

interface Step {
  result: CommandResult;
  format: OutputFormat;
}

class ScriptRun {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly opts: RunScriptOptions,
  ) {}

  private get err(): (line: string) => void {
    return this.opts.err ?? this.opts.out;
  }

  async pipeline(pipeline: Pipeline): Promise<CommandResult> {
    let input: Array<Record<string, unknown>> | undefined;
    let last: Step | undefined;
    for (const command of pipeline.commands) {
      const words = command.words.map((w) => expandWord(w, this.opts.vars));
      const [head = '', ...tail] = words;
      // text filters work on what the previous command printed, in the format it asked for
      last = isPipeFilter(head)
        ? { result: runPipeFilter(head, tail, last?.result), format: last?.format ?? 'text' }
        : await this.simple(words, input);
      input = last.result.records ?? last.result.table?.rows;
    }
    if (!last) return {};
    for (const line of renderResult(last.result, last.format, this.opts.table)) this.opts.out(line);
    return last.result;
  }

  private async simple(words: string[], input: Array<Record<string, unknown>> | undefined): Promise<Step> {
    const [head = '', ...tail] = words;
    const text = (result: CommandResult = {}): Step => ({ result, format: 'text' });
    if (head === 'help') return text(this.help(tail));
    if (head === 'set' || (tail.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(head))) {
      return text(this.assign(head === 'set' ? tail : words));
    }
    if (head === 'clear' && tail.length === 0) {
      this.opts.clear?.();
      return text();
    }
    const { def, rest } = resolveCommand(words, this.executor.registry.all());
    const { args, globals } = parseArgv(def, rest);
    if (globals.help) return text({ message: commandHelp(def, this.opts.isMac).join('\n') });
    if (globals.dryRun && !describeArgs(def).some((f) => f.name === 'dryRun')) {
      throw new CommandError(COMMAND_MSG.noDryRun);
    }
    const result = await this.executor.run(def.id, args, {
      source: this.opts.source,
      signal: this.opts.signal,
      input,
      yes: this.opts.yes === true || globals.yes,
    });
    return { result, format: globals.json ? 'json' : globals.csv ? 'csv' : 'text' };
  }

  private help(words: string[]): CommandResult {
    const visible = this.executor.visible();
    if (words.length === 0) return { message: helpGroups(visible).join('\n') };
    if (words.length === 1 && words[0] === '--all')
      return { message: helpIndex(visible, this.opts.isMac).join('\n') };
    const filter = PIPE_FILTERS.find((f) => f.name === words[0]);
    if (filter && words.length === 1) return { message: `${filter.usage} — ${filter.title}` };
    try {
      const { def } = resolveCommand(words, visible);
      return { message: commandHelp(def, this.opts.isMac).join('\n') };
    } catch (error) {
      // `help user`: the commands of a group
      const group = words.length === 1 ? groupHelp(words[0]!, visible, this.opts.isMac) : undefined;
      if (group) return { message: group.join('\n') };
      throw error;
    }
  }

  private assign(words: string[]): CommandResult {
    if (words.length === 0) {
      const lines = [...this.opts.vars].map(([k, v]) => `${k}=${v}`);
      return lines.length > 0 ? { message: lines.join('\n') } : {};
    }
    for (const word of words) {
      const eq = word.indexOf('=');
      const name = word.slice(0, eq);
      if (eq < 1 || !NAME.test(name)) throw new CommandError(COMMAND_MSG.badAssignment(word));
      this.opts.vars.set(name, word.slice(eq + 1));
    }
    return {};
  }

  async run(pipelines: Pipeline[]): Promise<StatementResult[]> {
    const results: StatementResult[] = [];
    let lastOk = true;
    for (const pipeline of pipelines) {
      const skip = (pipeline.when === 'ok' && !lastOk) || (pipeline.when === 'fail' && lastOk);
      if (this.opts.signal.aborted || skip) {
        results.push({ text: pipeline.text, status: 'skipped' });
        continue;
      }
      try {
        const result = await this.pipeline(pipeline);
        results.push({ text: pipeline.text, status: 'ok', result });
        lastOk = true;
      } catch (error) {
        const failure =
          error instanceof CommandError
            ? error
            : new CommandError(error instanceof Error ? error.message : String(error));
        const cancelled = failure.outcome === 'cancelled' || this.opts.signal.aborted;
        this.err(cancelled ? COMMAND_MSG.cancelled : failure.message);
        results.push({
          text: pipeline.text,
          status: cancelled ? 'cancelled' : 'error',
          error: failure.message,
        });
        lastOk = false;
      }
    }
    return results;
  }
}

/**
 * Runs a script (text or parsed pipelines). A syntax error prints its message and returns one
 * 'error' statement; otherwise one StatementResult per pipeline, in order.
 */
export async function runScript(
  script: string | Pipeline[],
  executor: CommandExecutor,
  opts: RunScriptOptions,
): Promise<StatementResult[]> {
  let pipelines: Pipeline[];
  try {
    pipelines = typeof script === 'string' ? parseScript(script) : script;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    (opts.err ?? opts.out)(message);
    return [{ text: typeof script === 'string' ? script : '', status: 'error', error: message }];
  }
  return new ScriptRun(executor, opts).run(pipelines);
}
