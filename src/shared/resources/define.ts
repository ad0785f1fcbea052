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
import { deriveAccess, type PermissionButton } from './access.ts';
import type { DeclaredContract, EndpointContract } from '../contracts.ts';
import type { SuperQueryFieldType } from '../super-query.ts';
import { surfaces } from './surfaces.ts';
import { transitionEndpoint, type ResourceStates, type ResourceTransition } from './transitions.ts';

export type { ResourceStates, ResourceTransition } from './transitions.ts';
import { deriveStats, type DerivedStats, type ResourceStats } from './stats.ts';
import { deriveReversal, type DerivedReversal, type ResourceReversal } from './reversal.ts';

export type { DerivedReversal, ResourceReversal } from './reversal.ts';

export type { DerivedStats, ResourceStats } from './stats.ts';

/** What a field holds; sets the defaults of every surface. */
/** A read-only list of a row's rows in another resource (ResourceDeclaration `details`). */
export interface ResourceDetail {
  /** the tab's key and title */
  key: string;
  title: string;
  /** the rows' resource: a declared resource with `list` (its codes are usually the parent's) */
  resource: { decl: { name: string; fields: readonly { key: string; filter?: boolean }[] } };
  /** the field of `resource` naming the parent row (a `filter` field) */
  parentKey: string;
}

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
  | 'cron'
  /** user id(s) (`multiple`: comma-joined), picked with the user picker (spec 1200); lists show names */
  | 'user'
  /** department id(s) (`multiple`: comma-joined), picked from the department tree (spec 500) */
  | 'depart'
  /** a 分类字典 node id (sys_category), picked with the category tree-select; lists show its name */
  | 'category';

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
  picker: DeclaredContract;
  /** message when the id names no row the picker offers (default `<title>取值无效`) */
  invalidMessage?: string;
  /**
   * the rows offered belong to another field's value (an order's address: one of its customer's):
   * the form asks the picker with `?<field>=<value>` once that field has one (nothing before),
   * starts this field over when that one changes and preselects the row the picker marks
   * `isDefault`; the server accepts only a row whose `column` holds the value sent (or kept) with it
   */
  within?: { field: string; column: string };
  /**
   * message refusing to delete a row this field points at (default
   * `该<referenced title>已被<this resource's title>引用，不能删除`): a referenced row is never
   * deleted from under its referrers
   */
  inUse?: string;
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
  /** area, user, depart: several values (comma-joined) */
  multiple?: boolean;
  /** category: the code of the tree's root whose descendants are offered (`loadTreeRoot?pcode=`) */
  pcode?: string;
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
  /**
   * a SQL expression the server half supplies (`ServerResource.computed`), not a column: read only
   * (never written, not in the add/edit form nor the import), listed, sorted and filtered through
   * the same allow-list as the columns
   */
  computed?: boolean;
  /** another row may not hold the same value; the message when it does */
  unique?: string;
  /**
   * not changed once saved (a code other rows refer to): an edit may send it back unchanged; one
   * changing it is refused with this message (default `<title>不能修改`)
   */
  fixedOnEdit?: boolean | string;
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
  /**
   * the value a generated command's help example types for this field where none can be derived
   * from its type (samples.ts): a dictionary item's or option's text (`推拿按摩`), a referenced
   * row's name (`全身推拿`), the stored path of a seeded upload; the command turns it into what is
   * stored (commands/resources/field-values.ts)
   */
  sample?: string;
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
  /**
   * the domain of its permission codes (default `name`): `<domain>:<operation>` for each operation,
   * `<domain>:<action>` for each transition without `perm` and each `permActions` entry
   * (src/shared/resources/access.ts). A sub resource without a menu row names its parent's domain
   * (its codes are the parent's).
   */
  permDomain?: string;
  /**
   * permission codes beyond the operations' and the transitions' own: action → the name of its
   * seeded menu button (`{ updateStatus: '修改状态' }`). Transitions may share one (`perm:
   * 'updateStatus'`); an endpoint declared beside the resource needs one as `<RESOURCE>.perms.<action>`.
   */
  permActions?: Readonly<Record<string, string>>;
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
  sheet: {
    title: string;
    sheetName: string;
    filename: string;
    asciiFilename: string;
    /** money fields summed (exactly, in fen) into a 合计 row after the data */
    totals?: readonly string[];
  };
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
  /**
   * read-only lists of a row's rows in another resource (a statement's lines), each a tab of the
   * 详细信息 dialog showing that resource's generated list filtered by `parentKey` = the row's id,
   * with 导出 of those rows (the sub resource's export, its 合计 row included)
   */
  details?: readonly ResourceDetail[];
  /**
   * the state machine (src/shared/resources/transitions.ts): the field holding the state and the
   * declared actions on it; each gets its endpoint, command, buttons and history
   */
  states?: ResourceStates;
  /**
   * a ledger: rows are only ever added (corrections are reversal entries). No edit or delete
   * endpoints or commands; its table's migration adds a trigger calling
   * `refuse_append_only_change()` (migration 0017), so the database refuses UPDATE and DELETE too.
   * A retried add carrying the same `Idempotency-Key` header posts once.
   */
  appendOnly?: boolean;
  /**
   * corrections of an append-only resource (src/shared/resources/reversal.ts): `POST {path}/reverse`
   * adds a row negating the money fields of the one it names, once per row, never of a reversal
   */
  reversal?: ResourceReversal;
  /**
   * the rows are a PostgreSQL view (the server half's `table` describes its columns): read only.
   * List, queryById, export and stats under the same row scope; no add, edit, delete or import
   * endpoints or commands, no state changes, no sub tables (defineResource refuses them)
   */
  view?: boolean;
  /**
   * aggregates (src/shared/resources/stats.ts): dimensions the rows are grouped by and measures
   * counted per group, served as `GET {path}/stats` under the list's permission and row scope
   */
  stats?: ResourceStats;
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
  /**
   * help examples of generated commands by verb (`add`, `edit`…), in place of the derived ones
   * (commands/resources/examples.ts): lines that run against the seeded data
   */
  examples?: Readonly<Record<string, readonly string[]>>;
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

/** The domain of a declaration's codes: `permDomain`, else its name. */
export type DomainOf<D> = D extends { permDomain: infer P extends string }
  ? P
  : D extends { name: infer N extends string }
    ? N
    : string;

/** The transitions of a declaration with a code of their own (no `perm`). */
type OwnCodeTransitions<D> = D extends { states: { transitions: infer T } }
  ? { [K in keyof T]: T[K] extends { perm: string } ? never : K }[keyof T] & string
  : never;

type ExtraActions<D> = D extends { permActions: infer A } ? keyof A & string : never;

/**
 * The codes of any resource. An interface, so that naming it does not resolve `PermissionCode`,
 * which is built from the declarations' types.
 */
export interface AnyResourcePerms {
  readonly list: PermissionCode;
  readonly [key: string]: PermissionCode | undefined;
}

/** A declaration's permission codes by operation, own-code transition and extra action. */
export type PermsOf<D extends ResourceDeclaration> = ResourceDeclaration extends D
  ? AnyResourcePerms
  : { readonly [K in OperationsOf<D> | OwnCodeTransitions<D> | ExtraActions<D>]: `${DomainOf<D>}:${K}` };

/** A declaration with everything derived from it (schemas, endpoints, surfaces). */
export interface Resource<
  D extends ResourceDeclaration = ResourceDeclaration,
  E = EndpointsOf<D>,
  P = PermsOf<D>,
> {
  decl: D;
  /** the domain of its permission codes (`decl.permDomain`, else its name) */
  permDomain: string;
  /** its permission codes (src/shared/resources/access.ts) */
  perms: P;
  /** the seeded menu buttons granting them, in menu order (a resource with a `component`) */
  buttons: readonly PermissionButton[];
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
  /** the declared actions with their contracts, and the history endpoint (none without `states`) */
  states?: DerivedStates;
  /** the declared dimensions and measures with the stats endpoint (none without `stats`) */
  stats?: DerivedStats;
  /** the reversal endpoint and its fields (none without `reversal`) */
  reversal?: DerivedReversal;
  /**
   * per `ref` field, `GET {path}/{key}Options`: what a filter on the field (search bar, super
   * query) offers and what names a value the form's picker no longer offers: every referenced row
   * the picker offers plus every one a row the caller reaches still holds, a row the picker would
   * not offer (a stopped partner or technician) marked `stopped` (`pickerOptions` adds
   * `REF_STOPPED_MARK` to its text). Under the list's code.
   */
  refOptions: Readonly<Record<string, EndpointContract>>;
}

/** What a declaration's `states` derive. */
export interface DerivedStates {
  field: string;
  /** the text of a state (its option's, else the value) */
  text(state: string): string;
  /** each action with its contract, whose permission is the action's derived code */
  actions: ReadonlyArray<{ name: string; transition: ResourceTransition; endpoint: EndpointContract }>;
  /** GET {path}/history?id=: a row's state changes, newest first */
  history: EndpointContract;
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

export { auditFields } from './audit-fields.ts';

// the field rules live in field-rules.ts; these are re-exported for the layer's users
export { RESOURCE_MSG, fieldSchema } from './field-rules.ts';

export {
  REF_STOPPED_MARK,
  displayKey,
  hasDisplayText,
  isQueryable,
  pickerOptions,
  screenOf,
  surfaces,
} from './surfaces.ts';

/** The generated operations of a declaration (list always included). */
export function resourceOperations(d: ResourceDeclaration): ReadonlySet<ResourceOperation> {
  const ops =
    d.operations ??
    RESOURCE_OPERATIONS.filter(
      (op) => !(d.appendOnly && CHANGING.includes(op)) && !(d.view && WRITING.includes(op)),
    );
  return new Set<ResourceOperation>(['list', ...ops]);
}

/** The operations an append-only resource never has. */
const CHANGING: readonly ResourceOperation[] = ['edit', 'delete'];
/** The operations a resource on a view never has: every write. */
const WRITING: readonly ResourceOperation[] = ['add', 'edit', 'delete', 'import'];

/**
 * The generated endpoint family of a resource (jeecg-api.md §6 generated-controller conventions):
 * the endpoints of its operations only.
 */
export function resourceEndpoints<D extends ResourceDeclaration>(
  d: D,
  perms: Readonly<Record<string, string>>,
): EndpointsOf<D> {
  const at = (suffix: string) => `${d.path}/${suffix}`;
  // the codes are derived from this declaration; permissions.ts builds PermissionCode from them
  const perm = (op: ResourceOperation) => perms[op] as PermissionCode;
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
    const within = f.reference?.within;
    if (within && !decl.fields.some((g) => g.key === within.field))
      throw new Error(
        `resource ${decl.name}: field ${f.key} is picked within ${within.field}, which is not a field`,
      );
    if (f.by && !decl.fields.some((g) => g.key === f.by!.field))
      throw new Error(`resource ${decl.name}: field ${f.key} follows ${f.by.field}, which is not a field`);
    if ((f.type === 'image' || f.type === 'images') && !f.upload)
      throw new Error(`resource ${decl.name}: image field ${f.key} names no upload area`);
  }
  if (decl.appendOnly && decl.operations?.some((op) => CHANGING.includes(op)))
    throw new Error(`resource ${decl.name}: an append-only resource has no edit or delete`);
  if (decl.view) {
    if (decl.operations?.some((op) => WRITING.includes(op)))
      throw new Error(
        `resource ${decl.name}: a resource on a view is read only (no add, edit, delete or import)`,
      );
    for (const [key, what] of [
      ['states', 'state changes'],
      ['children', 'sub tables'],
      ['appendOnly', 'append-only writes'],
      ['reversal', 'reversals'],
    ] as const)
      if (decl[key]) throw new Error(`resource ${decl.name}: a resource on a view is read only (no ${what})`);
  }
  if (decl.reversal) checkReversal(decl, decl.reversal);
  for (const d of decl.details ?? [])
    if (!d.resource.decl.fields.some((f) => f.key === d.parentKey && f.filter))
      throw new Error(
        `resource ${decl.name}: detail ${d.key} names ${d.parentKey}, no filter field of its rows`,
      );
  if (!keys.has(decl.defaultSort.field))
    throw new Error(`resource ${decl.name}: default sort ${decl.defaultSort.field} is not a field`);
  for (const key of [...Object.values(decl.order ?? {}).flat(), ...(decl.commands?.addPositional ?? [])])
    if (!keys.has(key)) throw new Error(`resource ${decl.name}: order names ${key}, which is not a field`);
  const s = surfaces(decl.fields, decl.order);
  // every non-system field is writable through the API; `form` only decides what the dialog shows
  const writable = decl.fields.filter((f) => !f.system && !f.computed);
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
  const operations = resourceOperations(decl);
  const access = deriveAccess(decl, operations);
  return {
    decl,
    permDomain: access.domain,
    perms: access.perms as PermsOf<D>,
    buttons: decl.component ? access.buttons : [],
    ...(decl.states
      ? { states: deriveStates(decl, decl.states, access.transitions, access.perms.list!) }
      : {}),
    ...(decl.stats ? { stats: deriveStats(decl, access.perms.list!, decl.stats) } : {}),
    ...(decl.reversal ? { reversal: deriveReversal(decl.path, decl.reversal, access.perms.reverse!) } : {}),
    refOptions: Object.fromEntries(
      decl.fields
        .filter((f) => f.type === 'ref' && f.reference)
        .map((f) => [
          f.key,
          {
            method: 'GET',
            path: `${decl.path}/${f.key}Options`,
            permission: access.perms.list! as PermissionCode,
          } satisfies EndpointContract,
        ]),
    ),
    operations,
    addSchema,
    editSchema,
    endpoints: resourceEndpoints(decl, access.perms),
    surfaces: s,
    queryKey: [`resource:${decl.name}`],
    notFound,
  };
}

/** The actions of a declaration's state machine, checked against its fields. */
function deriveStates(
  decl: ResourceDeclaration,
  states: ResourceStates,
  codes: Readonly<Record<string, string>>,
  listCode: string,
): DerivedStates {
  const field = decl.fields.find((f) => f.key === states.field);
  const options =
    field?.options ?? Object.entries(states.texts ?? {}).map(([value, text]) => ({ value, text }));
  if (!field || !options.length)
    throw new Error(`resource ${decl.name}: state field ${states.field} has no options`);
  const known = new Set(options.map((o) => o.value));
  const actions = Object.entries(states.transitions).map(([name, transition]) => {
    for (const s of [...transition.from, transition.to])
      if (!known.has(s)) throw new Error(`resource ${decl.name}: action ${name} names unknown state ${s}`);
    return { name, transition, endpoint: transitionEndpoint(decl.path, name, transition, codes[name]!) };
  });
  return {
    field: states.field,
    text: (state) => options.find((o) => o.value === state)?.text ?? state,
    actions,
    history: { method: 'GET', path: `${decl.path}/history`, permission: listCode as PermissionCode },
  };
}

/**
 * A reversal needs an append-only resource, money fields to negate, and system fields (never
 * written by a client) naming the reversed row and holding the reason.
 */
function checkReversal(decl: ResourceDeclaration, reversal: ResourceReversal): void {
  const fail = (why: string) => {
    throw new Error(`resource ${decl.name}: reversal ${why}`);
  };
  if (!decl.appendOnly) fail('needs an append-only resource');
  const field = (key: string) => decl.fields.find((f) => f.key === key);
  if (!reversal.amountFields.length) fail('names no money field');
  for (const key of reversal.amountFields)
    if (field(key)?.type !== 'money') fail(`field ${key} is not a money field`);
  for (const key of [reversal.refField, reversal.reasonField]) {
    const f = field(key);
    if (!f) fail(`field ${key} is not a field`);
    else if (!f.system || f.computed) fail(`field ${key} must be a system field (kept by the server)`);
  }
}
