import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import { yyImages } from '../../../src/server/db/schema/index.ts';

/** 轮播图 status commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
const ids = ['a', 'b', 'c'].map((c) => c.repeat(32));
beforeAll(async () => {
  h = await serverHarness('yunying');
  await h.t.database.db.insert(yyImages).values(
    ids.map((id, i) => ({
      id,
      title: `横幅${i + 1}`,
      image: `banner/seed/${i}.png`,
      position: '1',
      sortNo: i,
    })),
  );
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const statuses = async () =>
  (
    await h.t.database.db.select().from(yyImages).where(inArray(yyImages.id, ids)).orderBy(yyImages.sortNo)
  ).map((r) => r.status);

describe('banner commands', () => {
  it('images forbid --dry-run lists what would change and changes nothing', async () => {
    const r = await h.terminal(`images forbid ${ids[0]},${ids[1]} --dry-run`);
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练：将禁用 2 个轮播图（未执行）');
    expect(r.out).toMatch(/横幅1\s+启用 → 禁用/);
    expect(await statuses()).toEqual(['1', '1', '1']);
  });

  it('banner forbid disables the banners named, banner enable turns them back on', async () => {
    // two banners: asked first with the count (issue 27); declined, nothing changes
    const declined = await h.terminal(`banner forbid ${ids[0]},${ids[1]}`);
    expect(h.state.confirms.at(-1)).toBe('确定禁用 2 个轮播图吗?');
    expect(declined.out).toContain('已取消');
    expect(await statuses()).toEqual(['1', '1', '1']);
    const r = await h.terminal(`banner forbid ${ids[0]},${ids[1]} --yes`);
    expect(r.out).toContain('已禁用 2 个轮播图');
    expect(await statuses()).toEqual(['0', '0', '1']);
    // only those not yet in the wanted state change
    const on = await h.terminal(`banner list --status 0 --title "横幅*" | banner enable --yes`);
    expect(on.out).toContain('已启用 2 个轮播图');
    expect(await statuses()).toEqual(['1', '1', '1']);
  });

  it('refuses an unknown banner before changing anything', async () => {
    const r = await h.terminal(`banner forbid ${ids[2]},${'f'.repeat(32)}`);
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('轮播图不存在');
    expect(await statuses()).toEqual(['1', '1', '1']);
  });
});

describe('goods status', () => {
  it('takes goods off sale after a dry run, one by one, and back on', async () => {
    const page = await h.t.call('GET', '/yy/yyGoods/list', { token: h.token, query: { category: '3' } });
    const ids = (page.body.result.records as Array<{ id: string }>).map((g) => g.id).join(',');
    const dry = await h.terminal(`goods status ${ids} 下架 --dry-run`);
    expect(dry.out).toContain('演练：将下架 3 个商品（未执行）');
    expect(dry.out).toMatch(/一次性床单\s+上架 → 下架/);
    const off = await h.terminal(`goods status ${ids} 下架 --yes`);
    expect(off.out).toContain('已下架 3 个商品');
    const listed = await h.t.call('GET', '/yy/yyGoods/list', {
      token: h.token,
      query: { category: '3', status: '0' },
    });
    expect(listed.body.result.total).toBe(3);
    const on = await h.terminal(`goods list --category 3 --status 0 | goods status --status 上架 --yes`);
    expect(on.out).toContain('已上架 3 个商品');
  });

  it('takes piped goods and the status as its one word (issue 27: `status: 无效选项`)', async () => {
    const dry = await h.terminal('goods list --page-size 50 --category 3 | goods status 下架 --dry-run');
    expect(dry.results.at(-1)?.status, dry.out).toBe('ok');
    expect(dry.out).toContain('演练：将下架 3 个商品（未执行）');
    const none = await h.terminal('goods status');
    expect(none.out).toContain('请选择一条记录！');
  });
});
