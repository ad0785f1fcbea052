/**
 * Applying a Tab completion (commands/core/complete.ts) to the input line, and listing several
 * candidates under the prompt.
 */
import type { Completion, CompletionItem } from '../../../../commands/core/complete.ts';
import { padText, textWidth, truncateText } from '../../../../commands/core/text-width.ts';
import type { LineState } from './line-editor.ts';

export interface CompletionOutcome extends LineState {
  /** more than one candidate: list them */
  candidates: CompletionItem[];
}

/** Longest common prefix of the values, compared case-insensitively, spelled as the first value. */
export function commonPrefix(values: readonly string[]): string {
  const [first = '', ...others] = values;
  let length = first.length;
  for (const value of others) {
    let i = 0;
    while (i < length && i < value.length && first[i]?.toLowerCase() === value[i]?.toLowerCase()) i += 1;
    length = i;
  }
  return first.slice(0, length);
}

/**
 * One candidate replaces the word and adds a space (unless a space already follows or the value
 * ends with `=`); several extend the word to their common prefix and are returned to be listed.
 */
export function applyCompletion(line: string, cursor: number, completion: Completion): CompletionOutcome {
  const { replaceFrom, items } = completion;
  const typed = line.slice(replaceFrom, cursor);
  const replace = (value: string, candidates: CompletionItem[]): CompletionOutcome => ({
    text: line.slice(0, replaceFrom) + value + line.slice(cursor),
    cursor: replaceFrom + value.length,
    candidates,
  });
  if (items.length === 0) return { text: line, cursor, candidates: [] };
  if (items.length === 1) {
    const value = items[0]?.value ?? '';
    const space = value.endsWith('=') || line[cursor] === ' ' ? '' : ' ';
    const outcome = replace(value + space, []);
    return line[cursor] === ' ' ? { ...outcome, cursor: outcome.cursor + 1 } : outcome;
  }
  const prefix = commonPrefix(items.map((i) => i.value));
  return prefix.length > typed.length ? replace(prefix, items) : { text: line, cursor, candidates: items };
}

/** At most this many candidates are listed. */
export const LIST_MAX = 100;

/**
 * Candidates as lines for a terminal `columns` wide: with descriptions, one per line (`value  detail`);
 * without, in columns like bash.
 */
export function formatCandidates(items: readonly CompletionItem[], columns: number): string[] {
  const shown = items.slice(0, LIST_MAX);
  const more = items.length > shown.length ? [`… 共 ${items.length} 项`] : [];
  const width = Math.max(...shown.map((i) => textWidth(i.value)));
  if (shown.some((i) => i.detail)) {
    const room = Math.max(10, columns - width - 4);
    const lines = shown.map((i) =>
      `  ${padText(i.value, width)}  ${truncateText(i.detail ?? '', room)}`.trimEnd(),
    );
    return [...lines, ...more];
  }
  const cell = width + 2;
  const perRow = Math.max(1, Math.floor(columns / cell));
  const lines: string[] = [];
  for (let i = 0; i < shown.length; i += perRow) {
    const row = shown.slice(i, i + perRow).map((item) => padText(item.value, cell));
    lines.push(row.join('').trimEnd());
  }
  return [...lines, ...more];
}
