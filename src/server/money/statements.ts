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

async function generateIn(
  tx: Db,
  p: StatementPeriod,
  { tz, by, dryRun = false, hi }: { tz: string; by: string; dryRun?: boolean; hi: number },
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
  const startsAt = sql`(${start}::date::timestamp at time zone ${tz})`;
  const endsAt = sql`(${end}::date::timestamp at time zone ${tz})`;
  const written = await rowsOf(
    tx,
    sql`
    with here as (
      -- the period's statements left: confirmed or settled (their accounts get no new lines here)
      select account, account_id from yy_statement where period_type = ${type} and period_start = ${start}::date
    ),
    -- entries another statement of this period type carries as adjustments
    carried as (
      select entry_id from yy_statement_line where period_type = ${type} and adjustment
    ),
    own as (
      select e.id, e.seq, e.account, e.account_id, e.order_id, e.amount, e.partner_id, e.tenant_id,
        c.entry_id is not null as skip
      from yy_ledger_entry e
      left join carried c on c.entry_id = e.id
      where e.account in ('technician', 'partner') and e.account_id is not null
        and e.create_time >= ${startsAt} and e.create_time < ${endsAt} and e.seq <= ${hi}
        and not exists (select 1 from here x where x.account = e.account and x.account_id = e.account_id)
    ),
    cand as (
      select o.id, o.account, o.account_id, o.order_id, o.amount, o.partner_id, o.tenant_id, false as adjustment
      from own o where not o.skip
      union all
      -- entries of an earlier locked period of the account that its statement does not hold
      select e.id, e.account, e.account_id, e.order_id, e.amount, e.partner_id, e.tenant_id, true
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
    keyed as (
      select c.*, md5('statement:' || ${type} || ':' || ${start} || ':' || c.account || ':' || c.account_id) as sid
      from cand c
    ),
    skips as (
      select md5('statement:' || ${type} || ':' || ${start} || ':' || o.account || ':' || o.account_id) as sid,
        array_agg(o.seq order by o.seq) as seqs
      from own o where o.skip
      group by 1
    ),
    lines as (
      insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
      select k.sid, k.id, ${type}, true from keyed k where k.adjustment
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
        status, line_count, order_count, period_amount, adjustment_amount, total_amount, generate_time,
        seq_hi, seq_skip, starts_at, ends_at, tenant_id, create_by, create_time)
      select o.sid, ${type}, ${period}, ${start}::date, ${end}::date, o.account, o.account_id,
        case when o.account = 'partner' then o.account_id else max(o.partner_id) end,
        '0', sum(o.n), count(o.order_id), coalesce(sum(o.own), 0), coalesce(sum(o.carried), 0),
        sum(o.total), now(), ${hi}, coalesce(k.seqs, '{}'), ${startsAt}, ${endsAt}, min(o.tenant_id), ${by},
        now()
      from per_order o
      left join skips k on k.sid = o.sid
      group by o.sid, o.account, o.account_id, k.seqs
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
