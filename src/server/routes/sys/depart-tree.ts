import type { FastifyInstance } from 'fastify';
import { sysDepart } from '../../db/schema/index.ts';
import { buildFilters, str, type EntityFields } from '../../lib/query/query-generator.ts';
import { ok } from '../../lib/http/result.ts';
import { formatDateTime } from '../../lib/http/time.ts';
import { dictLookup, dictText } from '../../repos/dicts.ts';
import { departChildren, departIdsWithChildren, departsWhere, type DepartRow } from '../../repos/departs.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

type Q = Record<string, string | string[] | undefined>;

/** Search fields of the tree table (allow-list; the search-input modes `*v*`, `!v` … apply). */
const SEARCH_FIELDS: EntityFields = {
  departName: { column: sysDepart.departName, type: 'string' },
  orgCode: { column: sysDepart.orgCode, type: 'string' },
  orgCategory: { column: sysDepart.orgCategory, type: 'string' },
};

/** One row of the department tree table (spec §3 "Tree-table rows: id, hasChildren, children"). */
export interface DepartTreeRow {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgCategory_dictText: string | null;
  mobile: string | null;
  address: string | null;
  departOrder: number | null;
  createTime: string | null;
  hasChildren: boolean;
}

/**
 * GET /sys/sysDepart/queryTreeTableList: one level of the department tree for the lazy tree table.
 * `parentId` absent or empty gives the roots; with a search field (`departName=*x*`) the matching
 * departments come flat, as leaves, whatever their level.
 */
export default async function departTreeRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.queryTreeTableList, async (req) => {
    const conds = buildFilters(SEARCH_FIELDS, req.query, tz);
    const searching = conds.length > 0;
    const rows = searching
      ? await departsWhere(db, conds)
      : await departChildren(db, str(req.query.parentId) ?? null);
    const parents = searching
      ? new Set<string>()
      : await departIdsWithChildren(
          db,
          rows.map((r) => r.id),
        );
    const lookup = await dictLookup(db, ['org_category']);
    return ok(rows.map((d) => toTreeRow(d, parents.has(d.id), (v) => lookup('org_category', v), tz)));
  });
}

function toTreeRow(
  d: DepartRow,
  hasChildren: boolean,
  category: (value: string) => string | undefined,
  tz: string,
): DepartTreeRow {
  return {
    id: d.id,
    parentId: d.parentId,
    departName: d.departName,
    orgCode: d.orgCode,
    orgCategory: d.orgCategory,
    orgCategory_dictText: dictText(category, d.orgCategory),
    mobile: d.mobile,
    address: d.address,
    departOrder: d.departOrder,
    createTime: formatDateTime(d.createTime, tz),
    hasChildren,
  };
}
