/**
 * Resource declarations: one per entity, holding its wire path, permissions and fields once. The
 * server endpoints (src/server/resources), the commands (commands/resources), the list page and
 * the form (src/web/resources) are all generated from it; nothing else lists an entity's fields.
 *
 * This module is isomorphic (browser, Node, commands): no server-only code, no React.
 */
import { z } from 'zod';
import { RULE_MESSAGES, hasNoNul, isRealDate, isRealDateTime, type PatternRule } from '../validation.ts';
import type { PermissionCode } from '../permissions.ts';
import type { EndpointContract } from '../contracts.ts';

/** What a field holds; sets the defaults of every surface. */
export type ResourceFieldType =
  'string' | 'text' | 'int' | 'number' | 'money' | 'date' | 'datetime' | 'dict' | 'enum' | 'boolean';

export interface ResourceField {
  /** wire property (camelCase), also the property of the Drizzle table */
  key: string;
  /** Chinese label of columns, forms, sheets and help */
  title: string;
  type: ResourceFieldType;
  /** refuse an empty value with this message (`请输入<title>` / `请选择<title>` by default) */
  required?: boolean | string;
  /** longest accepted text */
  max?: number;
  /** a spec §5 rule (FORM_RULES …) or an own pattern with its message */
  rule?: PatternRule;
  /** dictionary code (type 'dict'): values must be items of it; lists add `<key>_dictText` */
  dict?: string;
  /** message when a dict/enum value is not one of the allowed ones */
  invalidMessage?: string;
  /** choices of an 'enum' field */
  options?: ReadonlyArray<{ value: string; text: string }>;
  /** kept by the server (creator, times, organisation): shown, never written by a client */
  system?: boolean;
  /** another row may not hold the same value; the message when it does */
  unique?: string;
  /** not changed once saved (a code other rows refer to) */
  fixedOnEdit?: boolean;
  /** surfaces: every flag defaults from `type` and `system` (see `surfaces`) */
  list?: boolean | { width?: number };
  /** header filter on the list column */
  filter?: boolean;
  /** a field of the search bar */
  search?: boolean;
  superQuery?: boolean;
  export?: boolean | { width?: number };
  import?: boolean | { aliases?: string[] };
  form?: boolean;
  /** the terminal's table shows it */
  terminal?: boolean;
  /** help text of the command argument (default: the title) */
  help?: string;
}

export interface ResourceDeclaration {
  /** `position`: commands `position.list|add|edit|delete|export|import`, widget `position.form` */
  name: string;
  /** `职务`: 新增职务, 编辑职务, 删除职务 … */
  title: string;
  /** JeecgBoot wire path prefix, e.g. `/sys/position` */
  path: string;
  perms: Record<ResourceOperation, PermissionCode>;
  fields: readonly ResourceField[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** realtime key of `/vxeSocket` (src/shared/realtime.ts); saved rows are pushed to open grids */
  socketKey?: string;
  /** component name of the menu row (`system/SysPositionList`) the generated page answers to */
  component: string;
  /** palette category (the menu's name), the English name of command aliases, extra search words */
  category: string;
  english: string;
  keywords?: string[];
  /** the .xlsx of exportXls */
  sheet: { title: string; sheetName: string; filename: string; asciiFilename: string };
  /** message of a missing row (queryById, edit, delete) */
  notFound?: string;
  /** error log name of importExcel (`positionImportExcelErrorLog`) */
  importLogName?: string;
}

export type ResourceOperation = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';

/** A declaration with everything derived from it (schemas, endpoints, surfaces). */
export interface Resource<D extends ResourceDeclaration = ResourceDeclaration> {
  decl: D;
  /** the writable fields' rules: POST …/add */
  addSchema: z.ZodObject;
  /** PUT|POST …/edit: the id plus any writable fields (those not sent stay as they are) */
  editSchema: z.ZodObject;
  endpoints: ResourceEndpoints;
  /** the fields each surface shows, in declaration order */
  surfaces: Record<Surface, ResourceField[]>;
  /** react-query key prefix of every read of this resource (commands invalidate it) */
  queryKey: readonly string[];
  notFound: string;
}

export type Surface =
  'list' | 'filter' | 'sort' | 'search' | 'superQuery' | 'export' | 'import' | 'form' | 'terminal';

export interface ResourceEndpoints {
  list: EndpointContract;
  queryById: EndpointContract;
  add: EndpointContract;
  edit: EndpointContract;
  delete: EndpointContract;
  deleteBatch: EndpointContract;
  exportXls: EndpointContract;
  importExcel: EndpointContract;
}

/**
 * The audit columns every table has (src/server/db/schema/columns.ts `auditColumns`): written by the
 * server, never by a client. `createBy` and `createTime` are listed and exported by default.
 */
export function auditFields(
  shown: Partial<
    Record<'createBy' | 'createTime', { list?: { width?: number }; export?: { width?: number } }>
  > = {},
): ResourceField[] {
  return [
    { key: 'createBy', title: '创建人', type: 'string', system: true, terminal: false, ...shown.createBy },
    { key: 'createTime', title: '创建时间', type: 'datetime', system: true, ...shown.createTime },
    {
      key: 'updateBy',
      title: '更新人',
      type: 'string',
      system: true,
      list: false,
      export: false,
      superQuery: false,
    },
    {
      key: 'updateTime',
      title: '更新时间',
      type: 'datetime',
      system: true,
      list: false,
      export: false,
      superQuery: false,
    },
  ];
}

/** Messages of the generated endpoints (JeecgBoot's generated controllers say the same). */
export const RESOURCE_MSG = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  illegalChars: '包含非法字符',
  invalid: (title: string) => `${title}取值无效`,
  required: (f: Pick<ResourceField, 'title' | 'type'>) =>
    `${f.type === 'dict' || f.type === 'enum' || f.type === 'boolean' ? '请选择' : '请输入'}${f.title}`,
} as const;

const requiredMessage = (f: ResourceField) =>
  typeof f.required === 'string' ? f.required : RESOURCE_MSG.required(f);

/** A blank value (absent, null, '' or only spaces) of an optional field is stored as null. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The zod rule of one writable field, from its type and rules. */
export function fieldSchema(f: ResourceField): z.ZodType {
  let base: z.ZodType;
  const text = () => {
    let s = z.string().trim();
    if (f.max) s = s.max(f.max, RULE_MESSAGES.maxLength(f.max));
    let out: z.ZodType<string> = s.refine(hasNoNul, RESOURCE_MSG.illegalChars);
    if (f.rule) out = out.refine((v) => f.rule!.pattern.test(v), f.rule.message);
    return out;
  };
  switch (f.type) {
    case 'string':
    case 'text':
      base = text();
      break;
    case 'dict':
    case 'enum': {
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      let s: z.ZodType<string> = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(z.string().max(f.max ?? 64, invalid));
      if (f.options) s = s.refine((v) => f.options!.some((o) => o.value === v), invalid);
      base = s;
      break;
    }
    case 'int':
    case 'number':
    case 'money': {
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      // money: integer fen or a decimal with at most two places, kept as text (never a float)
      const pattern = f.type === 'int' ? /^-?\d{1,9}$/ : /^-?\d{1,13}(\.\d{1,2})?$/;
      base = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => pattern.test(v), invalid)
        .transform((v) => (f.type === 'int' ? Number(v) : v));
      break;
    }
    case 'boolean':
      base = z
        .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')])
        .transform((v) => v === true || v === 'true' || v === '1');
      break;
    case 'date':
      base = z.string().trim().refine(isRealDate, `${f.title}格式应为YYYY-MM-DD`);
      break;
    case 'datetime':
      base = z.string().trim().refine(isRealDateTime, `${f.title}格式应为YYYY-MM-DD HH:mm:ss`);
      break;
  }
  const required = f.required ? requiredMessage(f) : undefined;
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) {
        if (required === undefined) return null;
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const r = base.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? RESOURCE_MSG.invalid(f.title) });
      return z.NEVER;
    })
    .describe(f.help ?? f.title);
}

/**
 * An edit field: absent means "leave as it is" (JeecgBoot's updateById), while a value that is sent
 * obeys the add rules (a required field sent blank is refused, not cleared).
 */
function sentOnly(rule: z.ZodType, f: ResourceField): z.ZodType {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const r = rule.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? RESOURCE_MSG.invalid(f.title) });
      return z.NEVER;
    })
    .describe(f.help ?? f.title);
}

const truthy = (v: unknown) => v !== false && v !== undefined;

/** Which fields each surface shows: explicit flags win, else defaults by type and `system`. */
export function surfaces(fields: readonly ResourceField[]): Record<Surface, ResourceField[]> {
  const pick = (test: (f: ResourceField) => boolean) => fields.filter(test);
  const writable = (f: ResourceField) => !f.system && f.form !== false;
  return {
    list: pick((f) => (f.list === undefined ? true : truthy(f.list))),
    filter: pick((f) => f.filter === true),
    sort: pick(() => true),
    search: pick((f) => f.search === true),
    superQuery: pick((f) => (f.superQuery === undefined ? !f.system || f.type === 'datetime' : f.superQuery)),
    export: pick((f) => (f.export === undefined ? f.list !== false : truthy(f.export))),
    import: pick((f) => (f.import === undefined ? writable(f) : truthy(f.import))),
    form: pick((f) => (f.form === undefined ? !f.system : f.form)),
    terminal: pick((f) => (f.terminal === undefined ? f.list !== false && f.key !== 'createBy' : f.terminal)),
  };
}

/** The generated endpoint family of a resource (jeecg-api.md §6 generated-controller conventions). */
export function resourceEndpoints(d: ResourceDeclaration): ResourceEndpoints {
  const at = (suffix: string) => `${d.path}/${suffix}`;
  return {
    list: { method: 'GET', path: at('list'), permission: d.perms.list },
    queryById: { method: 'GET', path: at('queryById'), permission: d.perms.list },
    add: { method: 'POST', path: at('add'), permission: d.perms.add },
    edit: { method: 'PUT', path: at('edit'), permission: d.perms.edit },
    delete: { method: 'DELETE', path: at('delete'), permission: d.perms.delete },
    deleteBatch: { method: 'DELETE', path: at('deleteBatch'), permission: d.perms.delete },
    exportXls: { method: 'GET', path: at('exportXls'), permission: d.perms.export },
    importExcel: { method: 'POST', path: at('importExcel'), permission: d.perms.import },
  };
}

/** Declare a resource: everything the surfaces need is derived here, once. */
export function defineResource<const D extends ResourceDeclaration>(decl: D): Resource<D> {
  const keys = new Set<string>();
  for (const f of decl.fields) {
    if (keys.has(f.key)) throw new Error(`resource ${decl.name}: field ${f.key} declared twice`);
    keys.add(f.key);
    if (f.type === 'dict' && !f.dict)
      throw new Error(`resource ${decl.name}: dict field ${f.key} names no dict`);
  }
  if (!keys.has(decl.defaultSort.field))
    throw new Error(`resource ${decl.name}: default sort ${decl.defaultSort.field} is not a field`);
  const s = surfaces(decl.fields);
  // every non-system field is writable through the API; `form` only decides what the dialog shows
  const writable = decl.fields.filter((f) => !f.system);
  const addSchema = z.object(Object.fromEntries(writable.map((f) => [f.key, fieldSchema(f)])));
  const notFound = decl.notFound ?? RESOURCE_MSG.notFound;
  const editSchema = z.object({
    id: z.string({ error: notFound }).trim().min(1, notFound).describe(`${decl.title}id`),
    ...Object.fromEntries(writable.map((f) => [f.key, sentOnly(fieldSchema(f), f)])),
  });
  return {
    decl,
    addSchema,
    editSchema,
    endpoints: resourceEndpoints(decl),
    surfaces: s,
    queryKey: [`resource:${decl.name}`],
    notFound,
  };
}
