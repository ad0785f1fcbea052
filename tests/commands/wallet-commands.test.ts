import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';

/** The wallet's transitions in the terminal as 财务出纳: a dry run changes nothing, then the action. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('caiwu');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const pending = async () =>
  (
    await h.t.database.rawQuery(
      `select id, withdraw_no, amount::text as amount from yy_withdraw where status = '1' order by withdraw_no`,
      [],
    )
  ).rows as Array<{ id: string; withdraw_no: string; amount: string }>;

describe('withdraw commands', () => {
  it('withdraw approve <no> --dry-run previews with the balance; without it approves', async () => {
    const [w] = await pending();
    expect(w, 'a seeded pending withdrawal').toBeDefined();
    const dry = await h.terminal(`withdraw approve ${w!.withdraw_no} --dry-run`);
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(dry.out).toContain(`演练：将审核通过提现 ${w!.withdraw_no}（未执行）`);
    expect(dry.out).toContain('当前可用余额');
    expect((await pending()).map((x) => x.id)).toContain(w!.id);
    const done = await h.terminal(`withdraw approve ${w!.withdraw_no} --yes`);
    expect(done.results[0]?.status, done.out).toBe('ok');
    expect((await pending()).map((x) => x.id)).not.toContain(w!.id);
    const list = await h.terminal(`withdraw list --status 已审核`);
    expect(list.out).toContain(w!.withdraw_no);
    // then paid with the payment's reference
    const paid = await h.terminal(`withdraw paid ${w!.withdraw_no} --pay-reference BANK-0001 --yes`);
    expect(paid.results[0]?.status, paid.out).toBe('ok');
    const row = await h.t.database.rawQuery(`select status, pay_reference from yy_withdraw where id = $1`, [
      w!.id,
    ]);
    expect(row.rows[0]).toEqual({ status: '4', pay_reference: 'BANK-0001' });
  });

  it('withdraw reject <no> without a reason is refused, with one returns the amount', async () => {
    const [w] = await pending();
    const bare = await h.terminal(`withdraw reject ${w!.withdraw_no} --yes`);
    expect(bare.results[0]?.status).not.toBe('ok');
    const done = await h.terminal(`withdraw reject ${w!.withdraw_no} --reason 账户有误 --yes`);
    expect(done.results[0]?.status, done.out).toBe('ok');
    expect((await pending()).map((x) => x.id)).not.toContain(w!.id);
  });
});
