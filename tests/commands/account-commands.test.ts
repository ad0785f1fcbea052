import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import { sysUser } from '../../src/server/db/schema/index.ts';

/** 账户设置's commands through the real executor against the real server, as yunying. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
  h.state.answer = true;
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const me = async () =>
  (await h.t.database.db.select().from(sysUser).where(eq(sysUser.username, 'yunying')))[0]!;
const ok = (r: Awaited<ReturnType<typeof h.terminal>>) =>
  expect(r.results.map((x) => x.status)).toEqual(['ok']);

describe('account commands', () => {
  it('edit one’s profile, keeping what is not given', async () => {
    const before = await me();
    ok(await h.terminal('account profile edit --realname 运营乙 --birthday 1992-03-04'));
    const after = await me();
    expect(after).toMatchObject({ realname: '运营乙', birthday: '1992-03-04', sex: before.sex });
    const shown = await h.terminal('account profile show');
    expect(shown.out).toContain('运营乙');
  });

  it('change the phone: a dry run checks, the code sent by SMS proves it, a missing code refuses', async () => {
    ok(await h.terminal('account contact change phone 13912340000 --dry-run'));
    const noCode = await h.terminal('account contact change phone 13912340000');
    expect(noCode.results[0]).toMatchObject({ status: 'error', error: '请输入验证码' });
    const code = await h.t.sms.last('13912340000');
    ok(await h.terminal(`account contact change phone 13912340000 --code ${code}`));
    expect((await me()).phone).toBe('13912340000');
  });

  it('keep the look and the notices on the server', async () => {
    ok(await h.terminal('account preferences set --theme dark --no-multipage'));
    ok(await h.terminal('account notify set --categories 1 --speak'));
    const prefs = await h.t.call('GET', '/sys/user/self/prefs', { token: await h.t.login('yunying') });
    expect(prefs.body.result).toEqual({
      ui: { theme: 'dark', multipage: false },
      notify: { categories: ['1'], speak: true },
    });
    const refused = await h.terminal('account preferences set --theme pink');
    expect(refused.results[0]?.status).not.toBe('ok');
  });

  it('list the sessions and sign the others out (a dry run lists them first)', async () => {
    const other = await h.t.login('yunying');
    const dry = await h.terminal('account sessions revoke --others --dry-run');
    expect(dry.out).toMatch(/将退出 [1-9]\d* 个会话/);
    expect((await h.t.call('GET', '/sys/user/self/profile', { token: other })).status).toBe(200);
    ok(await h.terminal('account sessions revoke --others'));
    expect((await h.t.call('GET', '/sys/user/self/profile', { token: other })).status).toBe(401);
    const list = await h.terminal('account sessions list');
    expect(list.out).toContain('1 个会话');
    ok(await h.terminal('account logins'));
  });
});
