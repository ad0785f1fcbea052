import { inArray, sql } from 'drizzle-orm';
import {
  STATEMENT,
  STATEMENT_GENERATE,
  STATEMENT_LINE,
  STATEMENT_MSG,
  STATEMENT_STATUS,
  parseStatementPeriod,
} from '../../shared/resources/statement.ts';
import { yyPartner, yyStatement, yyTechnician } from '../db/schema/index.ts';
import { yyStatementEntry } from '../db/views.ts';
import { caller } from '../plugins/auth.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { chargeDeductions, generateStatements } from '../money/statements.ts';
import type { ServerResource } from './types.ts';

const S = yyStatement;

/**
 * 对账单明细: the view of every statement's lines (migration 0040), listed and exported (a 合计
 * row) by statement within the caller's reach: tenant and partner, as the statements.
 */
export const statementLineServer: ServerResource = {
  resource: STATEMENT_LINE,
  table: yyStatementEntry,
  tenant: { column: 'tenantId' },
  partner: { column: 'partnerId' },
};

/** The period named by a request: `period`, else `month`, else `week` (body or query). */
export function periodOf(values: Record<string, unknown>) {
  const text = [values.period, values.month, values.week].find((v) => typeof v === 'string' && v.trim());
  if (typeof text !== 'string') throw new BizError(STATEMENT_MSG.noPeriod);
  const p = parseStatementPeriod(text);
  if (!p) throw new BizError(STATEMENT_MSG.period);
  return p;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

/**
 * 对账单: listed, exported (with a 合计 row), a draft's remark edited and a draft deleted; confirmed
 * and settled ones are refused here and by the database (migration 0033). `generate` writes a
 * period's drafts from the ledger (src/server/money/statements.ts); 确认, 结算 and 重新打开 are
 * the declared transitions. Partner staff reach their partner's statements (and its technicians').
 */
export const statementServer: ServerResource = {
  resource: STATEMENT,
  table: S,
  tenant: { column: 'tenantId' },
  partner: { column: 'partnerId' },
  computed: {
    accountName: () => sql`(case ${S.account}
      when 'technician' then (select t.name from ${yyTechnician} t where t.id = ${S.accountId})
      when 'partner' then (select p.name from ${yyPartner} p where p.id = ${S.accountId})
    end)`,
  },
  hooks: {
    beforeSave({ original }) {
      if (original && original.status !== STATEMENT_STATUS.draft) throw new BizError(STATEMENT_MSG.locked);
    },
    async beforeDelete({ db, ids }) {
      const locked = await db
        .select({ id: S.id })
        .from(S)
        .where(sql`${inArray(S.id, ids)} and ${S.status} <> ${STATEMENT_STATUS.draft}`)
        .limit(1);
      if (locked.length) throw new BizError(STATEMENT_MSG.lockedDelete);
    },
  },
  transitions: {
    // the 结算扣款 material orders the statement deducts are charged by its confirmation
    confirm: {
      set: () => ({ confirmTime: new Date() }),
      async effects({ tx, row }) {
        await chargeDeductions(tx, String(row.id), true);
      },
    },
    settle: { set: ({ params }) => ({ payRef: String(params.ref), payTime: new Date() }) },
    reopen: {
      set: () => ({ confirmTime: null }),
      async effects({ tx, row }) {
        await chargeDeductions(tx, String(row.id), false);
      },
    },
  },
  endpoints: [
    {
      contract: STATEMENT_GENERATE,
      async handler(req) {
        const values = {
          ...(req.query as Record<string, unknown>),
          ...((req.body ?? {}) as Record<string, unknown>),
        };
        const p = periodOf(values);
        const result = await generateStatements(req.server.db, p, {
          tz: req.server.config.timezone,
          by: caller(req).user.username,
          dryRun: truthy(values.dryRun),
        });
        return ok(result);
      },
    },
  ],
};
