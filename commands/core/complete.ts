/**
 * Tab completion for the terminal, from the registry: command paths (domain, then verb), the flags
 * of a command (from its schema, plus the global flags) and the enum values of a flag or positional.
 */
import { GLOBAL_FLAGS, quoteWord } from './argv.ts';
import { SHELL_BUILTINS } from './help.ts';
import { lex, wordText } from './lexer.ts';
import type { Word } from './lexer.ts';
import { describeArgs, toCamel, toKebab } from './schema-info.ts';
import type { FieldInfo } from './schema-info.ts';
import type { CommandDefinition } from './types.ts';

export interface CompletionItem {
  /** the text that replaces `line.slice(replaceFrom, cursor)` */
  value: string;
  kind: 'command' | 'builtin' | 'flag' | 'value';
  /** title of the command or description of the flag */
  detail?: string;
}

export interface Completion {
  replaceFrom: number;
  items: CompletionItem[];
}

const segment = (s: string) => toCamel(s).toLowerCase();

function startsWith(value: string, prefix: string): boolean {
  return value.toLowerCase().startsWith(prefix.toLowerCase());
}

/** Next path segments after `typed` (e.g. ['user'] → verbs of `user`). */
function pathItems(typed: string[], commands: readonly CommandDefinition[]): CompletionItem[] {
  const items = new Map<string, CompletionItem>();
  const depth = typed.length;
  for (const def of commands) {
    const parts = def.id.split('.');
    if (parts.length <= depth || !typed.every((w, i) => segment(w) === parts[i]?.toLowerCase())) continue;
    const value = parts[depth] as string;
    const isLeaf = parts.length === depth + 1;
    const detail = isLeaf ? def.title : (def.category ?? items.get(value)?.detail);
    const item: CompletionItem = { value, kind: 'command' };
    if (detail !== undefined) item.detail = detail;
    if (!items.has(value) || isLeaf) items.set(value, item);
  }
  if (depth === 0) {
    for (const b of SHELL_BUILTINS) items.set(b.name, { value: b.name, kind: 'builtin', detail: b.title });
    for (const def of commands) {
      for (const alias of def.aliases ?? []) {
        // multi-word aliases are for palette search; completion inserts one word
        if (!/\s/.test(alias)) items.set(alias, { value: alias, kind: 'command', detail: def.title });
      }
    }
  }
  return [...items.values()];
}

/** The longest command id spelled by the first words. */
function findCommand(words: string[], commands: readonly CommandDefinition[]) {
  for (let n = words.length; n >= 1; n -= 1) {
    const key = words.slice(0, n).map(segment).join('.');
    const def =
      n >= 2
        ? commands.find((d) => d.id.toLowerCase() === key)
        : commands.find((d) => d.aliases?.some((a) => a.toLowerCase() === words[0]?.toLowerCase()));
    if (def) return { def, rest: words.slice(n) };
  }
  return undefined;
}

function valueItems(field: FieldInfo | undefined): CompletionItem[] {
  const values = field?.values ?? field?.element?.values ?? [];
  return values.map((v) => ({ value: quoteWord(String(v)), kind: 'value' as const }));
}

function flagItems(fields: FieldInfo[], used: string[]): CompletionItem[] {
  const items: CompletionItem[] = fields
    .filter((f) => f.kind === 'array' || !used.includes(f.flag))
    .map((f) => {
      const item: CompletionItem = { value: f.flag, kind: 'flag' };
      if (f.description !== undefined) item.detail = f.description;
      return item;
    });
  for (const flag of Object.keys(GLOBAL_FLAGS)) {
    if (flag.startsWith('--') && !used.includes(flag)) items.push({ value: flag, kind: 'flag' });
  }
  return items;
}

function argItems(
  def: CommandDefinition,
  rest: string[],
  prefix: string,
): { items: CompletionItem[]; eq?: number } {
  const fields = describeArgs(def);
  const byFlag = (flag: string) => fields.find((f) => f.flag === `--${toKebab(toCamel(flag.slice(2)))}`);
  const eq = prefix.indexOf('=');
  if (prefix.startsWith('--') && eq > 0)
    return { items: valueItems(byFlag(prefix.slice(0, eq))), eq: eq + 1 };
  const previous = rest[rest.length - 1];
  const pending = previous?.startsWith('--') && !previous.includes('=') ? byFlag(previous) : undefined;
  if (pending && pending.kind !== 'boolean') return { items: valueItems(pending) };
  const used = rest.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0] as string);
  if (prefix.startsWith('-')) return { items: flagItems(fields, used) };
  let given = 0;
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i] as string;
    if (!word.startsWith('-')) given += 1;
    else if (!word.includes('=') && byFlag(word) && byFlag(word)?.kind !== 'boolean') i += 1;
  }
  const positional =
    fields.find((f) => f.position === given) ??
    fields.find((f) => f.position !== undefined && f.kind === 'array');
  const values = valueItems(positional);
  if (values.length > 0) return { items: values };
  return { items: prefix === '' ? flagItems(fields, used) : [] };
}

/**
 * Completes the word under the cursor. `commands` should be the visible ones
 * (`executor.visible()`), so that a user is never offered a command they may not run.
 */
export function complete(line: string, cursor: number, commands: readonly CommandDefinition[]): Completion {
  const before = line.slice(0, cursor);
  const tokens = lex(before, { shell: true, partial: true });
  const lastOp = tokens.map((t) => t.type).lastIndexOf('op');
  const words: Word[] = tokens.slice(lastOp + 1).flatMap((t) => (t.type === 'word' ? [t.word] : []));
  const last = words[words.length - 1];
  const current = last && last.end === before.length ? last : undefined;
  const typed = (current ? words.slice(0, -1) : words).map(wordText);
  const prefix = current ? wordText(current) : '';
  const replaceFrom = current ? current.start : cursor;

  let items: CompletionItem[];
  const path = typed[0] === 'help' ? typed.slice(1) : typed;
  const found = typed[0] === 'help' ? undefined : findCommand(typed, commands);
  if (found) {
    const result = argItems(found.def, found.rest, prefix);
    items = result.items;
    if (result.eq !== undefined) {
      const valuePrefix = prefix.slice(result.eq);
      return {
        replaceFrom: replaceFrom + result.eq,
        items: items.filter((i) => startsWith(i.value, valuePrefix)),
      };
    }
  } else {
    items = pathItems(path, commands);
  }
  const matching = items.filter((i) => startsWith(i.value, prefix));
  // enum values keep their declared order; commands come before built-ins, flags alphabetically
  const rank = { command: 0, builtin: 1, flag: 2, value: 3 };
  matching.sort(
    (a, b) => rank[a.kind] - rank[b.kind] || (a.kind === 'value' ? 0 : a.value.localeCompare(b.value)),
  );
  return { replaceFrom, items: matching };
}
