import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import { yyPlatformConfig, yyPlatformConfigLog } from '../../../src/server/db/schema/index.ts';

/** 平台配置 commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const value = async (key: string) =>
  (await h.t.database.db.select().from(yyPlatformConfig).where(eq(yyPlatformConfig.configKey, key)))[0]!
    .value;

describe('platformConfig commands', () => {
  it('config set changes a setting by its key, checked by its type', async () => {
    const r = await h.terminal('config set dispatch.radiusKm 15');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('派单半径: 10 公里 → 15 公里');
    expect(await value('dispatch.radiusKm')).toBe('15');

    const sw = await h.terminal('platformConfig set dispatch.autoDispatch 关闭');
    expect(sw.out).toContain('自动派单: 开启 → 关闭');
    expect(await value('dispatch.autoDispatch')).toBe('false');

    const bad = await h.terminal('config set order.commissionRate 120');
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.out).toContain('平台抽成比例须在0到100之间');
    const unknown = await h.terminal('config set no.such 1');
    expect(unknown.out).toContain('配置项不存在: no.such');
    expect(await value('order.commissionRate')).toBe('20');
  });

  it('the generated list and edit work by key too', async () => {
    const list = await h.terminal('platformConfig list --configKey service.phone');
    expect(list.out).toContain('400-820-8820');
    const edit = await h.terminal('platformConfig edit service.phone --value 13800138000');
    expect(edit.results[0]?.status).toBe('ok');
    expect(await value('service.phone')).toBe('13800138000');
    const log = await h.terminal('platformConfigLog list --configKey service.phone');
    expect(log.out).toMatch(/400-820-8820\s+13800138000\s+yunying/);
  });

  it('config reset --dry-run lists what would change and changes nothing', async () => {
    const r = await h.terminal('config reset all --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练：将恢复 3 个配置（未执行）');
    expect(r.out).toContain('派单半径（dispatch.radiusKm）');
    expect(r.out).toContain('15 公里 → 10 公里');
    expect(await value('dispatch.radiusKm')).toBe('15');
  });

  it('config reset asks first, then restores the defaults one by one', async () => {
    const no = await h.terminal('config reset dispatch.radiusKm,service.phone');
    expect(h.state.confirms.at(-1)).toBe('确定把选中的配置恢复为默认值吗?');
    expect(no.out).toContain('已取消');
    expect(await value('dispatch.radiusKm')).toBe('15');

    const r = await h.terminal('config reset dispatch.radiusKm,service.phone --yes');
    expect(r.out).toContain('已恢复 2 个配置');
    expect(await value('dispatch.radiusKm')).toBe('10');
    expect(await value('service.phone')).toBe('400-820-8820');
  });

  it('Ctrl+C stops a reset half way: what was done stays, the rest is not touched', async () => {
    await h.terminal('config set order.commissionRate 30');
    await h.terminal('config set order.minAmount 50');
    await h.terminal('config set review.autoPraiseDays 3');
    const ac = new AbortController();
    const push = h.calls.push.bind(h.calls);
    let puts = 0;
    h.calls.push = (...items) => {
      if (items.some((c) => c.method === 'PUT') && ++puts === 1) ac.abort();
      return push(...items);
    };
    try {
      await expect(
        h.executor.run(
          'platformConfig.reset',
          { keys: 'order.commissionRate,order.minAmount,review.autoPraiseDays' },
          { source: 'terminal', signal: ac.signal, yes: true },
        ),
      ).rejects.toMatchObject({ message: '已取消' });
    } finally {
      h.calls.push = push;
    }
    // the call under way when Ctrl+C came finishes; the loop stops before the next one
    await expect
      .poll(async () => [await value('order.commissionRate'), await value('order.minAmount')])
      .toEqual(['20', '50.00']);
    expect(await value('review.autoPraiseDays')).toBe('3');
    const logged = await h.t.database.db
      .select()
      .from(yyPlatformConfigLog)
      .where(eq(yyPlatformConfigLog.configKey, 'order.minAmount'));
    expect(logged.map((l) => l.newValue)).toEqual(['50.00']);
  });
});

describe('as finance staff', () => {
  it('neither sees nor runs the config commands', async () => {
    const f = await serverHarness('caiwu');
    try {
      const r = await f.terminal('config set dispatch.radiusKm 20');
      expect(r.results[0]?.status).toBe('error');
      expect(await value('dispatch.radiusKm')).toBe('10');
      expect(f.executor.visible().map((c) => c.id)).not.toContain('platformConfig.set');
    } finally {
      await f.close();
    }
  });
});
