/**
 * 技师财务统计 through its endpoints: per technician and month the numbers are the ledger's (compared
 * with sums written here independently), it follows new withdrawals and purchases, partner staff
 * see only their partner's technicians, and it exports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { TECH_FINANCE } from '../../../src/shared/resources/tech-finance.ts';
import { WITHDRAW } from '../../../src/shared/resources/withdraw.ts';
import { toFen } from '../../../src/shared/format.ts';

let t: TestApp;
let token: string;
const path = (op: string) => `${TECH_FINANCE.decl.path}/${op}`;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('caiwu');
});
afterAll(async () => t?.close());

const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.database.rawQuery(text, params)).rows as T[];

interface Sums {
  technician_id: string;
  month: string;
  income: string;
  commission: string;
  withdrawals: string;
  purchases: string;
  balance: string;
}

/** The month's figures of a technician, summed here from the entries (not through the view). */
async function independent(technicianId: string, month: string): Promise<Sums> {
  const [r] = await q<Sums>(
    `with e as (select kind, amount, to_char(create_time at time zone $3, 'YYYY-MM') as m
                  from yy_ledger_entry where account = 'technician' and account_id = $1)
     select $1::text as technician_id, $2::text as month,
       (select coalesce(sum(amount), 0) from e where m = $2 and kind in ('commission', 'travelFee', 'clawback'))::numeric(15,2)::text as income,
       (select coalesce(sum(amount), 0) from e where m = $2 and kind = 'commission')::numeric(15,2)::text as commission,
       (select coalesce(-sum(amount), 0) from e where m = $2 and kind in ('withdraw', 'withdrawReturn'))::numeric(15,2)::text as withdrawals,
       (select coalesce(-sum(amount), 0) from e where m = $2 and kind in ('purchase', 'purchaseRefund', 'deduction'))::numeric(15,2)::text as purchases,
       (select coalesce(sum(amount), 0) from e where m <= $2)::numeric(15,2)::text as balance`,
    [technicianId, month, t.config.timezone],
  );
  return r!;
}

const row = async (technicianId: string, month: string, who = token) => {
  const r = await t.call('GET', path('list'), { token: who, query: { technicianId, month, pageSize: '10' } });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result.records as Array<Record<string, string>>;
};

const pick = (r: Record<string, string>): Sums => ({
  technician_id: r.technicianId!,
  month: r.month!,
  income: r.income!,
  commission: r.commission!,
  withdrawals: r.withdrawals!,
  purchases: r.purchases!,
  balance: r.balance!,
});

describe('技师财务统计', () => {
  it('answers each technician-month as the ledger sums it, the balance as the cache', async () => {
    const samples = await q<{ technician_id: string; month: string }>(
      `select distinct on (account_id) account_id as technician_id,
              to_char(create_time at time zone $1, 'YYYY-MM') as month
         from yy_ledger_entry where account = 'technician' and kind in ('withdraw', 'purchase', 'deduction')
        order by account_id, create_time limit 6`,
      [t.config.timezone],
    );
    expect(samples.length).toBeGreaterThan(2);
    for (const s of samples) {
      const [r] = await row(s.technician_id, s.month);
      expect(pick(r!)).toEqual(await independent(s.technician_id, s.month));
    }
    // the latest month's balance of every technician is the cached balance
    const drift = await q(
      `select f.technician_id from yy_tech_finance f
         join (select technician_id, max(month) as m from yy_tech_finance group by 1) l
           on l.technician_id = f.technician_id and l.m = f.month
         join yy_ledger_balance b on b.account = 'technician' and b.account_key = f.technician_id
        where b.balance <> f.balance`,
    );
    expect(drift).toEqual([]);
  });

  it('follows a new withdrawal in the current month', async () => {
    const [tech] = await q<{ id: string }>(
      `select account_key as id from yy_ledger_balance where account = 'technician' and balance >= 500
        order by balance desc, account_key limit 1`,
    );
    const month = (
      await q<{ m: string }>(`select to_char(now() at time zone $1, 'YYYY-MM') as m`, [t.config.timezone])
    )[0]!.m;
    const before = await independent(tech!.id, month);
    const r = await t.call('POST', `${WITHDRAW.decl.path}/add`, {
      token,
      body: { technicianId: tech!.id, amount: '123.45' },
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const [after] = await row(tech!.id, month);
    expect(pick(after!)).toEqual(await independent(tech!.id, month));
    expect(toFen(after!.withdrawals)! - toFen(before.withdrawals)!).toBe(12_345);
  });

  it("shows partner staff their partner's technicians only", async () => {
    const [p] = await q<{ partner_id: string }>(
      `select partner_id from yy_tech_finance where partner_id is not null group by 1 order by count(*) desc limit 1`,
    );
    const admin = await t.login('admin');
    const [me] = await q<{ id: string }>(`select id from sys_user where username = 'yunying'`);
    const bind = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: me!.id, realname: '运营专员', partnerId: p!.partner_id },
    });
    expect(bind.body.success, JSON.stringify(bind.body)).toBe(true);
    const staff = await t.login('yunying');
    const mine = await t.call('GET', path('list'), { token: staff, query: { pageSize: '500' } });
    expect(mine.body.success).toBe(true);
    const [n] = await q<{ n: number }>(
      `select count(*)::int as n from yy_tech_finance where partner_id = $1`,
      [p!.partner_id],
    );
    expect(mine.body.result.total).toBe(n!.n);
    for (const r of mine.body.result.records) expect(r.partnerId).toBe(p!.partner_id);
    const all = await t.call('GET', path('list'), { token, query: { pageSize: '1' } });
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total);
    // the same for 提现 and 物料订单
    for (const p2 of ['/yy/yyWithdraw/list', '/yy/yyMaterialOrder/list']) {
      const r = await t.call('GET', p2, { token: staff, query: { pageSize: '500' } });
      for (const x of r.body.result.records) expect(x.partnerId).toBe(p!.partner_id);
    }
    // and they ask for their own technicians only
    const [other] = await q<{ id: string }>(
      `select account_key as id from yy_ledger_balance b join yy_technician t on t.id = b.account_key
        where b.account = 'technician' and b.balance >= 200 and t.partner_id is distinct from $1 limit 1`,
      [p!.partner_id],
    );
    const foreign = await t.call('POST', `${WITHDRAW.decl.path}/add`, {
      token: staff,
      body: { technicianId: other!.id, amount: '100.00' },
    });
    expect(foreign.body).toMatchObject({ success: false, message: '技师不存在' });
  });

  it('exports the list as .xlsx for 财务出纳', async () => {
    const r = await t.call('GET', path('exportXls'), { token });
    expect(r.status).toBe(200);
    expect(String(r.raw.headers['content-type'])).toContain('spreadsheetml');
  });
});
