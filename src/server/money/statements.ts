/**
 * 对账单 generation and 分账, set-based: one statement reads a period's entries from the ledger,
 * writes its statements (GROUP BY) and the few adjustment lines, whatever the number of orders.
 *
 * A statement does not copy its own period's lines: it records what it holds of them, frozen at
 * generation — the instants of the period (`starts_at`, `ends_at`), a horizon in the ledger's
 * posting order (`seq_hi`: every entry up to it was committed before the generation read the
 * ledger) and the few entries of the period at or below it that another statement carries
 * (`seq_skip`). Its lines are the account's entries of the period up to the horizon, less those
 * (`statementEntries`), so they cannot change once locked: entries never change, and the database
 * keeps a locked statement's columns. Only adjustments are rows of yy_statement_line (an entry of
 * an earlier, locked period that its statement does not hold, carried into the next period
 * generated for the account), and statements written before horizons keep all their lines there.
 *
 * A period's drafts are dropped and written again (ids derived from the period and account), so
 * regenerating an unchanged draft gives identical lines. Statements of the period that are
 * confirmed or settled stay as they are.
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
  const hi = await ledgerHorizon(db);
  try {
    await db.transaction(async (tx) => {
      result = await generateIn(tx, p, { ...opts, hi });
      if (opts.dryRun) throw new DryRun();
    });
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
  return result!;
}

/**
 * The ledger's horizon: the highest posting number such that every entry up to it is committed.
 * A SHARE lock waits for the transactions posting now (they hold ROW EXCLUSIVE from their INSERT,
 * before their number is drawn) and is released at once; later postings draw higher numbers.
 */
async function ledgerHorizon(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await rowsOf(tx, sql`lock table yy_ledger_entry in share mode`);
    const [r] = await rowsOf(
      tx,
      sql`select coalesce(pg_sequence_last_value('yy_ledger_entry_seq_seq'::regclass), 0)::text as hi`,
    );
    return Number(r?.hi ?? 0);
  });
}

/**
 * The statement generating a period's drafts (exported for the benchmark's EXPLAIN): the period's
 * entries up to the horizon, the adjustments carried in, the statements and adjustment lines.
 */
export function generationQuery(
  p: StatementPeriod,
  { tz, by, hi }: { tz: string; by: string; hi: number },
): SQL {
  const { type, start, end, period } = p;
  const startsAt = sql`(${start}::date::timestamp at time zone ${tz})`;
  const endsAt = sql`(${end}::date::timestamp at time zone ${tz})`;
  // a statement's id, from its period and account (`t`: the alias of a constant of ours)
  const sid = (t: 'a' | 'h') =>
    sql`md5('statement:' || ${type} || ':' || ${start} || ':' || ${sql.raw(t)}.account || ':' || ${sql.raw(t)}.account_id)`;
  return sql`
    with here as (
      -- the period's statements left: confirmed or settled (their accounts get no new lines here)
      select account, account_id from yy_statement where period_type = ${type} and period_start = ${start}::date
    ),
    -- entries another statement of this period type carries as adjustments
    carried as (
      select entry_id from yy_statement_line where period_type = ${type} and adjustment
    ),
    -- entries of an earlier locked period of the account that its statement does not hold
    adj as (
      select e.id, e.account, e.account_id, e.order_id, e.amount, e.partner_id, e.tenant_id
      from yy_statement s2
      join yy_ledger_entry e on e.account = s2.account and e.account_id = s2.account_id
        and e.create_time >= coalesce(s2.starts_at, s2.period_start::timestamp at time zone ${tz})
        and e.create_time < coalesce(s2.ends_at, s2.period_end::timestamp at time zone ${tz})
      where s2.period_type = ${type} and s2.status <> '0' and s2.period_end <= ${start}::date and e.seq <= ${hi}
        and not exists (select 1 from here x where x.account = e.account and x.account_id = e.account_id)
        and case when s2.seq_hi is null
          then not exists (select 1 from yy_statement_line l where l.statement_id = s2.id and l.entry_id = e.id)
          else e.seq > s2.seq_hi or e.seq = any (s2.seq_skip) end
        and not exists (select 1 from yy_statement_line l where l.entry_id = e.id and l.period_type = ${type})
    ),
    lines as (
      insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
      select ${sid('a')}, a.id, ${type}, true from adj a
      returning 1
    ),
    -- the period's entries up to the horizon that another statement carries: skipped
    skips as (
      select e.account, e.account_id, array_agg(e.seq order by e.seq) as seqs
      from carried c join yy_ledger_entry e on e.id = c.entry_id
      where e.account in ('technician', 'partner') and e.account_id is not null
        and e.create_time >= ${startsAt} and e.create_time < ${endsAt} and e.seq <= ${hi}
      group by 1, 2
    ),
    -- per statement, the shape of a plain GROUP BY over the period's entries
    own_heads as (
      select e.account, e.account_id, count(*) as n, count(distinct e.order_id) as orders,
        max(e.partner_id) as partner_id, min(e.tenant_id) as tenant_id, sum(e.amount) as own
      from yy_ledger_entry e
      where e.account in ('technician', 'partner') and e.account_id is not null
        and e.create_time >= ${startsAt} and e.create_time < ${endsAt} and e.seq <= ${hi}
        and not exists (select 1 from here x where x.account = e.account and x.account_id = e.account_id)
        and not exists (select 1 from carried c where c.entry_id = e.id)
      group by 1, 2
    ),
    -- the few carried in: their orders counted unless the period has entries of them already
    adj_heads as (
      select a.account, a.account_id, count(*) as n,
        count(distinct a.order_id) filter (where not exists (
          select 1 from yy_ledger_entry y
          where y.account = a.account and y.account_id = a.account_id and y.order_id = a.order_id
            and y.create_time >= ${startsAt} and y.create_time < ${endsAt} and y.seq <= ${hi})) as orders,
        max(a.partner_id) as partner_id, min(a.tenant_id) as tenant_id, sum(a.amount) as carried
      from adj a
      group by 1, 2
    ),
    h as (
      select coalesce(o.account, a.account) as account, coalesce(o.account_id, a.account_id) as account_id,
        coalesce(o.n, 0) + coalesce(a.n, 0) as n, coalesce(o.orders, 0) + coalesce(a.orders, 0) as orders,
        greatest(o.partner_id, a.partner_id) as partner_id, least(o.tenant_id, a.tenant_id) as tenant_id,
        coalesce(o.own, 0) as own, coalesce(a.carried, 0) as carried
      from own_heads o
      full join adj_heads a on a.account = o.account and a.account_id = o.account_id
    ),
    heads as (
      insert into yy_statement (id, period_type, period, period_start, period_end, account, account_id, partner_id,
        status, line_count, order_count, period_amount, adjustment_amount, total_amount, generate_time,
        seq_hi, seq_skip, starts_at, ends_at, tenant_id, create_by, create_time)
      select ${sid('h')}, ${type}, ${period}, ${start}::date, ${end}::date, h.account, h.account_id,
        case when h.account = 'partner' then h.account_id else h.partner_id end,
        '0', h.n, h.orders, h.own, h.carried, h.own + h.carried, now(), ${hi}, coalesce(k.seqs, '{}'),
        ${startsAt}, ${endsAt}, h.tenant_id, ${by}, now()
      from h
      left join skips k on k.account = h.account and k.account_id = h.account_id
      returning line_count, total_amount
    )
    select (select count(*) from lines)::int as written_lines,
      (select count(*) from adj)::int as adjustments,
      count(*)::int as statements, coalesce(sum(line_count), 0)::int as lines,
      coalesce(sum(total_amount), 0)::text as total
    from heads`;
}

async function generateIn(
  tx: Db,
  p: StatementPeriod,
  { tz, by, dryRun = false, hi }: { tz: string; by: string; dryRun?: boolean; hi: number },
): Promise<StatementGenerated> {
  const { type, start, period } = p;
  // one generation per period type at a time: a concurrent one (this period or another, which
  // might claim the same adjustment entries) waits, then sees this one's lines
  await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtext(${`yy_statement:${type}`}))`);
  // the statements' GROUP BY hashes every order of the period: in memory, not on disk
  await rowsOf(tx, sql`set local work_mem = '64MB'`);
  // one large statement, run once: compiling it (JIT) would cost more than it saves
  await rowsOf(tx, sql`set local jit = off`);
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
  const written = await rowsOf(tx, generationQuery(p, { tz, by, hi }));
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

/**
 * The ledger entries a statement holds (its lines), with `adjustment`: `select … from <this> e`.
 * Its own period's up to its horizon, less those skipped, and its rows of yy_statement_line.
 */
export const statementEntries = (statementId: string): SQL => sql`(
  select e.*, false as adjustment from yy_statement s
  join yy_ledger_entry e on e.account = s.account and e.account_id = s.account_id
    and e.create_time >= s.starts_at and e.create_time < s.ends_at
    and e.seq <= s.seq_hi and not (e.seq = any (s.seq_skip))
  where s.id = ${statementId} and s.seq_hi is not null
  union all
  select e.*, l.adjustment from yy_statement_line l join yy_ledger_entry e on e.id = l.entry_id
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
 * 分账: each settled statement of the period (within `reach`) not paid out yet becomes one payout;
 * one that nets to zero or less (结算扣款 above the earnings) pays nothing and is counted as owing.
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
        and yy_statement.total_amount > 0
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
      count(*) filter (where yy_statement.status <> '2')::int as unsettled,
      count(*) filter (where yy_statement.status = '2' and yy_statement.total_amount <= 0)::int as owing
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
    owing: Number(all[0]?.owing ?? 0),
  };
}
