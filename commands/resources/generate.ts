/**
 * The commands of a resource, generated from its declaration: `<name>.list`, `.add`, `.edit` and
 * `.delete`, those of its operations (export and import of the open list are the grid's
 * `grid.export` / `grid.import`). Their arguments come from the declared fields (or the list's
 * `listArgs`), so `help position add` lists exactly what the server accepts; each calls the
 * resource's endpoint contracts, with the contract's permission.
 */
import { z } from 'zod';
import type { EndpointContract } from '../../src/shared/contracts.ts';
import {
  displayKey,
  hasDisplayText,
  type Resource,
  type ResourceField,
  type ResourceListArg,
} from '../../src/shared/resources/define.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandContext, CommandDefinition, TableColumn } from '../core/types.ts';
import { batchDeleteCommand } from '../grid/batch-delete.ts';
import { listPage, pagingArgs } from '../grid/page-list.ts';
import { requireTargets } from '../grid/targets.ts';
import type { Page } from '../../src/shared/api.ts';
import { transitionCommandEndpoints, transitionCommands } from './transitions.ts';
import { statsCommandEndpoints, statsCommands } from './stats.ts';
import { reversalCommandEndpoints, reversalCommands } from './reversal.ts';
import { withExamples } from './examples.ts';
import { ROW_VERSION } from '../../src/shared/resources/transitions.ts';
import { choiceError, dictChoices, fieldValue, type Lookups } from './field-values.ts';
import { ANONYMOUS, AUTHENTICATED } from '../../src/shared/permission-codes.ts';

/** What a field type accepts, for help (types not named take plain text). */
const TYPE_HELP: Partial<Record<ResourceField['type'], (f: ResourceField) => string>> = {
  money: () => '金额，最多两位小数',
  percent: () => '0 到 100，最多两位小数',
  location: () => '纬度,经度，如 30.27415,120.15515',
  area: (f) => `省市区编码或名称，如 330106 或 浙江省/杭州市/西湖区${f.multiple ? '；多个用逗号分隔' : ''}`,
  ref: (f) => `${f.reference!.resource} 的 id 或名称`,
  image: () => '已上传图片的路径（upload 命令的结果，或已有图片的路径）',
  images: () => '已上传图片的路径，按顺序用逗号分隔',
  richtext: () => 'HTML，保存时清理',
  date: () => 'YYYY-MM-DD',
  datetime: () => 'YYYY-MM-DD HH:mm:ss',
  cron: () => 'Quartz cron：秒 分 时 日 月 周 [年]，如 0/5 * * * * ?',
};

/** The message of a filter value that is none of the field's choices. */
export const filterChoiceError = choiceError;

/**
 * A filter on a field with choices (an enum's options, a dictionary's items) given as a choice's
 * text (`--work-status 休息`, `--level 金牌`) is sent as its value; a list of them (`已取消,已关闭`)
 * value by value, `!` kept. A value that is none of the choices is refused (it matched no row
 * silently). Anything else is sent as typed.
 */
async function filterValue(ctx: CommandContext, r: Resource, name: string, v: unknown): Promise<unknown> {
  const f = r.decl.fields.find((x) => filterParam(x) === name || x.key === name);
  if (!f || typeof v !== 'string' || (!f.options && !f.dict)) return v;
  let choices: ReadonlyArray<{ value: string; text: string }> | undefined = f.options;
  if (!choices && f.dict) {
    try {
      choices = await dictChoices(ctx, f.dict);
    } catch {
      return v;
    }
  }
  if (!choices?.length) return v;
  return v
    .split(',')
    .map((part) => {
      const not = part.trim().startsWith('!') ? '!' : '';
      const given = part.trim().slice(not.length);
      const found = choices.find((o) => o.value === given || o.text === given);
      if (!found)
        throw new Error(
          choiceError(
            f,
            given,
            choices.map((o) => o.text),
          ),
        );
      return `${not}${found.value}`;
    })
    .join(',');
}

/** Help of a field argument: its title plus what it accepts. */
function argHelp(f: ResourceField, forFilter = false): string {
  const base = f.help ?? f.title;
  if (f.dict) return `${base}（字典 ${f.dict} 的值或名称）`;
  if (f.options) return `${base}（${f.options.map((o) => `${o.value} ${o.text}`).join('，')}）`;
  if (forFilter && f.type === 'area') return `${base}（省市区编码，含下级）`;
  const accepts = TYPE_HELP[f.type]?.(f);
  if (accepts && !f.help) return `${base}（${accepts}）`;
  return forFilter && (f.type === 'string' || f.type === 'text') ? `${base}（支持 *模糊*、!不等于）` : base;
}

const textArg = (f: ResourceField, forFilter = false) =>
  z.string().optional().describe(argHelp(f, forFilter));

/**
 * The arguments of a resource's sub tables on add and edit: the rows as a list (the form) or as
 * JSON text (the terminal: `--addressList '[{"contact":"林晓",…}]'`); the server checks them.
 */
function childArgs(r: Resource): Record<string, z.ZodType> {
  return Object.fromEntries(
    (r.decl.children ?? []).map((c) => [
      c.key,
      z
        .union([z.string(), z.array(z.record(z.string(), z.unknown()))])
        .optional()
        .describe(
          `${c.title}（JSON 数组，每项含 ${c.resource.surfaces.form.map((f) => f.key).join('、')}；替换原有的）`,
        ),
    ]),
  );
}

/** Sub table rows given as JSON text become the list the endpoint takes. */
function childValues(r: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const c of r.decl.children ?? []) {
    const v = out[c.key];
    if (typeof v !== 'string') continue;
    try {
      out[c.key] = JSON.parse(v);
    } catch {
      throw new Error(c.messages.invalid);
    }
  }
  return out;
}

/** A field of `fields` typed by an operator in terms of its choices, dictionary or reference. */
const named = (f: ResourceField) => !f.system && !!(f.options?.length || f.dict || f.reference);

/**
 * One row's values as typed (`--sex 女 --technicianId 王芳`) as stored (field-values.ts); a
 * reference narrowed by another field (an address within its customer) after that field. `strict`
 * (an add): a text that names nothing is refused here; an edit sends it on for the server to judge
 * (its form sends back the values the row holds, which may name an item or a row no longer offered).
 */
async function storedRow(
  ctx: CommandContext,
  fields: readonly ResourceField[],
  row: Record<string, unknown>,
  strict: boolean,
  lookups: Lookups,
): Promise<Record<string, unknown>> {
  const out = { ...row };
  const ordered = [
    ...fields.filter((f) => !f.reference?.within),
    ...fields.filter((f) => f.reference?.within),
  ];
  for (const f of ordered) {
    const v = out[f.key];
    if (!named(f) || typeof v !== 'string' || v === '') continue;
    const within = f.reference?.within;
    const query =
      within && out[within.field] !== undefined ? { [within.field]: out[within.field] } : undefined;
    out[f.key] = await fieldValue(ctx, f, v, { strict, lookups, ...(query ? { query } : {}) });
  }
  return out;
}

/** An add's or edit's values as typed, with its sub tables' rows, as the endpoint takes them. */
async function storedValues(
  ctx: CommandContext,
  r: Resource,
  values: Record<string, unknown>,
  strict: boolean,
): Promise<Record<string, unknown>> {
  const lookups: Lookups = new Map();
  const out = await storedRow(ctx, r.decl.fields, childValues(r, values), strict, lookups);
  for (const c of r.decl.children ?? []) {
    const rows = out[c.key];
    if (Array.isArray(rows))
      out[c.key] = await Promise.all(
        rows.map((row) =>
          row && typeof row === 'object'
            ? storedRow(ctx, c.resource.decl.fields, row as Record<string, unknown>, strict, lookups)
            : row,
        ),
      );
  }
  return out;
}

/**
 * The permissions of the pickers a reference typed by name is looked up in (those of its sub
 * tables too): what the add and edit need beyond their own, as their form does.
 */
function pickerPermissions(r: Resource, own: string): string[] {
  const fields = [...r.decl.fields, ...(r.decl.children ?? []).flatMap((c) => c.resource.decl.fields)];
  const codes = fields
    .filter((f) => !f.system && f.reference)
    .map((f) => f.reference!.picker.permission as string)
    .filter((p) => p !== own && p !== ANONYMOUS && p !== AUTHENTICATED);
  return [...new Set(codes)];
}

/** The dry-run argument of the generated add and edit. */
const dryRunArg = z
  .boolean()
  .optional()
  .describe('演练：服务端按保存时的全部检查（字段规则、唯一、字典、引用、图片、业务规则）校验后回滚，不保存');

/** What a dry run of an add or edit would save: each field sent, by its title. */
function plannedTable(r: Resource, typed: Record<string, unknown>, stored: Record<string, unknown>) {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return {
    columns: [
      { key: 'field', title: '字段' },
      { key: 'value', title: '值' },
    ],
    rows: Object.entries(typed).map(([key, v]) => {
      const title =
        r.decl.fields.find((f) => f.key === key)?.title ??
        r.decl.children?.find((c) => c.key === key)?.title ??
        key;
      const saved = show(stored[key]);
      return { field: title, value: saved === show(v) ? saved : `${show(v)}（${saved}）` };
    }),
  };
}

/**
 * The columns the terminal shows: dictionary and reference fields by the text the server adds
 * (`_dictText`), enum fields by their options' text.
 */
export function terminalColumns(r: Resource): TableColumn[] {
  return r.surfaces.terminal.map((f) => ({
    key: displayKey(f),
    title: (typeof f.terminal === 'object' && f.terminal.title) || f.title,
    ...(TERMINAL_FORMAT[f.type] ? { format: TERMINAL_FORMAT[f.type] } : {}),
    ...(f.options && !hasDisplayText(f) ? { options: f.options } : {}),
  }));
}

/** How the terminal's table shows a field type's values (money with thousands separators). */
const TERMINAL_FORMAT: Partial<Record<ResourceField['type'], TableColumn['format']>> = {
  money: 'money',
  number: 'number',
  percent: 'percent',
  richtext: 'html',
};

/** The list parameter a field's filter sends (its key, or the parameter its header filter names). */
const filterParam = (f: ResourceField) => (typeof f.filter === 'string' ? f.filter : f.key);

/** A declared list argument: its choices or text, its default. */
function listArg(a: ResourceListArg): z.ZodType {
  const base = a.choices ? z.enum(a.choices) : z.string();
  return (a.default === undefined ? base.optional() : base.default(a.default)).describe(a.help);
}

/** The list command's arguments and how they map to list parameters. */
function listArguments(r: Resource) {
  if (r.decl.listArgs) {
    const declared = Object.entries(r.decl.listArgs);
    return {
      args: Object.fromEntries(declared.map(([name, a]) => [name, listArg(a)])),
      params: Object.fromEntries(declared.map(([name, a]) => [name, a.param])),
    };
  }
  const filters = r.decl.fields.filter((f) => f.filter || f.search);
  return {
    args: Object.fromEntries(filters.map((f) => [filterParam(f), textArg(f, true)])),
    params: {} as Record<string, string>,
  };
}

/**
 * The row a command argument names: its id, or the value of the declaration's `commands.ref` field
 * (`dict edit sex`). The list reads its filters in the search-input modes (`!v`, `*v*`, `a,b`…), so
 * only a record whose id or ref field is exactly `ref` counts; else `commands.ref.notFound`.
 */
export async function findByRef<T extends Record<string, unknown> = Record<string, unknown>>(
  ctx: CommandContext,
  r: Resource,
  ref: string,
): Promise<T & { id: string }> {
  const by = r.decl.commands?.ref;
  for (const key of ['id', ...(by ? [by.field] : [])]) {
    const page = await ctx.api.get<Page<T & { id: string }>>(r.endpoints.list.path, {
      [key]: ref,
      pageSize: 1,
    });
    const found = page.records[0];
    if (found && found[key] === ref) return found;
  }
  throw new Error(by?.notFound ?? r.notFound);
}

/** Every command of a resource (those of its operations). */
export function resourceCommands(r: Resource): CommandDefinition[] {
  const { decl, endpoints: ep } = r;
  const writable = decl.fields.filter((f) => !f.system);
  const listArgs = listArguments(r);
  const en = decl.english;
  const plural = decl.commands?.plural ?? `${en}s`;
  const refField = decl.fields.find((f) => f.key === decl.commands?.ref?.field);
  const keywords = decl.keywords ?? [];
  const given = (args: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

  const list = defineCommand({
    id: `${decl.name}.list`,
    title: `查询${decl.title}`,
    category: decl.category,
    aliases: [plural, `list ${plural}`],
    keywords: [`${decl.title}列表`, ...keywords],
    permission: ep.list.permission as string,
    args: z.object({ ...listArgs.args, ...pagingArgs }),
    async run(ctx, args) {
      const params: Record<string, unknown> = {
        // the resource's own default order (not every resource has a createTime)
        column: decl.defaultSort.field,
        order: decl.defaultSort.order,
        ...Object.fromEntries(
          await Promise.all(
            Object.entries(args).map(
              async ([name, v]) =>
                [listArgs.params[name] ?? name, await filterValue(ctx, r, name, v)] as const,
            ),
          ),
        ),
      };
      return listPage(ctx, ep.list.path, terminalColumns(r), params as Parameters<typeof listPage>[3]);
    },
  });
  const commands: CommandDefinition[] = [list as CommandDefinition];

  if (ep.add) {
    const add = ep.add;
    commands.push(
      defineCommand({
        id: `${decl.name}.add`,
        title: `新增${decl.title}`,
        category: decl.category,
        aliases: [`add ${en}`, `new ${en}`],
        keywords: ['新增', '添加', ...keywords],
        permission: add.permission as string,
        // references typed by name are looked up in their pickers
        ...(pickerPermissions(r, add.permission as string).length
          ? { requires: pickerPermissions(r, add.permission as string) }
          : {}),
        menus: [{ menu: `${decl.name}.toolbar`, group: '1_create', order: 1, label: '新增' }],
        args: z.object({
          ...Object.fromEntries(writable.map((f) => [f.key, textArg(f)])),
          ...childArgs(r),
          dryRun: dryRunArg,
        }),
        positional: [
          ...(decl.commands?.addPositional ?? writable.filter((f) => f.required).map((f) => f.key)),
        ],
        async run(ctx, { dryRun, ...args }) {
          const values = given(args);
          if (Object.keys(values).length === 0 && ctx.open)
            return void (await ctx.open(`${decl.name}.form`, { mode: 'add' }));
          const stored = await storedValues(ctx, r, values, true);
          const message = await ctx.api.post<string>(add.path, dryRun ? { ...stored, dryRun: true } : stored);
          if (dryRun) return { message: String(message), table: plannedTable(r, values, stored) };
          return { message: String(message), invalidate: [[...r.queryKey]] };
        },
      }) as CommandDefinition,
    );
  }

  if (ep.edit) {
    const edit = ep.edit;
    commands.push(
      defineCommand({
        id: `${decl.name}.edit`,
        title: `编辑${decl.title}`,
        category: decl.category,
        aliases: [`edit ${en}`],
        keywords: ['编辑', '修改', ...keywords],
        permission: edit.permission as string,
        // a target named by its reference field is looked up in the list, references typed by name
        // in their pickers
        ...(refField || pickerPermissions(r, edit.permission as string).length
          ? {
              requires: [
                ...new Set([
                  ...(refField ? [ep.list.permission as string] : []),
                  ...pickerPermissions(r, edit.permission as string),
                ]),
              ],
            }
          : {}),
        menus: [{ menu: `${decl.name}.row`, group: '1_edit', order: 1, label: '编辑' }],
        args: z.object({
          id: z
            .string()
            .optional()
            .describe(`${decl.title}id${refField ? `或${refField.title}` : ''}；默认表格选中行`),
          ...Object.fromEntries(writable.filter((f) => !f.fixedOnEdit).map((f) => [f.key, textArg(f)])),
          ...childArgs(r),
          [ROW_VERSION]: z
            .string()
            .optional()
            .describe('读取时的版本（queryById 的 rowVersion）；给出时，数据在此后被他人修改则拒绝'),
          dryRun: dryRunArg,
        }),
        positional: ['id'],
        async run(ctx, { id, dryRun, ...fields }) {
          const [target] = requireTargets(ctx, id as string | undefined);
          const values = given(fields);
          if (Object.keys(values).length === 0 && ctx.open)
            return void (await ctx.open(`${decl.name}.form`, { mode: 'edit', id: target }));
          const rowId = refField ? (await findByRef(ctx, r, target!)).id : target;
          // the edit endpoint is partial: what is not sent stays as it is
          const stored = await storedValues(ctx, r, values, false);
          const body = { id: rowId, ...stored, ...(dryRun ? { dryRun: true } : {}) };
          const message = await ctx.api.put<string>(edit.path, body);
          if (dryRun) return { message: String(message), table: plannedTable(r, values, stored) };
          return { message: String(message), invalidate: [[...r.queryKey]] };
        },
      }) as CommandDefinition,
    );
  }

  if (ep.deleteBatch)
    commands.push(
      batchDeleteCommand({
        domain: decl.name,
        title: `删除${decl.title}`,
        category: decl.category,
        aliases: [`delete ${en}`, `remove ${en}`],
        keywords: ['删除', '批量删除', ...keywords],
        permission: ep.deleteBatch.permission as string,
        url: ep.deleteBatch.path,
        queryKey: r.queryKey,
        ...(decl.commands?.unit ? { unit: decl.commands.unit } : {}),
        // targets named by the reference field (`role delete kefu_lead`) are looked up first
        ...(refField
          ? {
              requires: [ep.list.permission as string],
              resolve: async (ctx: CommandContext, targets: string[]) =>
                Promise.all(
                  targets.map(async (t) => {
                    const row = await findByRef(ctx, r, t);
                    return { id: row.id, label: String(row[refField.key] ?? t) };
                  }),
                ),
            }
          : {}),
      }) as CommandDefinition,
    );

  commands.push(...transitionCommands(r));
  commands.push(...reversalCommands(r));
  // the stats command takes the list's own filters (declared list arguments or filter fields)
  commands.push(...statsCommands(r, decl.listArgs ? {} : listArgs.args));
  return withExamples(r, commands);
}

/** The endpoints each generated command calls (a test holds them to the commands' permissions). */
export function resourceCommandEndpoints(r: Resource) {
  const ep = r.endpoints;
  const calls: Record<string, EndpointContract[]> = {
    [`${r.decl.name}.list`]: [ep.list],
  };
  if (ep.add) calls[`${r.decl.name}.add`] = [ep.add];
  if (ep.edit) calls[`${r.decl.name}.edit`] = [ep.edit];
  if (ep.deleteBatch) calls[`${r.decl.name}.delete`] = [ep.deleteBatch];
  return {
    ...calls,
    ...transitionCommandEndpoints(r),
    ...reversalCommandEndpoints(r),
    ...statsCommandEndpoints(r),
  };
}
