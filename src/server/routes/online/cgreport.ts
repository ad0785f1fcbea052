import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE, MSG } from '../../../shared/api.ts';
import type { Result } from '../../../shared/api.ts';
import { fail, ok } from '../../lib/http/result.ts';
import { caller } from '../../plugins/auth.ts';
import { reportByCode, reportById, reportData, reportDictOptions } from '../../reports/catalog.ts';
import type { ReportDefinition } from '../../reports/types.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

/** Answer of JeecgBoot's cgreport for an unknown report code or id. */
export const REPORT_NOT_FOUND = '实体不存在';

type Q = Record<string, string | undefined>;

/**
 * The report of the request, or the refusal to send: unknown → 实体不存在; known but not granted →
 * the 510 answer the auth plugin gives to a route permission the caller lacks.
 */
function resolve(
  req: FastifyRequest,
  report: ReportDefinition | undefined,
): { report: ReportDefinition; refusal?: undefined } | { report?: undefined; refusal: Result<null> } {
  if (!report) return { refusal: fail(REPORT_NOT_FOUND) };
  if (!caller(req).perms.has(report.permission)) return { refusal: fail(MSG.noAuth, CODE.NO_AUTH) };
  return { report };
}

/**
 * Online reports (`/online/cgreport/api/*`, jeecg-api.md §10) over the code-defined allow-list of
 * `src/server/reports`: the routes need a session, each report its own permission.
 */
export default async function cgreportRoutes(app: FastifyInstance) {
  route<{ Params: { code: string } }>(app, ENDPOINTS.report.columns, async (req) => {
    const { report, refusal } = resolve(req, reportByCode(req.params.code));
    if (!report) return refusal;
    return ok({
      columns: report.columns.map((c) => ({
        title: c.title,
        dataIndex: c.dataIndex,
        align: 'center',
        ...(c.sorter ? { sorter: 'true' } : {}),
        ...(c.dict ? { customRender: c.dataIndex } : {}),
      })),
      dictOptions: await reportDictOptions(app.db, report),
      cgRpConfigId: report.id,
      cgRpConfigName: report.name,
      fieldHrefSlots: [],
    });
  });

  route<{ Params: { id: string } }>(app, ENDPOINTS.report.queryInfo, async (req) => {
    const { report, refusal } = resolve(req, reportById(req.params.id));
    if (!report) return refusal;
    return ok(
      report.query.map((q, i) => ({
        label: q.label,
        field: q.field,
        view: q.view,
        mode: q.mode,
        ...(q.dict ? { dictCode: q.dict } : {}),
        // JeecgBoot collapses the search form from the third item on
        ...(i >= 2 ? { hidden: '1' } : {}),
      })),
    );
  });

  route<{ Params: { id: string }; Querystring: Q }>(app, ENDPOINTS.report.data, async (req) => {
    const { report, refusal } = resolve(req, reportById(req.params.id));
    if (!report) return refusal;
    return ok(await reportData(app.db, report, req.query, app.config.timezone, report.source.reach?.(req)));
  });
}
