/**
 * Terminal argv ⇄ command args, driven by the command's zod schema (see schema-info.ts):
 * positional fields, `--flag value`, `--flag=value`, booleans (`--x`, `--no-x`), number and enum
 * coercion, arrays (repeated flag or comma list), and the global flags handled by the shell.
 */
import { COMMAND_MSG, CommandError } from './errors.ts';
import { lex, wordText } from './lexer.ts';
import { describeArgs, toCamel } from './schema-info.ts';
import type { FieldInfo } from './schema-info.ts';
import type { CommandDefinition } from './types.ts';

/** Flags every command accepts; they steer the shell and are not validated by the command's schema. */
export interface GlobalFlags {
  json: boolean;
  csv: boolean;
  yes: boolean;
  dryRun: boolean;
  help: boolean;
}

export interface ParsedArgv {
  /** raw args, to be validated by the executor */
  args: Record<string, unknown>;
  globals: GlobalFlags;
}

/** Terminal spellings of the global flags. */
export const GLOBAL_FLAGS: Record<string, keyof GlobalFlags> = {
  '--json': 'json',
  '--csv': 'csv',
  '--yes': 'yes',
  '-y': 'yes',
  '--dry-run': 'dryRun',
  '--help': 'help',
  '-h': 'help',
};

/** Splits one command line into words, honouring quotes and backslash escapes (no variables, no operators). */
export function tokenize(line: string): string[] {
  return lex(line, { shell: false }).flatMap((t) => (t.type === 'word' ? [wordText(t.word)] : []));
}

/** `user.freeze` → `user freeze`. */
export function commandPath(id: string): string {
  return id.split('.').join(' ');
}

const TRUE = new Set(['true', '1', 'yes', 'y', 'on', '是']);
const FALSE = new Set(['false', '0', 'no', 'n', 'off', '否']);

function toBoolean(label: string, raw: string): boolean {
  const v = raw.toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw new CommandError(COMMAND_MSG.notABoolean(label, raw));
}

function toScalar(
  label: string,
  kind: FieldInfo['kind'],
  values: unknown[] | undefined,
  raw: string,
): unknown {
  if (values) {
    const found = values.find((v) => String(v) === raw);
    if (found === undefined) throw new CommandError(COMMAND_MSG.notInEnum(label, values.map(String)));
    return found;
  }
  if (kind === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new CommandError(COMMAND_MSG.notANumber(label, raw));
    return n;
  }
  if (kind === 'boolean') return toBoolean(label, raw);
  return raw;
}

function label(field: FieldInfo): string {
  return field.position !== undefined ? `<${field.name}>` : field.flag;
}

/** Adds one raw value to `args` (arrays accumulate, scalars: last one wins). */
function assign(args: Record<string, unknown>, field: FieldInfo, raw: string): void {
  if (field.kind !== 'array') {
    args[field.name] = toScalar(label(field), field.kind, field.values, raw);
    return;
  }
  const element = field.element ?? { kind: 'unknown' as const };
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => toScalar(label(field), element.kind, element.values, s));
  const previous = Array.isArray(args[field.name]) ? (args[field.name] as unknown[]) : [];
  args[field.name] = [...previous, ...items];
}

const NEGATIVE_NUMBER = /^-\d/;

/**
 * Parses the words after the command path. Throws CommandError on an unknown flag
 * (`未知参数: --x`), a missing flag value, a bad number/enum/boolean or an extra positional.
 */
/** The argument naming the rows a command acts on: its declared `target`, else an `ids` or `id` positional. */
export function targetArg(def: Pick<CommandDefinition, 'positional' | 'target'>): string | undefined {
  return def.target ?? def.positional?.find((p) => p === 'ids' || p === 'id');
}

export function parseArgv(
  def: Pick<CommandDefinition, 'args' | 'positional' | 'target'>,
  tokens: string[],
): ParsedArgv {
  const fields = describeArgs(def);
  const byName = new Map<string, FieldInfo>();
  for (const f of fields) {
    byName.set(f.flag.slice(2), f);
    byName.set(f.name, f);
  }
  const positional = fields
    .filter((f) => f.position !== undefined)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const globals: GlobalFlags = { json: false, csv: false, yes: false, dryRun: false, help: false };
  const args: Record<string, unknown> = {};
  const loose: string[] = [];
  let onlyPositional = false;

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if (onlyPositional || token === '-' || !token.startsWith('-') || NEGATIVE_NUMBER.test(token)) {
      loose.push(token);
      continue;
    }
    if (token === '--') {
      onlyPositional = true;
      continue;
    }
    const eq = token.indexOf('=');
    const flag = eq > 0 ? token.slice(0, eq) : token;
    const inline = eq > 0 ? token.slice(eq + 1) : undefined;
    const global = GLOBAL_FLAGS[flag];
    if (global) {
      const on = inline === undefined ? true : toBoolean(flag, inline);
      globals[global] = on;
      // a command implementing e.g. a dry run declares the same field (`dryRun`) and receives it too
      if (byName.get(global)?.kind === 'boolean') args[global] = on;
      continue;
    }
    const name = flag.startsWith('--') ? flag.slice(2) : '';
    let field = byName.get(name) ?? byName.get(toCamel(name));
    if (!field && name.startsWith('no-')) {
      const negated = byName.get(name.slice(3)) ?? byName.get(toCamel(name.slice(3)));
      if (negated?.kind === 'boolean' && inline === undefined) {
        args[negated.name] = false;
        continue;
      }
    }
    if (!field) throw new CommandError(COMMAND_MSG.unknownFlag(flag));
    if (field.kind === 'boolean') {
      args[field.name] = inline === undefined ? true : toBoolean(flag, inline);
      continue;
    }
    let raw = inline;
    if (raw === undefined) {
      const next = tokens[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        throw new CommandError(COMMAND_MSG.flagNeedsValue(flag));
      }
      raw = next;
      i += 1;
    }
    field = { ...field, position: undefined };
    assign(args, field, raw);
  }

  // an optional target (its rows may come from a pipe or the selection) is the positional left out
  // when words are missing and the words fit the others' choices: `goods list | goods status 下架`
  const target = positional.find((f) => f.name === targetArg(def));
  const others = positional.filter((f) => f !== target);
  const fits = loose.every((w, i) => !others[i]?.values || others[i].values.some((v) => String(v) === w));
  const taking = target?.optional && loose.length < positional.length && fits ? others : positional;
  for (const [index, field] of taking.entries()) {
    const variadic = field.kind === 'array' && index === taking.length - 1;
    const taken = variadic ? loose.splice(0) : loose.splice(0, 1);
    for (const raw of taken) assign(args, field, raw);
  }
  const [extra] = loose;
  if (extra !== undefined) throw new CommandError(COMMAND_MSG.extraArg(extra));
  return { args, globals };
}

const PLAIN = /^[^\s'"\\$;|&#“”‘’]+$/u;

/** Quotes a word so that `tokenize` (and the script parser) reads it back unchanged. */
export function quoteWord(value: string): string {
  if (PLAIN.test(value)) return value;
  return `"${value.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
}

function stringify(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** `--flag value`, or `--flag=value` when the value looks like a flag itself. */
function flagWord(flag: string, value: string): string {
  return value.startsWith('-') ? `${flag}=${quoteWord(value)}` : `${flag} ${quoteWord(value)}`;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Formats args back into a command line (`user freeze alice --reason "违规 操作"`), for history and audit. */
export function formatArgs(def: Pick<CommandDefinition, 'id' | 'args' | 'positional'>, args: object): string {
  const values = args as Record<string, unknown>;
  const words = [commandPath(def.id)];
  const flags: string[] = [];
  const rest: string[] = [];
  let positionalOpen = true;
  const fields = describeArgs(def);
  const ordered = [
    ...fields.filter((f) => f.position !== undefined).sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    ...fields.filter((f) => f.position === undefined),
  ];
  for (const field of ordered) {
    const value = values[field.name];
    const given = value !== undefined && value !== null;
    if (field.position !== undefined && positionalOpen && given) {
      const items = Array.isArray(value) ? value.map(stringify) : [stringify(value)];
      rest.push(...items);
      continue;
    }
    if (field.position !== undefined) positionalOpen = false;
    if (!given || (field.hasDefault && sameValue(value, field.defaultValue))) continue;
    if (typeof value === 'boolean') flags.push(value ? field.flag : `--no-${field.flag.slice(2)}`);
    else if (Array.isArray(value) && !value.some((v) => stringify(v).includes(','))) {
      if (value.length > 0) flags.push(flagWord(field.flag, value.map(stringify).join(',')));
    } else if (Array.isArray(value)) {
      for (const v of value) flags.push(flagWord(field.flag, stringify(v)));
    } else flags.push(flagWord(field.flag, stringify(value)));
  }
  // positional words come first, unless one looks like a flag: then they follow `--`
  if (rest.some((w) => w.startsWith('-'))) words.push(...flags, '--', ...rest.map(quoteWord));
  else words.push(...rest.map(quoteWord), ...flags);
  return words.join(' ');
}
