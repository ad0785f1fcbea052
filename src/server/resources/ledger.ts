import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { LEDGER, LEDGER_BALANCES, LEDGER_MSG, LEDGER_PARAM } from '../../shared/resources/ledger.ts';
import { yyLedgerEntry, yyPartner, yyTechnician, yyUser } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { str } from '../lib/query/query-generator.ts';
import { deriveBalances } from '../money/balances.ts';
import type { ServerResource } from './types.ts';

const L = yyLedgerEntry;

/**
 * 资金流水: read and exported only (append-only: entries are posted by the orders' transitions,
 * never by a client). `technician` (id or name) and `month` (YYYY-MM, local) filter the list;
 * partner staff reach their partner's orders' entries only.
 */
export const ledgerServer: ServerResource = {
  resource: LEDGER,
  table: L,
  tenant: { column: 'tenantId' },
  partner: { column: 'partnerId' },
  computed: {
    accountName: () => sql`(case ${L.account}
      when 'platform' then '平台'
      when 'technician' then (select t.name from ${yyTechnician} t where t.id = ${L.accountId})
      when 'partner' then (select p.name from ${yyPartner} p where p.id = ${L.accountId})
      when 'customer' then (select u.nickname from ${yyUser} u where u.id = ${L.accountId})
    end)`,
    technicianName: () => sql`(select t.name from ${yyTechnician} t where t.id = ${L.technicianId})`,
  },
  listWhere(query, tz) {
    const where: Array<SQL | undefined> = [];
    const technician = str(query[LEDGER_PARAM.technician])?.trim();
    if (technician)
      where.push(
        or(
          eq(L.technicianId, technician),
          sql`${L.technicianId} in (select t.id from ${yyTechnician} t where t.name = ${technician})`,
        ),
      );
    const month = str(query[LEDGER_PARAM.month])?.trim();
    if (month) {
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new BizError(LEDGER_MSG.month);
      const start = sql`(${`${month}-01`}::date::timestamp at time zone ${tz})`;
      const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${tz})`;
      where.push(and(sql`${L.createTime} >= ${start}`, sql`${L.createTime} < ${end}`));
    }
    return where;
  },
  endpoints: [
    {
      contract: LEDGER_BALANCES,
      async handler(req, access) {
        const account = str((req.query as Record<string, string | undefined>).account)?.trim() || undefined;
        // the entries the caller reaches (tenant, partner, data rules)
        return ok(await deriveBalances(req.server.db, account, await access.reach(req)));
      },
    },
  ],
};
