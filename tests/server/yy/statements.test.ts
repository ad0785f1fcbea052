import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { statementEntries } from '../../../src/server/money/statements.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysUser } from '../../../src/server/db/schema/index.ts';
import {
  STATEMENT,
  STATEMENT_GENERATE,
  STATEMENT_LINE,
  STATEMENT_MSG,
} from '../../../src/shared/resources/statement.ts';
import {
  VISIT_FINANCE,
  VISIT_FINANCE_DISTRICTS,
  VISIT_FINANCE_DIVIDE,
  VISIT_FINANCE_STATISTICS,
} from '../../../src/shared/resources/visit-finance.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';

/**
 * 对账单 and 上门财务 through the real endpoints: the seeded months, generation (deterministic,
 * set-based), the lifecycle 草稿 → 已确认 → 已结算 and the lock the database keeps, adjustments of
 * a locked period carried to the next, 重新打开 with its permission and a reason, partner staff's
 * reach, the statistics against independent SQL over the ledger, and 分账 once under concurrency
 * (on PostgreSQL in the server-pg pass).
 */
let t: TestApp;
const token: Record<string, string> = {};
type Row = Record<string, unknown>;
const raw = async (text: string, params: unknown[] = []) =>
  (await t.database.rawQuery(text, params)).rows as Row[];
let tz: string;
/** the local months: two before (seeded settled), one before (seeded confirmed), this, next */
const month: Record<'older' | 'later' | 'current' | 'next', string> = {
  older: '',
  later: '',
  current: '',
  next: '',
};

beforeAll(async () => {
  t = await createTestApp();
  tz = t.config.timezone;
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  const [m] = await raw(
    `select to_char((now() at time zone $1) - interval '2 months', 'YYYY-MM') as older,
            to_char((now() at time zone $1) - interval '1 month', 'YYYY-MM') as later,
            to_char(now() at time zone $1, 'YYYY-MM') as current,
            to_char((now() at time zone $1) + interval '1 month', 'YYYY-MM') as next`,
    [tz],
  );
  Object.assign(month, m);
});
afterAll(async () => t?.close());

const ep = STATEMENT.endpoints;
const act = async (action: string, ids: string, body: Row = {}, who = 'caiwu') =>
  (await t.call('PUT', `${STATEMENT.decl.path}/${action}`, { token: token[who], body: { ids, ...body } }))
    .body;
const generate = async (period: string, extra: Row = {}, who = 'caiwu') =>
  (await t.call('POST', STATEMENT_GENERATE.path, { token: token[who], body: { period, ...extra } })).body;

/** Every line of the period's statements, in key order (what "identical" compares). */
async function linesOf(period: string) {
  const ids = await raw(`select id from yy_statement where period = $1 order by id`, [period]);
  const out: Row[] = [];
  for (const { id } of ids) {
    const r = (await t.database.db.execute(sql`
      select ${String(id)}::text as statement_id, e.id as entry_id, e.kind, e.amount::text as amount, e.adjustment,
        (select total_amount::text from yy_statement where id = ${String(id)}) as total
      from ${statementEntries(String(id))} e order by e.id`)) as unknown as { rows: Row[] };
    out.push(...r.rows);
  }
  return out;
}

/** The ledger's sum per technician/partner account over a local month (independent of the statements). */
const ledgerSums = (m: string) =>
  raw(
    `select account, account_id, sum(amount)::text as total, count(*)::int as n
       from yy_ledger_entry
      where account in ('technician', 'partner')
        and to_char(create_time at time zone $2, 'YYYY-MM') = $1
      group by 1, 2 order by 1, 2`,
    [m, tz],
  );

describe('对账单: the seed', () => {
  it('holds the two months before this one, settled and confirmed, each equal to the ledger', async () => {
    for (const [m, status] of [
      [month.older, '2'],
      [month.later, '1'],
    ] as const) {
      const statements = await raw(
        `select account, account_id, status, total_amount::text as total, line_count as n, pay_ref
           from yy_statement where period = $1 order by 1, 2`,
        [m],
      );
      expect(statements.length, m).toBeGreaterThan(10);
      expect(statements.every((s) => s.status === status)).toBe(true);
      if (status === '2') expect(statements.every((s) => String(s.pay_ref).startsWith('SEED-'))).toBe(true);
      expect(statements.map((s) => [s.account, s.account_id, s.total, s.n])).toEqual(
        (await ledgerSums(m)).map((s) => [s.account, s.account_id, s.total, s.n]),
      );
    }
  });

  it('is listed for 财务出纳 and exported with a 合计 row of the exact sums', async () => {
    const list = await t.call('GET', ep.list.path, { token: token.caiwu, query: { period: month.later } });
    expect(list.body.success, JSON.stringify(list.body)).toBe(true);
    expect(list.body.result.total).toBeGreaterThan(10);
    expect(list.body.result.records[0]).toMatchObject({ status: '1', accountName: expect.any(String) });
    const xlsx = await t.call('GET', ep.exportXls!.path, {
      token: token.caiwu,
      query: { period: month.later },
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const last = sheet.getRow(sheet.actualRowCount).values as unknown[];
    expect(last).toContain('合计');
    const [sum] = await raw(`select sum(total_amount)::text as s from yy_statement where period = $1`, [
      month.later,
    ]);
    expect(last.map(String)).toContain(String(sum!.s));
  });
});

describe('对账单明细', () => {
  it('lists a statement’s lines (its 明细 tab) and exports them with a 合计 row equal to its total', async () => {
    const [s] = await raw(
      `select id, total_amount::text as total, line_count as n from yy_statement
        where period = $1 and account = 'technician' order by line_count desc, id limit 1`,
      [month.later],
    );
    const list = await t.call('GET', STATEMENT_LINE.endpoints.list.path, {
      token: token.caiwu,
      query: { statementId: String(s!.id), pageSize: '1000' },
    });
    expect(list.body.success, JSON.stringify(list.body)).toBe(true);
    const records = list.body.result.records as Array<{ entryId: string; amount: string }>;
    expect(records).toHaveLength(Number(s!.n));
    expect(records.map((r) => r.entryId).sort()).toEqual(
      (await linesOf(month.later))
        .filter((l) => l.statement_id === s!.id)
        .map((l) => l.entry_id)
        .sort(),
    );
    const xlsx = await t.call('GET', STATEMENT_LINE.endpoints.exportXls!.path, {
      token: token.caiwu,
      query: { statementId: String(s!.id) },
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const last = (sheet.getRow(sheet.actualRowCount).values as unknown[]).map(String);
    expect(last).toContain('合计');
    expect(last).toContain(String(s!.total));
    // with the statement's codes only: 普通员工 has no 对账单
    const denied = await t.call('GET', STATEMENT_LINE.endpoints.list.path, {
      token: token.yuangong,
      query: { statementId: String(s!.id) },
    });
    expect(denied.body.success).toBe(false);
  });
});

describe('对账单: generation and lifecycle', () => {
  let techStatement: string;
  let techId: string;

  it('generates this month’s drafts from the ledger; regenerating gives identical lines; dry runs write nothing', async () => {
    await raw(`delete from yy_statement where period = $1`, [month.current]);
    const dry = await generate(month.current, { dryRun: true });
    expect(dry.success, JSON.stringify(dry)).toBe(true);
    expect(dry.result.dryRun).toBe(true);
    expect(await raw(`select 1 from yy_statement where period = $1`, [month.current])).toEqual([]);
    const first = await generate(month.current);
    expect(first.result).toMatchObject({
      statements: dry.result.statements,
      lines: dry.result.lines,
      locked: 0,
    });
    expect(first.result.statements).toBeGreaterThan(0);
    const before = await linesOf(month.current);
    expect(before.length).toBe(first.result.lines);
    const again = await generate(month.current);
    expect(again.result).toMatchObject({ statements: first.result.statements, lines: first.result.lines });
    expect(await linesOf(month.current)).toEqual(before);
    // the statements equal the ledger's sums per account
    const heads = await raw(
      `select account, account_id, total_amount::text as total, line_count as n from yy_statement
        where period = $1 order by 1, 2`,
      [month.current],
    );
    expect(heads.map((s) => [s.account, s.account_id, s.total, s.n])).toEqual(
      (await ledgerSums(month.current)).map((s) => [s.account, s.account_id, s.total, s.n]),
    );
    const [s] = await raw(
      `select id, account_id from yy_statement where period = $1 and account = 'technician'
        order by line_count desc, id limit 1`,
      [month.current],
    );
    techStatement = String(s!.id);
    techId = String(s!.account_id);
    // a bad period is refused in Chinese, and only with the generate permission
    expect((await generate('2026-13')).message).toBe(STATEMENT_MSG.period);
    expect((await generate(month.current, {}, 'yuangong')).success).toBe(false);
  });

  it('confirm locks the statement: the database refuses changing its lines or totals, the edit refuses in Chinese', async () => {
    expect(await act('confirm', techStatement)).toMatchObject({ success: true });
    // its lines are read by its horizon: neither it, the entries it skips nor its period move
    const sqlRefusals = [
      `insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
         values ('${techStatement}', 'x', 'month', false)`,
      `update yy_statement set total_amount = total_amount + 1 where id = '${techStatement}'`,
      `update yy_statement set seq_hi = seq_hi + 1 where id = '${techStatement}'`,
      `update yy_statement set seq_skip = '{1}' where id = '${techStatement}'`,
      `update yy_statement set ends_at = ends_at + interval '1 day' where id = '${techStatement}'`,
      `delete from yy_statement where id = '${techStatement}'`,
    ];
    for (const text of sqlRefusals)
      await expect(t.database.rawQuery(text, []), text).rejects.toThrow(/statement .*locked/);
    const edit = await t.call('PUT', ep.edit!.path, {
      token: token.caiwu,
      body: { id: techStatement, remark: '改一下' },
    });
    expect(edit.body).toMatchObject({ success: false, message: STATEMENT_MSG.locked });
    const del = await t.call('DELETE', ep.delete!.path, { token: token.admin, query: { id: techStatement } });
    expect(del.body).toMatchObject({ success: false, message: STATEMENT_MSG.lockedDelete });
    // a draft's remark may be edited
    const [draft] = await raw(`select id from yy_statement where period = $1 and status = '0' limit 1`, [
      month.current,
    ]);
    const ok = await t.call('PUT', ep.edit!.path, {
      token: token.caiwu,
      body: { id: draft!.id, remark: '已核对' },
    });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
  });

  it('an entry posted into the locked period lands in the next period as an adjustment line', async () => {
    const before = await linesOf(month.current);
    const [order] = await raw(
      `select order_id, order_no, partner_id, tenant_id from yy_ledger_entry
        where account_id = $1 and kind = 'commission' limit 1`,
      [techId],
    );
    await raw(
      `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
         technician_id, partner_id, tenant_id, memo, create_by, create_time)
       values ('stmt-test-late', 'test:late', 'x', 'technician', $1, 'travelFee', -12.34, $2, $3, $1, $4, $5,
         '确认后补记', 'test', now())`,
      [techId, order!.order_id, order!.order_no, order!.partner_id, order!.tenant_id],
    );
    // regenerating this month leaves the locked statement as it was
    const regen = await generate(month.current);
    expect(regen.result.locked).toBe(1);
    const kept = (await linesOf(month.current)).filter((l) => l.statement_id === techStatement);
    expect(kept).toEqual(before.filter((l) => l.statement_id === techStatement));
    const next = await generate(month.next);
    expect(next.success, JSON.stringify(next)).toBe(true);
    expect(next.result.adjustments).toBeGreaterThanOrEqual(1);
    const [carried] = await raw(
      `select s.period, s.account_id, l.adjustment, s.adjustment_amount::text as adj
         from yy_statement_line l join yy_statement s on s.id = l.statement_id where l.entry_id = 'stmt-test-late'`,
    );
    expect(carried).toMatchObject({
      period: month.next,
      account_id: techId,
      adjustment: true,
      adj: '-12.34',
    });
  });

  it('settles with a payment reference; a settled statement cannot be reopened', async () => {
    expect((await act('settle', techStatement, {})).success).toBe(false);
    const settled = await act('settle', techStatement, { ref: 'BANK-20261201-001' });
    expect(settled.success, JSON.stringify(settled)).toBe(true);
    const [s] = await raw(`select status, pay_ref, pay_time from yy_statement where id = $1`, [
      techStatement,
    ]);
    expect(s).toMatchObject({ status: '2', pay_ref: 'BANK-20261201-001' });
    expect(s!.pay_time).not.toBeNull();
    expect((await act('reopen', techStatement, { reason: '金额有误' }, 'admin')).success).toBe(false);
    await expect(
      t.database.rawQuery(`update yy_statement set pay_ref = 'other' where id = '${techStatement}'`, []),
    ).rejects.toThrow(/settled/);
  });

  it('重新打开 needs its own permission and a reason, and records it', async () => {
    const [s] = await raw(
      `select id from yy_statement where period = $1 and status = '0' order by id limit 1`,
      [month.current],
    );
    const id = String(s!.id);
    expect((await act('confirm', id)).success).toBe(true);
    // 财务出纳 confirms and settles but has no 重新打开
    const denied = await act('reopen', id, { reason: '重新核对' });
    expect(denied.success).toBe(false);
    expect(await act('reopen', id, {}, 'admin')).toMatchObject({ success: false, message: '请填写原因' });
    expect((await act('reopen', id, { reason: '客户投诉，重新核对' }, 'admin')).success).toBe(true);
    const history = await t.call('GET', STATEMENT.states!.history.path, {
      token: token.caiwu,
      query: { id },
    });
    expect(JSON.stringify(history.body.result)).toContain('客户投诉，重新核对');
    // a draft again: regenerated with the ledger
    const [after] = await raw(`select status from yy_statement where id = $1`, [id]);
    expect(after!.status).toBe('0');
  });
});

describe('对账单: horizons', () => {
  it('an entry carried out of a reopened period stays carried: the period skips it, its lines never change once locked', async () => {
    // T: a technician with a confirmed statement last month and a draft this month
    const [pick] = await raw(
      `select l.id as locked, l.account_id, d.id as draft from yy_statement l
         join yy_statement d on d.account = l.account and d.account_id = l.account_id and d.period = $2
        where l.period = $1 and l.account = 'technician' and l.status = '1' and d.status = '0'
        order by l.id limit 1`,
      [month.later, month.current],
    );
    const { locked, account_id: tech, draft } = pick as { locked: string; account_id: string; draft: string };
    // X: posted now, dated in the locked month (what a late correction is)
    await raw(
      `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, technician_id,
         tenant_id, memo, create_by, create_time)
       select 'stmt-test-x', 'test:x', 'x', 'technician', $1, 'travelFee', -5.55, $1, 1, '补记', 'test',
         starts_at + interval '1 hour' from yy_statement where id = $2`,
      [tech, locked],
    );
    const [{ seq }] = (await raw(`select seq::int from yy_ledger_entry where id = 'stmt-test-x'`)) as [
      { seq: number },
    ];
    const carriedBy = async () =>
      (await raw(`select statement_id, adjustment from yy_statement_line where entry_id = 'stmt-test-x'`))[0];
    expect((await generate(month.current)).success).toBe(true);
    expect(await carriedBy()).toEqual({ statement_id: draft, adjustment: true });
    // reopened and regenerated, the locked month leaves X to the statement carrying it
    expect((await act('reopen', locked, { reason: '补记核对' }, 'admin')).success).toBe(true);
    expect((await generate(month.later)).success).toBe(true);
    const [again] = await raw(`select seq_hi::int as hi, seq_skip from yy_statement where id = $1`, [locked]);
    expect(Number(again!.hi)).toBeGreaterThanOrEqual(seq);
    expect((again!.seq_skip as unknown[]).map(Number)).toEqual([seq]);
    expect((await act('confirm', locked)).success).toBe(true);
    const held = (await linesOf(month.later)).filter((l) => l.statement_id === locked);
    expect(held.map((l) => l.entry_id)).not.toContain('stmt-test-x');
    // this month's draft regenerated: X carried again, the locked month's lines as they were
    expect((await generate(month.current)).success).toBe(true);
    expect(await carriedBy()).toEqual({ statement_id: draft, adjustment: true });
    expect((await linesOf(month.later)).filter((l) => l.statement_id === locked)).toEqual(held);
    // the database keeps one statement per entry: no adjustment line of an entry a horizon holds
    await expect(
      raw(
        `insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
         values ($1, $2, 'month', true)`,
        [draft, held[0]!.entry_id],
      ),
    ).rejects.toThrow(/held by another statement/);
  });
});

describe('对账单: the horizon under concurrent posting', () => {
  it('waits for an entry being posted: the statement’s total and its lines agree, the entry on both', async () => {
    const [d] = await raw(
      `select account_id from yy_statement where period = $1 and account = 'technician' and status = '0'
        order by id limit 1`,
      [month.current],
    );
    const tech = String(d!.account_id);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // a posting transaction still open while the generation starts
    const posting = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, technician_id,
          tenant_id, memo, create_by, create_time)
        values ('stmt-test-race', 'test:race', 'x', 'technician', ${tech}, 'travelFee', 7.77, ${tech}, 1, '并发',
          'test', now())`);
      await gate;
    });
    await new Promise((r) => setTimeout(r, 100));
    const generating = generate(month.current);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await posting;
    expect((await generating).success).toBe(true);
    const [s] = await raw(
      `select id, total_amount::text as total from yy_statement where period = $1 and account_id = $2`,
      [month.current, tech],
    );
    const lines = (await linesOf(month.current)).filter((l) => l.statement_id === s!.id);
    expect(lines.map((l) => l.entry_id)).toContain('stmt-test-race');
    const fen = lines.reduce((sum, l) => sum + toFen(l.amount)!, 0);
    expect(fromFen(fen)).toBe(s!.total);
  });
});

describe('对账单: statements written before horizons', () => {
  it('keep their copied lines: listed as 明细, and an entry they do not hold is carried to the next period', async () => {
    const [tk] = await raw(`select id from yy_technician order by id limit 1`);
    const tech = String(tk!.id);
    const at = `2032-01-15 10:00`;
    for (const [id, amount] of [
      ['legacy-e1', '11.00'],
      ['legacy-e2', '2.50'],
    ])
      await raw(
        `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, technician_id,
           tenant_id, memo, create_by, create_time)
         values ($1, $1, 'x', 'technician', $2, 'travelFee', $3::numeric, $2, 1, '旧对账单', 'test',
           $4::timestamp at time zone $5)`,
        [id, tech, amount, at, tz],
      );
    // as migration 0038 found it: lines copied, no horizon, confirmed; e2 posted after it
    await raw(
      `insert into yy_statement (id, period_type, period, period_start, period_end, account, account_id, status,
         line_count, order_count, period_amount, adjustment_amount, total_amount, generate_time, tenant_id)
       values ('legacy-stmt', 'month', '2032-01', '2032-01-01', '2032-02-01', 'technician', $1, '0', 1, 0,
         11.00, 0, 11.00, now(), 1)`,
      [tech],
    );
    await raw(
      `insert into yy_statement_line (statement_id, entry_id, period_type, adjustment)
       values ('legacy-stmt', 'legacy-e1', 'month', false)`,
    );
    await raw(`update yy_statement set status = '1' where id = 'legacy-stmt'`);
    const lines = await t.call('GET', STATEMENT_LINE.endpoints.list.path, {
      token: token.caiwu,
      query: { statementId: 'legacy-stmt' },
    });
    expect(lines.body.result.records.map((r: { entryId: string }) => r.entryId)).toEqual(['legacy-e1']);
    expect((await generate('2032-02')).success).toBe(true);
    const carried = await raw(
      `select l.entry_id, s.adjustment_amount::text as adj from yy_statement_line l
         join yy_statement s on s.id = l.statement_id where s.period = '2032-02' and s.account_id = $1`,
      [tech],
    );
    expect(carried).toEqual([{ entry_id: 'legacy-e2', adj: '2.50' }]);
  });
});

describe('对账单: partner staff', () => {
  it("reach only their partner's statements", async () => {
    const [p] = await raw(
      `select partner_id from yy_statement where partner_id is not null and period = $1
        group by 1 order by count(*) desc limit 1`,
      [month.later],
    );
    const partnerId = String(p!.partner_id);
    const [me] = await t.database.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(eq(sysUser.username, 'yunying'));
    const bound = await t.call('PUT', '/sys/user/edit', {
      token: token.admin,
      body: { id: me!.id, realname: '运营专员', partnerId },
    });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    const staff = await t.login('yunying');
    const mine = await t.call('GET', ep.list.path, {
      token: staff,
      query: { pageSize: '200', period: month.later },
    });
    expect(mine.body.result.total).toBeGreaterThan(0);
    for (const r of mine.body.result.records) expect(r.partnerId).toBe(partnerId);
    const all = await t.call('GET', ep.list.path, { token: token.caiwu, query: { period: month.later } });
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total);
    const other = await raw(`select id from yy_statement where partner_id <> $1 limit 1`, [partnerId]);
    const byId = await t.call('GET', ep.queryById.path, {
      token: staff,
      query: { id: String(other[0]!.id) },
    });
    expect(byId.body.success).toBe(false);
    await t.call('PUT', '/sys/user/edit', {
      token: token.admin,
      body: { id: me!.id, realname: '运营专员', partnerId: '' },
    });
  });
});

describe('上门财务', () => {
  /** The figures by independent SQL: one sum per kind and account, then combined in fen. */
  async function expected(m: string, byDistrict: boolean) {
    const rows = await raw(
      `select ${byDistrict ? 'o.area_code' : "''"} as area, e.kind, e.account, sum(e.amount)::text as s,
              count(distinct e.order_id)::int as orders
         from yy_ledger_entry e join yy_visit_order o on o.id = e.order_id
        where to_char(e.create_time at time zone $2, 'YYYY-MM') = $1
        group by 1, 2, 3`,
      [m, tz],
    );
    const out = new Map<string, Record<string, number>>();
    for (const r of rows) {
      const a = out.get(String(r.area)) ?? {
        orderCount: 0,
        paid: 0,
        travel: 0,
        refund: 0,
        platform: 0,
        partner: 0,
        technician: 0,
      };
      const fen = toFen(r.s)!;
      if (r.kind === 'payment') {
        a.paid! -= fen;
        a.orderCount! += Number(r.orders);
      }
      if (r.kind === 'travelFee') a.travel! += fen;
      if (r.kind === 'refund') a.refund! += fen;
      if (r.account === 'platform' || r.account === 'partner' || r.account === 'technician')
        a[r.account]! += fen;
      out.set(String(r.area), a);
    }
    return [...out].map(([area, a]) => ({
      ...(byDistrict ? { areaCode: area } : {}),
      orderCount: a.orderCount,
      paidAmount: fromFen(a.paid!),
      serviceAmount: fromFen(a.paid! - a.travel!),
      travelAmount: fromFen(a.travel!),
      refundAmount: fromFen(a.refund!),
      platformAmount: fromFen(a.platform!),
      partnerAmount: fromFen(a.partner!),
      technicianAmount: fromFen(a.technician!),
    }));
  }
  const norm = (x: Row[]) =>
    x.map(({ areaName: _n, ...r }) => r).sort((a, b) => String(a.areaCode).localeCompare(String(b.areaCode)));

  it('getMassageDataStatistics and courtySummary equal independent sums over the ledger', async () => {
    const stats = await t.call('GET', VISIT_FINANCE_STATISTICS.path, {
      token: token.caiwu,
      query: { month: month.later },
    });
    expect(stats.body.success, JSON.stringify(stats.body)).toBe(true);
    const [whole] = await expected(month.later, false);
    expect(stats.body.result).toEqual(whole);
    expect(stats.body.result.orderCount).toBeGreaterThan(0);
    const districts = await t.call('GET', VISIT_FINANCE_DISTRICTS.path, {
      token: token.caiwu,
      query: { month: month.later },
    });
    expect(districts.body.result.length).toBeGreaterThan(1);
    expect(districts.body.result[0].areaName).toMatch(/区|县|市/);
    expect(norm(districts.body.result)).toEqual(norm(await expected(month.later, true)));
    // the same by dates (end inclusive)
    const [y, mm] = month.later.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, mm, 0)).getUTCDate();
    const byDates = await t.call('GET', VISIT_FINANCE_STATISTICS.path, {
      token: token.caiwu,
      query: { begin: `${month.later}-01`, end: `${month.later}-${lastDay}` },
    });
    expect(byDates.body.result).toEqual(whole);
    const bad = await t.call('GET', VISIT_FINANCE_STATISTICS.path, { token: token.caiwu, query: {} });
    expect(bad.body.success).toBe(false);
    // the 财务明细 page's rows: the view, per month and district
    const page = await t.call('GET', VISIT_FINANCE.endpoints.list.path, {
      token: token.caiwu,
      query: { month: month.later, pageSize: '200' },
    });
    expect(page.body.success, JSON.stringify(page.body)).toBe(true);
    expect(
      norm(
        page.body.result.records.map(
          ({ id: _i, month: _m, tenantId: _t, areaCode_dictText: _d, ...r }: Row) => r,
        ),
      ),
    ).toEqual(norm(await expected(month.later, true)));
  });

  it('divideCash pays each settled statement once, under concurrent calls too, and needs 分账', async () => {
    expect(
      (
        await t.call('GET', VISIT_FINANCE_DIVIDE.path, {
          token: token.yuangong,
          query: { month: month.older },
        })
      ).body.success,
    ).toBe(false);
    const calls = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('GET', VISIT_FINANCE_DIVIDE.path, { token: token.caiwu, query: { month: month.older } }),
      ),
    );
    for (const c of calls) expect(c.body.success, JSON.stringify(c.body)).toBe(true);
    const paid = calls.reduce((n, c) => n + Number(c.body.result.paid), 0);
    const paidFen = calls.reduce((n, c) => n + toFen(c.body.result.paidAmount)!, 0);
    const sums = await ledgerSums(month.older);
    expect(paid).toBe(sums.length);
    expect(fromFen(paidFen)).toBe(fromFen(sums.reduce((n, s) => n + toFen(s.total)!, 0)));
    const [payouts] = await raw(
      `select count(*)::int as n, count(distinct statement_id)::int as d from yy_payout where period = $1`,
      [month.older],
    );
    expect(payouts).toEqual({ n: sums.length, d: sums.length });
    const again = await t.call('GET', VISIT_FINANCE_DIVIDE.path, {
      token: token.caiwu,
      query: { month: month.older },
    });
    expect(again.body.result).toMatchObject({ paid: 0, paidAmount: '0', totalPayouts: sums.length });
    // a period with nothing settled pays nothing
    const none = await t.call('GET', VISIT_FINANCE_DIVIDE.path, {
      token: token.caiwu,
      query: { month: month.later },
    });
    expect(none.body.result).toMatchObject({ paid: 0, unsettled: expect.any(Number) });
  });
});
