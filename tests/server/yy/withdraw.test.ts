/**
 * 提现 through its endpoints: the minimum and the available balance refuse a request (in Chinese),
 * a request holds the amount in 资金流水, 驳回 returns it, 确认打款 settles it; the cached balances
 * stay those derived from the entries. Concurrent requests never overdraw (PostgreSQL when run
 * with TEST_DATABASE_URL: the balance row is locked, and the database refuses a negative balance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { WITHDRAW } from '../../../src/shared/resources/withdraw.ts';
import { LEDGER_BALANCES } from '../../../src/shared/resources/ledger.ts';
import { balanceDrifts } from '../../../src/server/money/balances.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';

let t: TestApp;
let token: string;
const path = (op: string) => `${WITHDRAW.decl.path}/${op}`;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('caiwu');
});
afterAll(async () => t?.close());

const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.database.rawQuery(text, params)).rows as T[];

/** A technician's cached balance (fen) and the one derived from the entries. */
async function balance(technicianId: string): Promise<{ cached: number; derived: number }> {
  const [r] = await q<{ cached: string | null; derived: string }>(
    `select (select balance::text from yy_ledger_balance where account = 'technician' and account_key = $1) as cached,
            (select coalesce(sum(amount), 0)::text from yy_ledger_entry where account = 'technician' and account_id = $1) as derived`,
    [technicianId],
  );
  return { cached: toFen(r!.cached ?? '0')!, derived: toFen(r!.derived)! };
}

/** A technician with at least `fen` and no withdrawal seeded (one per call). */
const used = new Set<string>();
async function richTechnician(fen: number): Promise<string> {
  const rows = await q<{ id: string }>(
    `select account_key as id from yy_ledger_balance
      where account = 'technician' and balance * 100 >= $1
        and account_key not in (select technician_id from yy_withdraw)
      order by balance desc, account_key`,
    [fen],
  );
  const id = rows.find((r) => !used.has(r.id))!.id;
  used.add(id);
  return id;
}

const request = (technicianId: string, amount: string, who = token) =>
  t.call('POST', path('add'), {
    token: who,
    body: { technicianId, amount, payAccount: '工商银行 ****8899' },
  });

async function latest(technicianId: string) {
  const [w] = await q<{ id: string; status: string; withdraw_no: string; amount: string }>(
    `select id, status, withdraw_no, amount::text from yy_withdraw where technician_id = $1 order by create_time desc limit 1`,
    [technicianId],
  );
  return w!;
}

describe('提现', () => {
  it('lists the seeded withdrawals for 财务出纳, in every state', async () => {
    const r = await t.call('GET', path('list'), { token, query: { pageSize: '50' } });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const states = new Set(r.body.result.records.map((x: { status: string }) => x.status));
    expect([...states].sort()).toEqual(['1', '2', '3', '4']);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('refuses a request below 技师最低提现金额 and one beyond the available balance, in Chinese', async () => {
    const tech = await richTechnician(50_000);
    const before = await balance(tech);
    const low = await request(tech, '99.99');
    expect(low.body).toMatchObject({ success: false, message: '提现金额不能低于最低提现金额100.00元' });
    const over = await request(tech, fromFen(before.cached + 1));
    expect(over.body).toMatchObject({
      success: false,
      message: `提现金额超过可用余额（可用${fromFen(before.cached)}元）`,
    });
    expect(await balance(tech)).toEqual(before);
    // the minimum is the platform's setting
    await q(`update yy_platform_config set value = '300.00' where config_key = 'technician.minWithdraw'`);
    const low2 = await request(tech, '200.00');
    expect(low2.body.message).toBe('提现金额不能低于最低提现金额300.00元');
    await q(`update yy_platform_config set value = '100.00' where config_key = 'technician.minWithdraw'`);
  });

  it('holds the amount at the request: the available balance counts pending requests', async () => {
    const tech = await richTechnician(50_000);
    const before = await balance(tech);
    const r = await request(tech, '200.00');
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const w = await latest(tech);
    expect(w).toMatchObject({ status: '1', amount: '200.00' });
    expect(w.withdraw_no).toMatch(/^TX\d{8}[0-9A-F]{10}$/);
    expect(await balance(tech)).toEqual({ cached: before.cached - 20_000, derived: before.derived - 20_000 });
    // what is left is all that may still be asked for
    const over = await request(tech, fromFen(before.cached - 20_000 + 1));
    expect(over.body.success).toBe(false);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('驳回 (with a reason) returns the amount; 审核通过 then 确认打款 (with a reference) settles it', async () => {
    const tech = await richTechnician(50_000);
    const before = await balance(tech);
    await request(tech, '150.00');
    const a = await latest(tech);
    const noReason = await t.call('PUT', path('reject'), { token, body: { ids: a.id } });
    expect(noReason.body).toMatchObject({ success: false, message: '请填写原因' });
    const rej = await t.call('PUT', path('reject'), { token, body: { ids: a.id, reason: '账户姓名不符' } });
    expect(rej.body.success, JSON.stringify(rej.body)).toBe(true);
    expect(await balance(tech)).toEqual(before);
    const [row] = await q<{ status: string; reject_reason: string }>(
      `select status, reject_reason from yy_withdraw where id = $1`,
      [a.id],
    );
    expect(row).toEqual({ status: '3', reject_reason: '账户姓名不符' });

    await request(tech, '120.00');
    const b = await latest(tech);
    const early = await t.call('PUT', path('pay'), { token, body: { ids: b.id, payReference: 'P1' } });
    expect(early.body.success).toBe(false);
    expect((await t.call('PUT', path('approve'), { token, body: { ids: b.id } })).body.success).toBe(true);
    const noRef = await t.call('PUT', path('pay'), { token, body: { ids: b.id } });
    expect(noRef.body).toMatchObject({ success: false, message: '请输入打款流水号' });
    const paid = await t.call('PUT', path('pay'), {
      token,
      body: { ids: b.id, payReference: 'BANK-20261126-001' },
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect(await balance(tech)).toEqual({ cached: before.cached - 12_000, derived: before.derived - 12_000 });
    const entries = await q<{ kind: string; amount: string; account: string; reversed: boolean }>(
      `select kind, amount::text, account, reversal_of is not null as reversed from yy_ledger_entry
        where entry_key like $1 order by entry_key`,
      [`withdraw:${b.id}:%`],
    );
    expect(entries).toEqual([
      { kind: 'withdrawPayable', amount: '120.00', account: 'platform', reversed: false },
      { kind: 'withdraw', amount: '-120.00', account: 'technician', reversed: false },
      { kind: 'payout', amount: '-120.00', account: 'platform', reversed: true },
    ]);
    // 财务出纳 reaches these entries in 资金流水 (the requester's tenant): derived there = cached
    const seen = await t.call('GET', LEDGER_BALANCES.path, { token, query: { account: 'technician' } });
    const mine = (seen.body.result as Array<{ accountId: string; balance: string; cached: string }>).find(
      (x) => x.accountId === tech,
    );
    expect(mine).toMatchObject({
      balance: fromFen(before.cached - 12_000),
      cached: fromFen(before.cached - 12_000),
    });
    // a paid withdrawal is not rejected afterwards
    const late = await t.call('PUT', path('reject'), { token, body: { ids: b.id, reason: '晚了' } });
    expect(late.body.success).toBe(false);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('审核通过 --dry-run answers the withdrawal and the balance, changing nothing', async () => {
    const tech = await richTechnician(50_000);
    await request(tech, '100.00');
    const w = await latest(tech);
    const r = await t.call('PUT', path('approve'), { token, body: { ids: w.id, dryRun: true } });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    expect(JSON.stringify(r.body.result)).toContain(w.withdraw_no);
    expect((await latest(tech)).status).toBe('1');
  });

  it('never lets concurrent requests take more than the balance', async () => {
    const tech = await richTechnician(50_000);
    const before = await balance(tech);
    // eight requests of a quarter of the balance each (whole yuan): at most four fit
    const each = Math.max(Math.floor(before.cached / 4 / 100) * 100, 10_000);
    const results = await Promise.all(Array.from({ length: 8 }, () => request(tech, fromFen(each))));
    const accepted = results.filter((r) => r.body.success).length;
    for (const r of results.filter((x) => !x.body.success))
      expect(r.body.message).toMatch(/^提现金额超过可用余额|^技师可用余额不足$/);
    expect(accepted).toBe(Math.floor(before.cached / each));
    const after = await balance(tech);
    expect(after.cached).toBe(before.cached - accepted * each);
    expect(after.cached).toBeGreaterThanOrEqual(0);
    expect(after.derived).toBe(after.cached);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('posts a request retried with the same Idempotency-Key once', async () => {
    const tech = await richTechnician(50_000);
    const before = await balance(tech);
    const send = () =>
      t.call('POST', path('add'), {
        token,
        headers: { 'idempotency-key': `withdraw-retry-${tech}` },
        body: { technicianId: tech, amount: '100.00' },
      });
    const results = await Promise.all([send(), send(), send()]);
    for (const r of results) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const [n] = await q<{ n: number }>(
      `select count(*)::int as n from yy_withdraw where technician_id = $1`,
      [tech],
    );
    expect(n!.n).toBe(1);
    expect((await balance(tech)).cached).toBe(before.cached - 10_000);
  });

  it('the database refuses a withdrawal entry that would overdraw, whoever posts it', async () => {
    const tech = await richTechnician(10_000);
    const { cached } = await balance(tech);
    await expect(
      q(
        `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount)
         values ('wtest-overdraw', 'test:overdraw', 'x', 'technician', $1, 'withdraw', $2)`,
        [tech, fromFen(-(cached + 1))],
      ),
    ).rejects.toThrow(/ledger balance/);
  });
});
