import { TECH_SUMMARY } from '../../shared/resources/technician-summary.ts';
import { yyTechnicianSummary } from '../db/views.ts';
import type { ServerResource } from './register.ts';

/**
 * 技师服务概况: a resource on the view yy_technician_summary (migration 0021). Only the generated
 * reads exist (list, queryById, export, stats), under the caller's row scope as every resource's;
 * the declaration's `view` leaves out every write.
 */
export const techSummaryServer: ServerResource = {
  resource: TECH_SUMMARY,
  table: yyTechnicianSummary,
};
