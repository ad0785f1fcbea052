/**
 * What a resource's generated screen shows, derived from its declaration (pure data: the page in
 * resource-page.tsx renders it; tests read it without a browser).
 */
import type { Resource, ResourceField } from '../../shared/resources/define.ts';
import type { SuperQueryField } from '../../shared/super-query.ts';
import type { ListPageConfig } from '../components/data-grid/list/types.ts';
import type { FormField } from '../components/entity-form.tsx';

export type ResourceRow = { id: string } & Record<string, unknown>;

const width = (f: ResourceField) => (typeof f.list === 'object' ? f.list.width : undefined);

const superQueryType = (f: ResourceField): SuperQueryField['type'] => {
  switch (f.type) {
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
});

/** The ListPage configuration of a resource. */
export function listConfig(r: Resource): ListPageConfig<ResourceRow> {
  const { decl, surfaces, endpoints: ep } = r;
  return {
    pageKey: decl.name,
    title: decl.title,
    url: { list: ep.list.path, exportXls: ep.exportXls.path, importExcel: ep.importExcel.path },
    perms: { export: decl.perms.export, import: decl.perms.import },
    queryKey: r.queryKey,
    columns: surfaces.list.map((f) => ({
      field: f.dict ? `${f.key}_dictText` : f.key,
      title: f.title,
      ...(width(f) ? { width: width(f) } : {}),
      ...(f.filter ? { filter: true } : {}),
    })),
    search: surfaces.search.map((f) => ({
      key: f.key,
      label: f.title,
      ...(f.dict || f.options
        ? { type: 'select' as const, ...choice(f) }
        : f.type === 'date'
          ? { type: 'date' as const }
          : {}),
    })),
    superQuery: surfaces.superQuery.map((f) => ({
      field: f.key,
      title: f.title,
      type: superQueryType(f),
      ...choice(f),
    })),
    authPrefix: `${decl.name}:`,
    defaultSort: { column: decl.defaultSort.field, order: decl.defaultSort.order },
    ...(decl.socketKey ? { socketKey: decl.socketKey } : {}),
  };
}

/** The add/edit dialog's fields of a resource. */
export function formFields(r: Resource): FormField[] {
  return r.surfaces.form.map((f) => ({
    key: f.key,
    label: f.title,
    ...(f.dict || f.options ? { type: 'select' as const, ...choice(f) } : {}),
    ...(f.fixedOnEdit ? { fixedOnEdit: true } : {}),
  }));
}
