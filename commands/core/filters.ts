/**
 * Text filters of the terminal pipe (`user list | grep 冻结 | sort -r 用户账号 | head 3`): they
 * work on the rows the previous command printed (its table, else its records), keep each row's
 * record beside it so that a later command still receives whole records, and print like any table.
 */
import { cellText } from './format.ts';
import { CommandError } from './errors.ts';
import type { CommandResult, TableResult } from './types.ts';

type Row = Record<string, unknown>;

/** The filters, with their usage and one line of help each (listed by `help`). */
export const PIPE_FILTERS: Array<{ name: string; usage: string; title: string }> = [
  { name: 'head', usage: 'head [n]', title: '只保留前 n 行（默认 10）' },
  { name: 'tail', usage: 'tail [n]', title: '只保留后 n 行（默认 10）' },
  { name: 'grep', usage: 'grep [-v] [-i] <文本>', title: '保留含该文本的行（-v 取反，-i 不分大小写）' },
  { name: 'sort', usage: 'sort [-r] [-n] <列>', title: '按列排序（-r 倒序，-n 按数字）' },
  { name: 'count', usage: 'count', title: '输出行数' },
  { name: 'select', usage: 'select <列> [列…]', title: '只保留这些列（列名或标题）' },
];

export const isPipeFilter = (word: string) => PIPE_FILTERS.some((f) => f.name === word);

export const FILTER_MSG = {
  noInput: (name: string) => `${name} 需要管道输入，例如: user list | ${name}`,
  badCount: (value: string) => `不是正整数: ${value}`,
  noColumn: (name: string) => `没有这一列: ${name}`,
  missing: (usage: string) => `用法: ${usage}`,
};

interface Stream {
  columns: TableResult['columns'];
  /** printed rows and the record each came from */
  items: Array<{ row: Row; record: Row }>;
}

/** What the previous command printed, paired with what it passes on. */
function streamOf(result: CommandResult): Stream {
  const rows = result.table?.rows ?? result.records ?? [];
  const records = result.records && result.records.length === rows.length ? result.records : rows;
  const columns = result.table?.columns ?? Object.keys(rows[0] ?? {}).map((key) => ({ key, title: key }));
  return { columns, items: rows.map((row, i) => ({ row, record: records[i] ?? row })) };
}

const toResult = ({ columns, items }: Stream): CommandResult => ({
  table: { columns, rows: items.map((i) => i.row) },
  records: items.map((i) => i.record),
});

/** Options (`-r`, `-vi`) and the other words. */
function split(words: string[]): { flags: Set<string>; rest: string[] } {
  const flags = new Set<string>();
  const rest: string[] = [];
  for (const w of words) {
    if (/^-[a-z]+$/i.test(w)) for (const c of w.slice(1)) flags.add(c);
    else rest.push(w);
  }
  return { flags, rest };
}

function count(word: string | undefined, fallback: number): number {
  if (word === undefined) return fallback;
  if (!/^\d+$/.test(word)) throw new CommandError(FILTER_MSG.badCount(word));
  return Number(word);
}

/** A column by key or title (case-insensitive). */
function column(stream: Stream, name: string) {
  const lower = name.toLowerCase();
  const col = stream.columns.find((c) => c.key.toLowerCase() === lower || c.title.toLowerCase() === lower);
  if (!col) throw new CommandError(FILTER_MSG.noColumn(name));
  return col;
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Run one filter over the previous result; `input` undefined means nothing was piped in. */
export function runPipeFilter(
  name: string,
  words: string[],
  input: CommandResult | undefined,
): CommandResult {
  if (!input) throw new CommandError(FILTER_MSG.noInput(name));
  const stream = streamOf(input);
  const usage = PIPE_FILTERS.find((f) => f.name === name)?.usage ?? name;
  const { flags, rest } = split(words);
  switch (name) {
    case 'head':
      return toResult({ ...stream, items: stream.items.slice(0, count(rest[0], 10)) });
    case 'tail': {
      const n = count(rest[0], 10);
      return toResult({ ...stream, items: n === 0 ? [] : stream.items.slice(-n) });
    }
    case 'grep': {
      const needle = rest.join(' ');
      if (!needle) throw new CommandError(FILTER_MSG.missing(usage));
      const fold = (s: string) => (flags.has('i') ? s.toLowerCase() : s);
      const want = fold(needle);
      const hit = (row: Row) => stream.columns.some((c) => fold(cellText(row[c.key])).includes(want));
      return toResult({ ...stream, items: stream.items.filter((i) => hit(i.row) !== flags.has('v')) });
    }
    case 'sort': {
      if (!rest[0]) throw new CommandError(FILTER_MSG.missing(usage));
      const { key } = column(stream, rest[0]);
      const numeric = flags.has('n');
      const cmp = (a: Row, b: Row) =>
        numeric
          ? Number(a[key] ?? 0) - Number(b[key] ?? 0)
          : collator.compare(cellText(a[key]), cellText(b[key]));
      const items = [...stream.items].sort((a, b) => cmp(a.row, b.row) * (flags.has('r') ? -1 : 1));
      return toResult({ ...stream, items });
    }
    case 'count':
      return { message: String(stream.items.length) };
    case 'select': {
      if (!rest.length) throw new CommandError(FILTER_MSG.missing(usage));
      const columns = rest.map((w) => column(stream, w));
      const items = stream.items.map(({ row, record }) => ({
        row: Object.fromEntries(columns.map((c) => [c.key, row[c.key]])),
        record,
      }));
      return toResult({ columns, items });
    }
    default:
      throw new CommandError(FILTER_MSG.missing(usage));
  }
}
