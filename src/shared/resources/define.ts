/**
 * Resource declarations: one per entity, holding its wire path, permissions and fields once. The
 * server endpoints (src/server/resources), the commands (commands/resources), the list page and
 * the form (src/web/resources) are all generated from it; nothing else lists an entity's fields.
 *
 * This module is isomorphic (browser, Node, commands): no server-only code, no React.
 */
import { z } from 'zod';
import type { PatternRule } from '../validation.ts';
import { RESOURCE_MSG, fieldSchema, sentOnly } from './field-rules.ts';
import { childRowsSchema, followRules, type ResourceChild, type ResourceFieldCase } from './field-links.ts';

export type { ResourceChild, ResourceFieldCase } from './field-links.ts';
import type { PermissionCode } from '../permissions.ts';
import type { EndpointContract } from '../contracts.ts';
import type { SuperQueryFieldType } from '../super-query.ts';

/** What a field holds; sets the defaults of every surface. */
export type ResourceFieldType =
  | 'string'
  | 'text'
  | 'int'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'enum'
  | 'boolean'
  /** one uploaded picture: its stored path (`upload.area` of POST /sys/common/upload) */
  | 'image'
  /** uploaded pictures in order, comma-joined stored paths (moved left/right in the form) */
  | 'images'
  /** 省市区 code(s) of src/shared/area.ts (`multiple`: several, comma-joined); lists show the names */
  | 'area'
  /** latitude and longitude, `"纬度,经度"` on the wire (a PostgreSQL point) */
  | 'location'
  /** 0–100 with at most two decimals, numeric text (never a float) */
  | 'percent'
  /** HTML, sanitised on write and on render (src/shared/richtext.ts) */
  | 'richtext'
  /** the id of another resource's row, shown by its name, picked from `reference.picker` */
  | 'ref'
  /** a Quartz cron expression (src/shared/cron.ts), edited with the cron editor */
  | 'cron';

/** Where an image field's files are uploaded (the `biz` area, src/shared/uploads.ts) and how many. */
export interface ResourceUpload {
  /** upload area: the first segment of the stored path; its readers are UPLOAD_AREA_READERS' */
  area: string;
  /** most pictures of an `images` field (default 9) */
  max?: number;
}

/** What a `ref` field points at. */
export interface ResourceReference {
  /** the referenced resource's `name` (its server half resolves ids to names) */
  resource: string;
  /** the referenced rows' field shown in place of the id */
  label: string;
  /**
   * the endpoint the form, filters and super query pick from: answers `result` as an id → name map
   * or as rows holding `id` and `label`
   */
  picker: EndpointContract;
  /** message when the id names no row the picker offers (default `<title>取值无效`) */
  invalidMessage?: string;
}

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
  /**
   * dictionary code (type 'dict', or an 'int' field holding numeric item values): values must be
   * items of it; lists add `<key>_dictText`, search bar and super query choose from it
   */
  dict?: string;
  /** message when a dict/enum value is not one of the allowed ones */
  invalidMessage?: string;
  /** image / images: upload area and count */
  upload?: ResourceUpload;
  /** area: several codes (comma-joined) */
  multiple?: boolean;
  /** ref: the referenced resource */
  reference?: ResourceReference;
  /**
   * the field's kind follows another field's value (a banner's 跳转目标 by its 跳转类型): per value
   * the kind it takes (a picked reference, or text with a rule); for a value not named the field is
   * not asked for (left out of the form; the server half clears it). Lists show `<key>_dictText`
   * (a referenced row by its name).
   */
  by?: { field: string; cases: Readonly<Record<string, ResourceFieldCase>> };
  /** choices of an 'enum' field, or the only values of an 'int' field (lists show their text) */
  options?: ReadonlyArray<{ value: string; text: string }>;
  /** kept by the server (creator, times, organisation): shown, never written by a client */
  system?: boolean;
  /** another row may not hold the same value; the message when it does */
  unique?: string;
  /** not changed once saved (a code other rows refer to) */
  fixedOnEdit?: boolean;
  /** surfaces: every flag defaults from `type` and `system` (see `surfaces`) */
  list?: boolean | { width?: number; /** false: the page's column offers no sorting */ sortable?: boolean };
  /**
   * header filter on the list column; a string names the list parameter the filter sends instead of
   * the field (`'keyWord'`: a parameter the server reads in its `listWhere`)
   */
  filter?: boolean | string;
  /** a field of the search bar */
  search?: boolean;
  superQuery?: boolean;
  /** how the super query edits the value (default from `type` and `dict`), e.g. `'user'`: a user picker */
  superQueryType?: SuperQueryFieldType;
  /** false: the list endpoints neither filter nor sort by it (free text too costly to scan) */
  queryable?: boolean;
  export?: boolean | { width?: number; /** the sheet's header (default `title`) */ title?: string };
  import?: boolean | { aliases?: string[] };
  form?: boolean;
  /** the terminal's table shows it (under `title` unless given one) */
  terminal?: boolean | { title?: string };
  /** help text of the command argument (default: the title) */
  help?: string;
  /** how an `int` reads in lists: `bytes` shows a size (`1.5 MB`) */
  unit?: 'bytes';
}

export interface ResourceDeclaration {
  /** `position`: commands `position.list|add|edit|delete|export|import`, widget `position.form` */
  name: string;
  /** `职务`: 新增职务, 编辑职务, 删除职务 … */
  title: string;
  /** JeecgBoot wire path prefix, e.g. `/sys/position` */
  path: string;
  /**
   * the generated operations (default: all). `list` is always there (with queryById); the others'
   * endpoints, commands, toolbar buttons and form exist only when listed.
   */
  operations?: readonly ResourceOperation[];
  /** the permission of each operation served (`list` and every one of `operations`) */
  perms: { list: PermissionCode } & Partial<Record<ResourceOperation, PermissionCode>>;
  fields: readonly ResourceField[];
  /**
   * a surface's fields in another order than the declaration's: the keys named come first, in
   * this order (e.g. the page's columns differ from the sheet's)
   */
  order?: Partial<Record<'list' | 'search' | 'superQuery' | 'terminal', readonly string[]>>;
  /** what the generated list page shows beyond the fields */
  page?: ResourcePageExtras;
  /**
   * the arguments of the generated `<name>.list` command instead of one per filter/search field:
   * argument name → the list parameter it sends
   */
  listArgs?: Readonly<Record<string, ResourceListArg>>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** realtime key of `/vxeSocket` (src/shared/realtime.ts); saved rows are pushed to open grids */
  socketKey?: string;
  /**
   * component name of the menu row (`system/SysPositionList`) the generated page answers to; none
   * for a sub resource shown only inside its parent's page (a customer's addresses in the customer
   * form and 详细信息): it has no menu row, and its permissions are the parent's
   */
  component?: string;
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
  /** success messages of the generated add, edit and delete (default RESOURCE_MSG's) */
  messages?: Partial<Record<'added' | 'edited' | 'deleted', string>>;
  /** what the generated commands take beyond the fields */
  commands?: ResourceCommandExtras;
  /**
   * sub tables edited with a row (JeecgBoot's one-to-many form): each is sent as an array on add and
   * edit (replacing the rows, in the same transaction as the row), answered by queryById, and
   * edited in the form as a table of the sub resource's form fields
   */
  children?: readonly ResourceChild[];
}

/** Options of the generated commands. */
export interface ResourceCommandExtras {
  /** English plural of the list command's aliases (default `english` + s) */
  plural?: string;
  /** the positional arguments of `<name>.add` (default: the required fields, in declaration order) */
  addPositional?: readonly string[];
  /**
   * a unique field the commands accept in place of the id (`dict edit sex`): an id or this field's
   * value, matched exactly; `notFound` when neither names a row
   */
  ref?: { field: string; notFound: string };
  /** the delete message counts the rows in this unit: `删除成功! 共 3 个字典` */
  unit?: string;
}

export type ResourceOperation = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';

export const RESOURCE_OPERATIONS: readonly ResourceOperation[] = [
  'list',
  'add',
  'edit',
  'delete',
  'export',
  'import',
];

/** A search-bar field that is no column: a list parameter the server reads (`createTime_begin`, `keyWord`). */
export interface ResourceSearchParam {
  key: string;
  label: string;
  type?: 'text' | 'select' | 'date';
  /** dictionary of a `select` */
  dict?: string;
  /** before the fields' own search fields (default after them) */
  first?: boolean;
}

export interface ResourcePageExtras {
  /** the page's title (toolbar, export file) when not `title` */
  title?: string;
  search?: readonly ResourceSearchParam[];
  /** width of the 操作 column */
  actionsWidth?: number;
}

/** An argument of the generated list command. */
export interface ResourceListArg {
  /** the list parameter it sends (`logType`, `createTime_begin`) */
  param: string;
  help: string;
  /** the only values accepted */
  choices?: readonly [string, ...string[]];
  /** sent when the argument is not given */
  default?: string;
}

/** The endpoints of each operation. */
const OPERATION_ENDPOINTS = {
  list: ['list', 'queryById'],
  add: ['add'],
  edit: ['edit'],
  delete: ['delete', 'deleteBatch'],
  export: ['exportXls'],
  import: ['importExcel'],
} as const satisfies Record<ResourceOperation, ReadonlyArray<keyof ResourceEndpoints>>;

type OperationsOf<D> = D extends { operations: ReadonlyArray<infer O extends ResourceOperation> }
  ? O | 'list'
  : ResourceOperation;

/**
 * The endpoints a declaration has: exactly those of its operations for a declared resource; for
 * code handling any resource, list and queryById plus those that may be there.
 */
export type EndpointsOf<D extends ResourceDeclaration> = ResourceDeclaration extends D
  ? Pick<ResourceEndpoints, 'list' | 'queryById'> & Partial<ResourceEndpoints>
  : Pick<ResourceEndpoints, (typeof OPERATION_ENDPOINTS)[OperationsOf<D>][number]>;

/** A declaration with everything derived from it (schemas, endpoints, surfaces). */
export interface Resource<D extends ResourceDeclaration = ResourceDeclaration, E = EndpointsOf<D>> {
  decl: D;
  /** the generated operations (`decl.operations`, list included) */
  operations: ReadonlySet<ResourceOperation>;
  /** the writable fields' rules: POST …/add */
  addSchema: z.ZodObject;
  /** PUT|POST …/edit: the id plus any writable fields (those not sent stay as they are) */
  editSchema: z.ZodObject;
  endpoints: E;
  /** the fields each surface shows, in declaration order (or `decl.order`) */
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
    Record<'createBy' | 'createTime' | 'updateBy' | 'updateTime', Omit<Partial<ResourceField>, 'key'>>
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
      ...shown.updateBy,
    },
    {
      key: 'updateTime',
      title: '更新时间',
      type: 'datetime',
      system: true,
      list: false,
      export: false,
      superQuery: false,
      ...shown.updateTime,
    },
  ];
}

// the field rules live in field-rules.ts; these are re-exported for the layer's users
export { RESOURCE_MSG, fieldSchema } from './field-rules.ts';

const truthy = (v: unknown) => v !== false && v !== undefined;

/** Types whose value is free text or a structure: not filtered, sorted or super-queried by default. */
const UNQUERYABLE: readonly ResourceFieldType[] = ['image', 'images', 'location', 'richtext'];
/** Types whose value means nothing in a sheet or a terminal (stored paths). */
const PICTURES: readonly ResourceFieldType[] = ['image', 'images'];

/** Whether the list endpoints filter and sort by a field. */
export const isQueryable = (f: ResourceField): boolean => f.queryable ?? !UNQUERYABLE.includes(f.type);

/** Whether lists carry a text beside the value (`<key>_dictText`): dictionaries, areas, references. */
export const hasDisplayText = (f: ResourceField): boolean =>
  !!f.dict || f.type === 'area' || f.type === 'ref' || !!f.by;

/** The row property a column, sheet or terminal shows for a field (its text when it has one). */
export const displayKey = (f: ResourceField): string => (hasDisplayText(f) ? `${f.key}_dictText` : f.key);

/**
 * The choices of a reference picker's answer: an id → name map (`getTechMap`) or rows holding `id`
 * and the reference's label field (`partnerList`), in the answer's order.
 */
export function pickerOptions(result: unknown, label: string): Array<{ value: string; text: string }> {
  const rows = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : null;
  if (rows)
    return rows
      .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && 'id' in r)
      .map((r) => ({ value: String(r.id), text: String(r[label] ?? r.id) }));
  if (result && typeof result === 'object')
    return Object.entries(result as Record<string, unknown>).map(([value, text]) => ({
      value,
      text: String(text),
    }));
  return [];
}

/**
 * Which fields each surface shows: explicit flags win, else defaults by type and `system`; in
 * declaration order unless `order` names a surface's order.
 */
export function surfaces(
  fields: readonly ResourceField[],
  order: ResourceDeclaration['order'] = {},
): Record<Surface, ResourceField[]> {
  const pick = (test: (f: ResourceField) => boolean, keys?: readonly string[]) => {
    const picked = fields.filter(test);
    if (!keys) return picked;
    const rank = (f: ResourceField) => (keys.includes(f.key) ? keys.indexOf(f.key) : keys.length);
    return picked.sort((a, b) => rank(a) - rank(b));
  };
  const writable = (f: ResourceField) => !f.system && f.form !== false;
  const listed = (f: ResourceField) => (f.list === undefined ? f.type !== 'richtext' : truthy(f.list));
  return {
    list: pick(listed, order.list),
    filter: pick((f) => truthy(f.filter)),
    sort: pick(isQueryable),
    search: pick((f) => f.search === true, order.search),
    superQuery: pick(
      (f) =>
        f.superQuery === undefined ? isQueryable(f) && (!f.system || f.type === 'datetime') : f.superQuery,
      order.superQuery,
    ),
    export: pick((f) =>
      f.export === undefined
        ? (listed(f) || f.type === 'richtext') && !PICTURES.includes(f.type)
        : truthy(f.export),
    ),
    import: pick((f) =>
      f.import === undefined ? writable(f) && !PICTURES.includes(f.type) : truthy(f.import),
    ),
    form: pick((f) => (f.form === undefined ? !f.system : f.form)),
    terminal: pick(
      (f) =>
        f.terminal === undefined
          ? listed(f) && f.key !== 'createBy' && !PICTURES.includes(f.type)
          : truthy(f.terminal),
      order.terminal,
    ),
  };
}

/** The menu component of a resource's screen; undefined for a sub resource without one. */
export const screenOf = (r: { decl: ResourceDeclaration }): string | undefined => r.decl.component;

/** The generated operations of a declaration (list always included). */
export function resourceOperations(d: ResourceDeclaration): ReadonlySet<ResourceOperation> {
  return new Set<ResourceOperation>(['list', ...(d.operations ?? RESOURCE_OPERATIONS)]);
}

/**
 * The generated endpoint family of a resource (jeecg-api.md §6 generated-controller conventions):
 * the endpoints of its operations only.
 */
export function resourceEndpoints<D extends ResourceDeclaration>(d: D): EndpointsOf<D> {
  const at = (suffix: string) => `${d.path}/${suffix}`;
  const perm = (op: ResourceOperation) => {
    const code = d.perms[op];
    if (!code) throw new Error(`resource ${d.name}: operation ${op} has no permission`);
    return code;
  };
  const contract: { [K in keyof ResourceEndpoints]: () => EndpointContract } = {
    list: () => ({ method: 'GET', path: at('list'), permission: perm('list') }),
    queryById: () => ({ method: 'GET', path: at('queryById'), permission: perm('list') }),
    add: () => ({ method: 'POST', path: at('add'), permission: perm('add') }),
    // PUT and POST, as JeecgBoot's @RequestMapping(method = {PUT, POST})
    edit: () => ({ method: 'PUT', also: ['POST'], path: at('edit'), permission: perm('edit') }),
    delete: () => ({ method: 'DELETE', path: at('delete'), permission: perm('delete') }),
    deleteBatch: () => ({ method: 'DELETE', path: at('deleteBatch'), permission: perm('delete') }),
    exportXls: () => ({ method: 'GET', path: at('exportXls'), permission: perm('export') }),
    importExcel: () => ({ method: 'POST', path: at('importExcel'), permission: perm('import') }),
  };
  const names = [...resourceOperations(d)].flatMap((op) => OPERATION_ENDPOINTS[op]);
  return Object.fromEntries(names.map((name) => [name, contract[name]()])) as EndpointsOf<D>;
}

/** Declare a resource: everything the surfaces need is derived here, once. */
export function defineResource<const D extends ResourceDeclaration>(decl: D): Resource<D> {
  const keys = new Set<string>();
  for (const f of decl.fields) {
    if (keys.has(f.key)) throw new Error(`resource ${decl.name}: field ${f.key} declared twice`);
    keys.add(f.key);
    if (f.type === 'dict' && !f.dict)
      throw new Error(`resource ${decl.name}: dict field ${f.key} names no dict`);
    if (f.type === 'ref' && !f.reference)
      throw new Error(`resource ${decl.name}: ref field ${f.key} names no reference`);
    if (f.by && !decl.fields.some((g) => g.key === f.by!.field))
      throw new Error(`resource ${decl.name}: field ${f.key} follows ${f.by.field}, which is not a field`);
    if ((f.type === 'image' || f.type === 'images') && !f.upload)
      throw new Error(`resource ${decl.name}: image field ${f.key} names no upload area`);
  }
  if (!keys.has(decl.defaultSort.field))
    throw new Error(`resource ${decl.name}: default sort ${decl.defaultSort.field} is not a field`);
  for (const key of [...Object.values(decl.order ?? {}).flat(), ...(decl.commands?.addPositional ?? [])])
    if (!keys.has(key)) throw new Error(`resource ${decl.name}: order names ${key}, which is not a field`);
  const s = surfaces(decl.fields, decl.order);
  // every non-system field is writable through the API; `form` only decides what the dialog shows
  const writable = decl.fields.filter((f) => !f.system);
  const children = Object.fromEntries((decl.children ?? []).map((c) => [c.key, childRowsSchema(c)]));
  const addSchema = z
    .object({
      ...Object.fromEntries(writable.map((f) => [f.key, fieldSchema(f)])),
      ...children,
    })
    .superRefine(followRules(writable, false));
  const notFound = decl.notFound ?? RESOURCE_MSG.notFound;
  const editSchema = z
    .object({
      id: z.string({ error: notFound }).trim().min(1, notFound).describe(`${decl.title}id`),
      ...Object.fromEntries(writable.map((f) => [f.key, sentOnly(fieldSchema(f), f)])),
      ...children,
    })
    .superRefine(followRules(writable, true));
  return {
    decl,
    operations: resourceOperations(decl),
    addSchema,
    editSchema,
    endpoints: resourceEndpoints(decl),
    surfaces: s,
    queryKey: [`resource:${decl.name}`],
    notFound,
  };
}
