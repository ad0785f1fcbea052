import { reachScope } from '../lib/access/row-scope.ts';
import type { ResourceField } from '../../shared/resources/define.ts';
import type { SortFallback } from '../lib/query/query-generator.ts';
import { generate, type ServerResource } from '../resources/register.ts';
import type { ReportDefinition, ReportQueryItem } from './types.ts';

const VIEW: Partial<Record<ResourceField['type'], ReportQueryItem['view']>> = {
  int: 'integer',
  date: 'date',
};

/**
 * A picker report (选择职务 …) over a declared resource: its columns and search items are the
 * resource's listed, non-system fields, read through the resource's own list (fields, scope).
 */
export function resourceSelectReport(
  sr: ServerResource,
  def: { id: string; code: string; name: string; sort?: SortFallback },
): ReportDefinition {
  const { surfaces } = sr.resource;
  const gen = generate(sr);
  const shown = surfaces.list.filter((f) => !f.system);
  const queryable = shown.filter((f) => f.queryable !== false);
  return {
    id: def.id,
    code: def.code,
    name: def.name,
    permission: sr.resource.perms.list,
    columns: shown.map((f) => ({
      title: f.title,
      dataIndex: f.key,
      ...(f.dict ? { dict: f.dict } : {}),
      sorter: f.queryable !== false,
    })),
    query: queryable.map((f) => ({
      field: f.key,
      label: f.title,
      view: f.dict || f.options ? 'list' : (VIEW[f.type] ?? 'string'),
      mode: 'single',
      ...(f.dict ? { dict: f.dict } : {}),
    })),
    source: {
      table: sr.table,
      fields: gen.list.fields,
      defaultSort: def.sort ?? gen.list.defaultSort,
      tieBreaker: gen.list.tieBreaker,
      scope: sr.scope,
      reach: (req) => reachScope(req, sr),
      async toRecords(_db, rows, tz) {
        return rows.map((row: Record<string, unknown>) => {
          const json = gen.toJson(row as never, tz);
          return Object.fromEntries([['id', json.id], ...shown.map((f) => [f.key, json[f.key]])]);
        });
      },
    },
  };
}
