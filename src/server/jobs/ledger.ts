/**
 * The ledger's balance job: re-derives every account's balance from 资金流水 and compares the
 * cache (yy_ledger_balance). A difference is an alert: the run fails with the accounts and both
 * values (执行记录 shows it, the log records it at error level), and the cache is set to the
 * derived balances so the next run passes unless something changes it again.
 */
import type { FastifyInstance } from 'fastify';
import { balanceDrifts, cachedAccounts, repairBalances } from '../money/balances.ts';
import type { JobRegistry } from './registry.ts';

export const LEDGER_JOBS = { balances: 'care.jobs.LedgerBalanceJob' } as const;

export const LEDGER_JOB_MSG = {
  ok: (n: number) => `资金流水余额核对一致（${n} 个账户）`,
  drift: (lines: string[]) => `资金流水余额缓存与流水不一致，已按流水重算：${lines.join('；')}`,
} as const;

export function registerLedgerJobs(registry: JobRegistry, app: FastifyInstance): JobRegistry {
  return registry.register({
    className: LEDGER_JOBS.balances,
    title: '核对资金余额：按资金流水重算各账户余额，与缓存不一致时报警并修正缓存',
    async run(ctx) {
      const drifts = await balanceDrifts(ctx.db);
      if (drifts.length) {
        await repairBalances(ctx.db);
        const lines = drifts.map(
          (d) =>
            `${d.account}${d.accountKey ? `:${d.accountKey}` : ''} 流水 ${d.derived ?? '0'} 缓存 ${d.cached ?? '无'}`,
        );
        app.log.error({ drifts }, 'ledger balance cache drifted from the entries');
        throw new Error(LEDGER_JOB_MSG.drift(lines));
      }
      return LEDGER_JOB_MSG.ok(await cachedAccounts(ctx.db));
    },
  });
}
