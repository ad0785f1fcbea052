import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';

/** The money commands against the real server: the ledger by technician and month, the preview. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness();
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

/** A seeded commission entry: its order, technician's name and local month. */
async function seededCommission() {
  const r = await h.t.database.rawQuery(
    `select e.order_no, e.amount::text as amount, t.name,
            to_char(e.create_time at time zone 'Asia/Shanghai', 'YYYY-MM') as month
       from yy_ledger_entry e join yy_technician t on t.id = e.technician_id
      where e.kind = 'commission' and e.rule_id is not null
      order by e.create_time desc limit 1`,
    [],
  );
  return r.rows[0] as { order_no: string; amount: string; name: string; month: string };
}

describe('money commands', () => {
  it('ledger list --technician … --month … lists that technician’s entries of the month', async () => {
    const c = await seededCommission();
    const list = await h.terminal(`ledger list --technician ${c.name} --month ${c.month} --pageSize 50`);
    expect(list.results[0]?.status, list.out).toBe('ok');
    expect(list.out).toContain(c.order_no);
    // the kind column prints its text (技师提成), not the stored code
    expect(list.out).toMatch(/技师提成\s+/);
    expect(list.out).not.toMatch(/\bcommission\b/);
    // a kind by its Chinese name: only the commissions
    const kind = await h.terminal(`ledger list --technician ${c.name} --month ${c.month} --kind 技师提成`);
    expect(kind.out).toContain(c.order_no);
    expect(kind.out).toMatch(/技师提成/);
    expect(kind.out).not.toMatch(/车费|客户支付|平台分成|商户分成/);
    const bad = await h.terminal(`ledger list --month 2026-13`);
    expect(bad.results[0]?.error).toBe('月份格式应为YYYY-MM');
  });

  it('commission preview <order> names the rule and the amount posted', async () => {
    const c = await seededCommission();
    const p = await h.terminal(`commission preview ${c.order_no}`);
    expect(p.results[0]?.status, p.out).toBe('ok');
    expect(p.out).toContain(`订单 ${c.order_no} 适用规则「`);
    expect(p.out).toContain(`已入账 ${c.amount} 元`);
  });

  it('statement generate --month … --dry-run writes nothing; generate, confirm and settle --ref through the executor', async () => {
    const raw = async (text: string, params: unknown[] = []) =>
      (await h.t.database.rawQuery(text, params)).rows as Array<Record<string, unknown>>;
    const [m] = await raw(`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM') as month`);
    const month = String(m!.month);
    await raw(`delete from yy_statement where period = $1`, [month]);
    const dry = await h.terminal(`statement generate --month ${month} --dry-run`);
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(dry.out).toMatch(new RegExp(`试算 ${month}（未写入）：\\d+ 张草稿`));
    expect(await raw(`select id from yy_statement where period = $1`, [month])).toEqual([]);
    const made = await h.terminal(`statement generate --month ${month}`);
    expect(made.out).toContain(`已生成 ${month} 的对账单`);
    // one that nets above zero: 分账 pays it (one whose 结算扣款 exceed its earnings pays nothing)
    const [s] = await raw(
      `select id from yy_statement where period = $1 and total_amount > 0 order by id limit 1`,
      [month],
    );
    const id = String(s!.id);
    const confirmed = await h.terminal(`statement confirm ${id} --yes`);
    expect(confirmed.results[0]?.status, confirmed.out).toBe('ok');
    const settled = await h.terminal(`statement settle ${id} --ref BANK-CMD-001 --yes`);
    expect(settled.results[0]?.status, settled.out).toBe('ok');
    expect(await raw(`select status, pay_ref from yy_statement where id = $1`, [id])).toEqual([
      { status: '2', pay_ref: 'BANK-CMD-001' },
    ]);
    const bad = await h.terminal(`statement generate --month 2026-13`);
    expect(bad.results[0]?.error).toBe('期间格式应为YYYY-MM（月）或YYYY-Www（周）');
    const divided = await h.terminal(`visitFinance divide ${month}`);
    expect(divided.results[0]?.status, divided.out).toBe('ok');
    expect(divided.out).toContain(`${month} 分账：本次 1 笔`);
  });
});
