/**
 * What a resource's generated screen shows, derived from its declaration (pure data: the page in
 * resource-page.tsx renders it; tests read it without a browser).
 */
import {
  displayKey,
  type Resource,
  type ResourceField,
  type ResourceSearchParam,
} from '../../shared/resources/define.ts';
import { cellRenderer } from './resource-cells.tsx';
import { RESOURCE_MSG } from '../../shared/resources/field-rules.ts';
import { permissionPrefix } from '../../shared/auth-rules.ts';
import type { SuperQueryField } from '../../shared/super-query.ts';
import type { ListPageConfig, SearchField } from '../components/data-grid/list/types.ts';
import type { FormField } from '../components/entity-form.tsx';
import type { FormSubTable } from '../components/sub-table-input.tsx';

export type ResourceRow = { id: string } & Record<string, unknown>;

const width = (f: ResourceField) => (typeof f.list === 'object' ? f.list.width : undefined);

const superQueryType = (f: ResourceField): SuperQueryField['type'] => {
  if (f.superQueryType) return f.superQueryType;
  if (f.dict || f.options) return 'select';
  switch (f.type) {
    case 'area':
    case 'ref':
      return f.type;
    case 'percent':
      return 'number';
    case 'dict':
    case 'enum':
    case 'boolean':
      return 'select';
    case 'int':
      return 'int';
    case 'number':
    case 'money':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
};

const choice = (f: ResourceField) => ({
  ...(f.dict ? { dictCode: f.dict } : {}),
  ...(f.options ? { options: [...f.options] } : {}),
  ...(f.reference ? { reference: f.reference } : {}),
});

/**
 * The choices of a filter (search bar, super query): a reference offers every value rows still
 * hold, stopped ones marked (`refOptions`), not only what a new row may pick.
 */
const filterChoice = (r: Pick<Resource, 'refOptions'>) => (f: ResourceField) => {
  const held = r.refOptions[f.key];
  return { ...choice(f), ...(f.reference && held ? { reference: { ...f.reference, picker: held } } : {}) };
};

/** How the search bar asks for a field. */
const searchType = (f: ResourceField): Pick<SearchField, 'type'> =>
  f.dict || f.options
    ? { type: 'select' }
    : f.type === 'date'
      ? { type: 'date' }
      : f.type === 'area' || f.type === 'ref'
        ? { type: f.type }
        : {};

/** The text of an option field's value (a list column, the 详细信息 dialog). */
const optionText =
  ({ key, options = [] }: ResourceField) =>
  (row: ResourceRow) =>
    options.find((o) => o.value === String(row[key] ?? ''))?.text ?? String(row[key] ?? '');

/** A search-bar field that is no column (`decl.page.search`). */
const searchParam = ({ key, label, type, dict }: ResourceSearchParam): SearchField => ({
  key,
  label,
  ...(type ? { type } : {}),
  ...(dict ? { dictCode: dict } : {}),
});

/** The ListPage configuration of a resource (toolbar and urls as its operations allow). */
export function listConfig(r: Resource): ListPageConfig<ResourceRow> {
  const { decl, surfaces, endpoints: ep } = r;
  const extraSearch = decl.page?.search ?? [];
  return {
    pageKey: decl.name,
    title: decl.page?.title ?? decl.title,
    url: {
      list: ep.list.path,
      ...(ep.exportXls ? { exportXls: ep.exportXls.path } : {}),
      ...(ep.importExcel ? { importExcel: ep.importExcel.path } : {}),
    },
    perms: {
      ...(ep.exportXls ? { export: r.perms.export } : {}),
      ...(ep.importExcel ? { import: r.perms.import } : {}),
    },
    queryKey: r.queryKey,
    columns: surfaces.list.map((f) => {
      const render = f.options && !f.dict ? optionText(f) : cellRenderer(f);
      return {
        field: displayKey(f),
        title: f.title,
        ...(width(f) ? { width: width(f) } : {}),
        ...((typeof f.list === 'object' && f.list.sortable === false) || !surfaces.sort.includes(f)
          ? { sortField: false as const }
          : {}),
        ...(f.filter ? { filter: f.filter } : {}),
        ...(render ? { render } : {}),
      };
    }),
    search: [
      ...extraSearch.filter((p) => p.first).map(searchParam),
      ...surfaces.search.map((f) => ({
        key: f.key,
        label: f.title,
        ...searchType(f),
        ...filterChoice(r)(f),
      })),
      ...extraSearch.filter((p) => !p.first).map(searchParam),
    ],
    superQuery: surfaces.superQuery.map((f) => ({
      field: f.key,
      title: f.title,
      type: superQueryType(f),
      ...filterChoice(r)(f),
    })),
    authPrefix: permissionPrefix(r.perms.list),
    ...(decl.page?.actionsWidth ? { actionsWidth: decl.page.actionsWidth } : {}),
    defaultSort: { column: decl.defaultSort.field, order: decl.defaultSort.order },
    ...(decl.socketKey ? { socketKey: decl.socketKey } : {}),
  };
}

/** The form input of a field type (text unless named here). */
const FORM_INPUT: Partial<Record<ResourceField['type'], FormField['type']>> = {
  image: 'image',
  images: 'images',
  area: 'area',
  location: 'location',
  percent: 'percent',
  money: 'money',
  richtext: 'richtext',
  ref: 'ref',
  cron: 'cron',
  date: 'date',
  datetime: 'datetime',
  user: 'user',
  depart: 'depart',
  category: 'category',
};

/**
 * The add/edit dialog's fields of a resource. `held`: name a value the picker no longer offers
 * through the resource's refOptions; a sub table's resource is served only with its parent, so its
 * refOptions endpoints do not exist (项目明细's projectIdOptions answered 404).
 */
export function formFields(
  r: Omit<Resource, 'perms'>,
  { held = true }: { held?: boolean } = {},
): FormField[] {
  return r.surfaces.form.map((f) => ({
    key: f.key,
    label: f.title,
    ...(f.dict || f.options ? { type: 'select' as const, ...choice(f) } : {}),
    ...(FORM_INPUT[f.type] ? { type: FORM_INPUT[f.type] } : {}),
    ...(f.upload ? { upload: f.upload } : {}),
    ...(f.multiple ? { multiple: true } : {}),
    ...(f.reference
      ? {
          reference: {
            ...f.reference,
            ...(held && r.refOptions[f.key] ? { held: r.refOptions[f.key] } : {}),
          },
        }
      : {}),
    ...(f.pcode ? { pcode: f.pcode } : {}),
    ...(f.fixedOnEdit ? { fixedOnEdit: true } : {}),
    ...(f.required ? { required: true } : {}),
    messages: fieldMessages(f),
    ...(f.by ? { by: followCases(f.by) } : {}),
  }));
}

/** The server's refusals naming a field (the form shows them next to it). */
const fieldMessages = (f: ResourceField): string[] =>
  [
    f.unique,
    typeof f.fixedOnEdit === 'string'
      ? f.fixedOnEdit
      : f.fixedOnEdit
        ? RESOURCE_MSG.fixed(f.title)
        : undefined,
    f.reference?.invalidMessage,
    f.invalidMessage,
    RESOURCE_MSG.invalid(f.title),
    f.required ? (typeof f.required === 'string' ? f.required : RESOURCE_MSG.required(f)) : undefined,
    f.rule?.message,
  ].filter((m): m is string => !!m);

/** The form's kinds of a field following another field (a picker for a reference case). */
const followCases = ({ field, cases }: NonNullable<ResourceField['by']>): NonNullable<FormField['by']> => ({
  field,
  cases: Object.fromEntries(
    Object.entries(cases).map(([on, c]) => [
      on,
      c.type === 'ref' && c.reference
        ? { type: 'ref' as const, reference: c.reference }
        : { type: 'text' as const },
    ]),
  ),
});

/** The form's sub tables of a resource (its declared `children`). */
export function formSubTables(r: Resource): FormSubTable[] {
  return (r.decl.children ?? []).map((c) => ({
    key: c.key,
    title: c.title,
    fields: formFields(c.resource, { held: false }),
    ...(c.single ? { single: c.single.key } : {}),
    max: c.max ?? 50,
  }));
}
