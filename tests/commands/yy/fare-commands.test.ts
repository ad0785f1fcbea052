import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from '../server-harness.ts';

let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('fare commands', () => {
  it('fare preview prices a trip and shows how it adds up', async () => {
    const r = await h.terminal('fare preview 330100 10.37 --time 09:30');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('车费 30.43 元（白天 09:30，10.37 公里：起步价 12.00 + 里程 7.37 公里 18.43）');
    expect(r.out).toMatch(/应付车费\s+30\.43/);
    const named = await h.terminal('fare preview 杭州 10.37 --time 09:30');
    expect(named.out).toContain('车费 30.43 元');
    const bad = await h.terminal('fare preview 330100 abc');
    expect(bad.out).toContain('距离须为0到1000之间的数字，最多两位小数');
  });

  it('lists money with thousands separators (spec §9); --json keeps the value', async () => {
    const add = await h.terminal('fare add 440300 day 08:00 20:00 3 1234.5 2.35 1500 --enabled true');
    expect(add.results[0]?.status, add.out).toBe('ok');
    const list = await h.terminal('fare list --cityCode 440300');
    expect(list.out).toMatch(/1,234\.50\s.*1,500\.00/);
    const json = await h.terminal('fare list --cityCode 440300 --json');
    expect(json.out).not.toContain('1,234');
    h.state.answer = true;
    await h.terminal('fare list --cityCode 440300 | fare delete');
    h.state.answer = false;
  });

  it('adds a rule without --enabled (a validation message or success, never a server error)', async () => {
    const add = await h.terminal('fare add 440300 night 20:00 08:00 3 12 2.35 15');
    expect(add.out).not.toContain('服务器内部错误');
    h.state.answer = true;
    await h.terminal('fare list --cityCode 440300 | fare delete');
    h.state.answer = false;
  });

  it('the generated commands add, list and delete rules', async () => {
    const add = await h.terminal('fare add 440300 day 08:00 20:00 3 12 2.35 15 --enabled true');
    expect(add.results[0]?.status).toBe('ok');
    const list = await h.terminal('fare list --cityCode 440300');
    expect(list.out).toContain('12.00');
    h.state.answer = true;
    const del = await h.terminal('fare list --cityCode 440300 | fare delete');
    h.state.answer = false;
    expect(del.results.at(-1)?.status).toBe('ok');
    expect((await h.terminal('fare list --cityCode 440300')).out).toContain('共 0 条');
  });
});
