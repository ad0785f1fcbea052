/**
 * `help` and `help <domain verb>` text, generated from command metadata (title, category, args
 * schema descriptions, defaults, enum values, keybinding, permission).
 */
import { commandPath } from './argv.ts';
import { formatKeybinding } from './keybinding.ts';
import { describeArgs } from './schema-info.ts';
import type { FieldInfo } from './schema-info.ts';
import { padText, textWidth } from './text-width.ts';
import type { CommandDefinition } from './types.ts';
import { PIPE_FILTERS } from './filters.ts';

/** Built-in words of the terminal language, listed by `help`. */
export const SHELL_BUILTINS: Array<{ name: string; title: string }> = [
  { name: 'help', title: '显示帮助（help <分组> 列出一组命令，help <命令> 查看用法，help --all 列出全部）' },
  { name: 'set', title: '设置变量（set name=value，之后用 $name 引用）' },
  { name: 'clear', title: '清屏' },
];

const OTHER_CATEGORY = '其他';
const GLOBAL_HELP =
  '全局选项: --json 输出 JSON，--csv 输出 CSV，--yes 跳过确认，--dry-run 演练不执行，--help 帮助';

/** Two aligned columns (CJK-aware), indented. */
function columns(rows: Array<[string, string]>, indent = '  '): string[] {
  const width = Math.max(0, ...rows.map(([left]) => textWidth(left)));
  return rows.map(([left, right]) => `${indent}${padText(left, width)}  ${right}`.trimEnd());
}

function placeholder(field: FieldInfo): string {
  if (field.values) return field.values.map(String).join('|');
  if (field.kind === 'array') {
    return field.element?.values ? `${field.element.values.map(String).join('|')},…` : '值1,值2';
  }
  return field.kind === 'number' ? '数字' : '文本';
}

function positionalWord(field: FieldInfo): string {
  const variadic = field.kind === 'array' ? '...' : '';
  return field.optional ? `[${field.name}${variadic}]` : `<${field.name}${variadic}>`;
}

function flagWord(field: FieldInfo): string {
  const word = field.kind === 'boolean' ? field.flag : `${field.flag} <${placeholder(field)}>`;
  return field.optional ? `[${word}]` : word;
}

/** `user freeze <username> [--reason <文本>]`. */
export function usageLine(def: CommandDefinition): string {
  const fields = describeArgs(def);
  const positional = fields
    .filter((f) => f.position !== undefined)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map(positionalWord);
  const flags = fields.filter((f) => f.position === undefined).map(flagWord);
  return [commandPath(def.id), ...positional, ...flags].join(' ');
}

function formatValue(value: unknown): string {
  if (value === '') return '""';
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function fieldNotes(field: FieldInfo): string {
  const notes: string[] = [];
  const values = field.values ?? field.element?.values;
  if (values) notes.push(`可选值: ${values.map(String).join(', ')}`);
  if (field.hasDefault && field.defaultValue !== undefined)
    notes.push(`默认: ${formatValue(field.defaultValue)}`);
  else if (!field.optional) notes.push('必填');
  if (field.kind === 'array') notes.push('可重复或用逗号分隔');
  if (field.kind === 'boolean') notes.push(`--no-${field.flag.slice(2)} 取反`);
  const description = field.description ?? '';
  return notes.length > 0 ? `${description}（${notes.join('；')}）` : description;
}

/** `help <domain verb>`: title, usage, arguments, flags, examples, keybinding, permission. */
export function commandHelp(def: CommandDefinition, isMac = false): string[] {
  const fields = describeArgs(def);
  const positional = fields
    .filter((f) => f.position !== undefined)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const flags = fields.filter((f) => f.position === undefined);
  const lines = [`${commandPath(def.id)} — ${def.title}`, `用法: ${usageLine(def)}`];
  if (positional.length > 0) {
    lines.push(
      '参数:',
      ...columns(positional.map((f): [string, string] => [positionalWord(f), fieldNotes(f)])),
    );
  }
  if (flags.length > 0) {
    lines.push(
      '选项:',
      ...columns(
        flags.map((f): [string, string] => [
          f.kind === 'boolean' ? f.flag : `${f.flag} <${placeholder(f)}>`,
          fieldNotes(f),
        ]),
      ),
    );
  }
  if (def.examples?.length) lines.push('示例:', ...def.examples.map((e) => `  ${e}`));
  lines.push(GLOBAL_HELP);
  if (def.dangerous) lines.push('危险操作: 执行前需要确认（--yes 跳过确认）');
  if (def.keybinding) lines.push(`快捷键: ${formatKeybinding(def.keybinding, isMac)}`);
  if (def.permission) lines.push(`权限: ${def.permission}`);
  if (def.aliases?.length) lines.push(`别名: ${def.aliases.join(', ')}`);
  return lines;
}

/**
 * `help`: the command groups (the first word of the commands: `user`, `order`…) with their
 * categories and how many commands each holds, then the built-ins and the pipe filters. The
 * whole list of ~250 commands is `help --all`; one group's commands are `help <group>`.
 */
export function helpGroups(commands: readonly CommandDefinition[]): string[] {
  const groups = new Map<string, { categories: Set<string>; count: number }>();
  for (const def of commands) {
    const group = commandPath(def.id).split(' ')[0]!;
    const g = groups.get(group) ?? { categories: new Set<string>(), count: 0 };
    g.categories.add(def.category ?? OTHER_CATEGORY);
    g.count++;
    groups.set(group, g);
  }
  const rows = [...groups].map(([group, g]): [string, string] => [
    group,
    `${[...g.categories].join('、')}（${g.count} 个命令）`,
  ]);
  return [
    '命令分组（help <分组> 列出该组的命令，help <命令> 查看用法，help --all 列出全部命令）:',
    ...columns(rows),
    '内置',
    ...columns(SHELL_BUILTINS.map((b): [string, string] => [b.name, b.title])),
    '管道过滤器（用在 | 之后，例如 user list | grep 冻结 | head 5）',
    ...columns(PIPE_FILTERS.map((f): [string, string] => [f.usage, f.title])),
  ];
}

/** `help --all`: every given (visible) command grouped by category, then the built-ins. */
export function helpIndex(commands: readonly CommandDefinition[], isMac = false): string[] {
  const groups = new Map<string, CommandDefinition[]>();
  for (const def of commands) {
    const category = def.category ?? OTHER_CATEGORY;
    groups.set(category, [...(groups.get(category) ?? []), def]);
  }
  const rows: Array<{ category: string; row: [string, string] }> = [];
  for (const [category, defs] of groups) {
    const sorted = [...defs].sort((a, b) => a.id.localeCompare(b.id));
    for (const def of sorted) {
      const key = def.keybinding ? `  ${formatKeybinding(def.keybinding, isMac)}` : '';
      rows.push({ category, row: [commandPath(def.id), `${def.title}${key}`] });
    }
  }
  const aligned = columns([
    ...rows.map((r) => r.row),
    ...SHELL_BUILTINS.map((b): [string, string] => [b.name, b.title]),
  ]);
  const lines = ['可用命令（help <命令> 查看用法）:'];
  let previous: string | undefined;
  rows.forEach((r, i) => {
    if (r.category !== previous) lines.push(r.category);
    previous = r.category;
    lines.push(aligned[i] ?? '');
  });
  lines.push('内置', ...aligned.slice(rows.length));
  lines.push(
    '管道过滤器（用在 | 之后，例如 user list | grep 冻结 | head 5）',
    ...columns(PIPE_FILTERS.map((f): [string, string] => [f.usage, f.title])),
  );
  return lines;
}

/**
 * `help <group>`: the commands whose id starts with the group (`help user` → user.add, user.list…)
 * or whose category is the word (`help 页签`); undefined when none matches.
 */
export function groupHelp(
  word: string,
  commands: readonly CommandDefinition[],
  isMac = false,
): string[] | undefined {
  const lower = word.toLowerCase();
  const members = commands
    .filter((d) => d.id.toLowerCase().startsWith(`${lower}.`) || d.category === word)
    .sort((a, b) => a.id.localeCompare(b.id));
  if (!members.length) return undefined;
  const rows = members.map((d): [string, string] => [
    usageLine(d),
    `${d.title}${d.keybinding ? `  ${formatKeybinding(d.keybinding, isMac)}` : ''}`,
  ]);
  return [`${word} 组的命令（help <命令> 查看详情）:`, ...columns(rows)];
}
