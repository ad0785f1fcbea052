import { TECH_FINANCE } from '../../shared/resources/tech-finance.ts';
import { yyTechFinance } from '../db/views.ts';
import type { ServerResource } from './register.ts';

/**
 * 技师财务统计: a resource on the view yy_tech_finance (migration wallet_triggers), read through
 * the generated list, queryById and export; partner staff reach their partner's technicians only.
 */
export const techFinanceServer: ServerResource = {
  resource: TECH_FINANCE,
  table: yyTechFinance,
  partner: { column: 'partnerId' },
};
