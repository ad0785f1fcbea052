/**
 * Balances of 资金流水: always derived from the entries (`SUM(amount)` per account); the cache
 * yy_ledger_balance, kept by the entries' trigger, is compared with them by the balance job.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface BalanceRow {
  account: string;
  accountId: string | null;
  /** derived from the entries */
  balance: string;
  /** the cached balance (null: none cached) */
  cached: string | null;
}

/** Rows of a raw statement. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every account's balance from the entries within `reach`, with its cached value. */
export async function deriveBalances(db: Db, account?: string, reach?: SQL): Promise<BalanceRow[]> {
  const rows = await rowsOf<{ account: string; account_id: string; balance: string; cached: string | null }>(
    db,
    sql`
    select d.account, d.account_key as account_id, d.balance::text as balance, b.balance::text as cached
      from (select yy_ledger_entry.account, coalesce(yy_ledger_entry.account_id, '') as account_key,
                   sum(yy_ledger_entry.amount) as balance
              from yy_ledger_entry
             where ${account ? sql`yy_ledger_entry.account = ${account}` : sql`true`} and ${reach ?? sql`true`}
             group by 1, 2) d
      left join yy_ledger_balance b on b.account = d.account and b.account_key = d.account_key
     order by 1, 2`,
  );
  return rows.map((r) => ({
    account: r.account,
    accountId: r.account_id || null,
    balance: r.balance,
    cached: r.cached,
  }));
}

export interface BalanceDrift {
  account: string;
  accountKey: string;
  derived: string | null;
  cached: string | null;
}

/** The accounts whose cached balance differs from the entries' sum (either side missing counts). */
export async function balanceDrifts(db: Db): Promise<BalanceDrift[]> {
  const rows = await rowsOf<{
    account: string;
    account_key: string;
    derived: string | null;
    cached: string | null;
  }>(
    db,
    sql`
    select coalesce(d.account, b.account) as account, coalesce(d.account_key, b.account_key) as account_key,
           d.balance::text as derived, b.balance::text as cached
      from (select account, coalesce(account_id, '') as account_key, sum(amount) as balance
              from yy_ledger_entry group by 1, 2) d
      full join yy_ledger_balance b on b.account = d.account and b.account_key = d.account_key
     where d.balance is distinct from b.balance
       and not (d.balance is null and b.balance = 0)
     order by 1, 2`,
  );
  return rows.map((r) => ({
    account: r.account,
    accountKey: r.account_key,
    derived: r.derived,
    cached: r.cached,
  }));
}

/** Set the cache to the derived balances (after a drift was reported). */
export async function repairBalances(db: Db): Promise<void> {
  await db.execute(sql`
    insert into yy_ledger_balance as b (account, account_key, balance, update_time)
    select account, coalesce(account_id, ''), sum(amount), now() from yy_ledger_entry group by 1, 2 order by 1, 2
    on conflict (account, account_key) do update set balance = excluded.balance, update_time = now()`);
  await db.execute(sql`
    delete from yy_ledger_balance b
     where not exists (select 1 from yy_ledger_entry e
                        where e.account = b.account and coalesce(e.account_id, '') = b.account_key)`);
}

/** How many accounts have a cached balance. */
export async function cachedAccounts(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from yy_ledger_balance`);
  return Number(row?.n ?? 0);
}
