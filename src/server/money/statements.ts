/**
 * 对账单 generation and 分账, set-based: one statement writes a period's lines (INSERT … SELECT
 * from the ledger) and, in a second part of it, their statements (GROUP BY), whatever the number
 * of orders.
 *
 * A period's drafts are dropped and written again from the ledger (ids derived from the period
 * and account, a line is its entry's id), so regenerating an unchanged draft gives identical
 * lines. Statements of the period that are confirmed or settled stay as they are; the
 * entries of their accounts that are on no statement (posted after the lock) and entries of
 * earlier locked periods are carried into the next period generated for the account as
 * adjustment lines.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StatementGenerated, StatementPeriod } from '../../shared/resources/statement.ts';
import type { DivideCashResult } from '../../shared/resources/visit-finance.ts';
import type { Db } from '../db/client.ts';

class DryRun extends Error {}

type Row = Record<string, unknown>;

const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Generate (or regenerate) the period's statements of every technician and partner. */
export async function generateStatements(
  db: Db,
  p: StatementPeriod,
  opts: { tz: string; by: string; dryRun?: boolean },
): Promise<StatementGenerated> {
  let result: StatementGenerated | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await generateIn(tx, p, opts);
      if (opts.dryRun) throw new DryRun();
    });
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
  return result!;
}

async function generateIn(
  tx: Db,
  p: StatementPeriod,
  { tz, by, dryRun = false }: { tz: string; by: string; dryRun?: boolean },
): Promise<StatementGenerated> {
  const { type, start, end, period } = p;
  // one generation per period type at a time: a concurrent one (this period or another, which
  // might claim the same adjustment entries) waits, then sees this one's lines
  await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtext(${`yy_statement:${type}`}))`);
  // the statements' GROUP BY hashes every order of the period: in memory, not on disk
  await rowsOf(tx, sql`set local work_mem = '64MB'`);
  await rowsOf(
    tx,
    sql`
    delete from yy_statement_line l using yy_statement s
    where s.id = l.statement_id and s.period_type = ${type} and s.period_start = ${start}::date and s.status = '0'`,
  );
  await rowsOf(
    tx,
    sql`
    delete from yy_statement s where s.period_type = ${type} and s.period_start = ${start}::date and s.status = '0'`,
  );
  const written = await rowsOf(
    tx,
    sql`
    with here as (
      -- the period's statements left: confirmed or settled (their accounts get no new lines here)
      select account, account_id from yy_statement where period_type = ${type} and period_start = ${start}::date
    ),
    cand as (
      select e.id, e.account, e.account_id, e.order_id, e.amount, e.partner_id, e.tenant_id, false as adjustment
      from yy_ledger_entry e
      where e.account in ('technician', 'partner') and e.account_id is not null
        and e.create_time >= (${start}::date::timestamp at time zone ${tz})
        and e.create_time < (${end}::date::timestamp at time zone ${tz})
        and not exists (select 1 from here x where x.account = e.account and x.account_id = e.account_id)
        and not exists (select 1 from yy_statement_line l where l.entry_id = e.id and l.period_type = ${type})
      union all
      -- entries of an earlier locked period of the account that its statement does not hold
      select e.id, e.account, e.account_id, e.order_id, e.amount, e.partner_id, e.tenant_id, true
      from yy_statement s2
      join yy_ledger_entry e on e.account = s2.account and e.account_id = s2.account_id
        and e.create_time >= (s2.period_start::timestamp at time zone ${tz})
        and e.create_time < (s2.period_end::timestamp at time zone ${tz})
      where s2.period_type = ${type} and s2.status <> '0' and s2.period_end <= ${start}::date
        and not exists (select 1 from here x where x.account = e.account and x.account_id = e.account_id)
        and not exists (select 1 from yy_statement_line l where l.entry_id = e.id and l.period_type = ${type})
    ),
    keyed as (
      select c.*, md5('statement:' || ${type} || ':' || ${start} || ':' || c.account || ':' || c.account_id) as sid
      from cand c
    ),
    lines as (
      insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
      select k.sid, k.id, ${type}, k.adjustment from keyed k
      returning 1
    ),
    -- per order first, then per statement: two hash aggregations instead of sorting every line
    -- for count(distinct order_id)
    per_order as (
      select k.sid, k.account, k.account_id, k.order_id, count(*) as n, max(k.partner_id) as partner_id,
        min(k.tenant_id) as tenant_id, sum(k.amount) filter (where not k.adjustment) as own,
        sum(k.amount) filter (where k.adjustment) as carried, sum(k.amount) as total
      from keyed k
      group by k.sid, k.account, k.account_id, k.order_id
    ),
    heads as (
      insert into yy_statement (id, period_type, period, period_start, period_end, account, account_id, partner_id,
        status, line_count, order_count, period_amount, adjustment_amount, total_amount, generate_time, tenant_id,
        create_by, create_time)
      select o.sid, ${type}, ${period}, ${start}::date, ${end}::date, o.account, o.account_id,
        case when o.account = 'partner' then o.account_id else max(o.partner_id) end,
        '0', sum(o.n), count(o.order_id), coalesce(sum(o.own), 0), coalesce(sum(o.carried), 0),
        sum(o.total), now(), min(o.tenant_id), ${by}, now()
      from per_order o
      group by o.sid, o.account, o.account_id
      returning line_count, total_amount
    )
    select (select count(*) from lines)::int as written_lines,
      (select count(*) from keyed where adjustment)::int as adjustments,
      count(*)::int as statements, coalesce(sum(line_count), 0)::int as lines,
      coalesce(sum(total_amount), 0)::text as total
    from heads`,
  );
  const head = written[0] ?? {};
  const locked = await rowsOf(
    tx,
    sql`
    select count(*)::int as n from yy_statement where period_type = ${type} and period_start = ${start}::date
      and status <> '0'`,
  );
  return {
    period,
    dryRun,
    statements: Number(head.statements ?? 0),
    lines: Number(head.lines ?? 0),
    adjustments: Number(head.adjustments ?? 0),
    locked: Number(locked[0]?.n ?? 0),
    total: String(head.total ?? '0'),
  };
}

/** The ledger entries a statement holds (its lines): `select … from <this> e`. */
export const statementEntries = (statementId: string): SQL => sql`(
  select e.* from yy_statement_line l join yy_ledger_entry e on e.id = l.entry_id
  where l.statement_id = ${statementId})`;

/**
 * A statement confirmed: the 结算扣款 material orders whose deduction it holds are charged by it
 * (`statement_id`); reopened, they are uncharged again (its next confirmation charges them anew).
 * Answers how many orders changed.
 */
export async function chargeDeductions(tx: Db, statementId: string, charged: boolean): Promise<number> {
  const rows = charged
    ? await rowsOf(
        tx,
        sql`
        update yy_material_order m set statement_id = ${statementId}, update_time = now()
        from ${statementEntries(statementId)} e
        where e.kind = 'deduction' and e.entry_key = 'material:' || m.id || ':debit'
          and m.pay_method = '2' and m.statement_id is null
          -- cancelled with its reversal on the same statement: nothing was charged
          and not exists (select 1 from ${statementEntries(statementId)} r
                          where r.entry_key = 'material:' || m.id || ':return-debit')
        returning m.id`,
      )
    : await rowsOf(
        tx,
        sql`update yy_material_order set statement_id = null, update_time = now()
            where statement_id = ${statementId} returning id`,
      );
  return rows.length;
}

/**
 * 分账: each settled statement of the period (within `reach`) not paid out yet becomes one payout.
 * The payout's unique statement makes a repeated or concurrent call pay nothing twice: a second
 * insert of the same statement waits for the first and then does nothing.
 */
export async function divideCash(
  db: Db,
  p: StatementPeriod,
  opts: { by: string; reach?: SQL },
): Promise<DivideCashResult> {
  const reach = opts.reach ?? sql`true`;
  const made = await rowsOf(
    db,
    sql`
    with paid as (
      insert into yy_payout (id, statement_id, period, account, account_id, amount, pay_ref, tenant_id, create_by,
        create_time)
      select md5('payout:' || yy_statement.id), yy_statement.id, yy_statement.period, yy_statement.account, yy_statement.account_id, yy_statement.total_amount, yy_statement.pay_ref, yy_statement.tenant_id,
        ${opts.by}, now()
      from yy_statement
      where yy_statement.period_type = ${p.type} and yy_statement.period_start = ${p.start}::date and yy_statement.status = '2' and ${reach}
      order by yy_statement.id
      on conflict do nothing
      returning amount
    )
    select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from paid`,
  );
  const all = await rowsOf(
    db,
    sql`
    select count(y.id)::int as n, coalesce(sum(y.amount), 0)::text as amount,
      count(*) filter (where yy_statement.status <> '2')::int as unsettled
    from yy_statement left join yy_payout y on y.statement_id = yy_statement.id
    where yy_statement.period_type = ${p.type} and yy_statement.period_start = ${p.start}::date and ${reach}`,
  );
  return {
    period: p.period,
    paid: Number(made[0]?.n ?? 0),
    paidAmount: String(made[0]?.amount ?? '0'),
    totalPayouts: Number(all[0]?.n ?? 0),
    totalAmount: String(all[0]?.amount ?? '0'),
    unsettled: Number(all[0]?.unsettled ?? 0),
  };
}
