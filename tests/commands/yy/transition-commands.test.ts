import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import { yyGoods, yyPartner, yyTechnician } from '../../../src/server/db/schema/index.ts';
import { RESOURCES } from '../../../src/shared/resources/index.ts';
import type { Resource } from '../../../src/shared/resources/define.ts';

/**
 * The commands generated from declared transitions (commands/resources/transitions.ts), through
 * the real executor against the real server: `<name> <action> <ids…> [--reason] [--dry-run]`,
 * their row-menu `when`, and `<name> history <id>`.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const db = () => h.t.database.db;
const partner = async (name: string) =>
  (await db().select().from(yyPartner).where(eq(yyPartner.name, name)))[0]!;

describe('transition commands', () => {
  it('exist for every declared action not covered by a hand-written command, with a row menu entry', () => {
    for (const r of RESOURCES as unknown as Resource[])
      for (const a of r.states?.actions ?? []) {
        if (a.transition.command === false) continue;
        const def = h.registry.get(`${r.decl.name}.${a.name}`);
        expect(def, `${r.decl.name}.${a.name}`).toBeDefined();
        expect(def!.menus?.some((m) => m.menu === `${r.decl.name}.row`)).toBe(true);
        const from = a.transition.from[0]!;
        const row = { id: 'x', [r.states!.field]: from };
        expect(def!.when?.({ row } as never) ?? true, `${r.decl.name}.${a.name} on ${from}`).toBe(true);
        const other = Object.keys(
          Object.fromEntries(
            r.states!.actions.flatMap((x) => [x.transition.to, ...x.transition.from]).map((s) => [s, 1]),
          ),
        ).find((s) => !a.transition.from.includes(s));
        if (other !== undefined)
          expect(def!.when!({ row: { id: 'x', [r.states!.field]: other } } as never)).toBe(false);
      }
  });

  it('partner reject needs a reason, refuses a partner in another state, and writes the history', async () => {
    const name = '余杭舒心理疗中心';
    expect((await h.terminal(`partner reject ${name}`)).out).toContain(`${name}：请填写原因`);
    const dry = await h.terminal(`partner reject ${name} --reason 资料不全 --dry-run`);
    expect(dry.out).toContain('演练：将驳回 1 个商户（未执行）');
    expect((await partner(name)).status).toBe('0');
    const r = await h.terminal(`partner reject ${name} --reason 资料不全`);
    expect(r.out).toContain('已驳回 1 个商户');
    expect(await partner(name)).toMatchObject({ status: '2', statusReason: '资料不全' });
    const again = await h.terminal(`partner disable ${name} --reason 停`);
    expect(again.out).toContain(`${name}：商户状态不能从「已驳回」改为「停用」`);
    const history = await h.terminal(`partner history ${name}`);
    expect(history.out).toMatch(/驳回\s+待审核 → 已驳回\s+资料不全\s+admin/);
  });

  it('goods unshelve and shelve take several items in one all-or-nothing call', async () => {
    const rows = await db().select().from(yyGoods).where(eq(yyGoods.category, '3'));
    const ids = rows.map((g) => g.id).join(',');
    const off = await h.terminal(`goods unshelve ${ids} --yes`);
    expect(off.out).toContain(`已下架 ${rows.length} 个商品`);
    // one is on sale again: the batch is refused as a whole, naming it
    await h.terminal(`goods shelve ${rows[0]!.id}`);
    const refused = await h.terminal(`goods shelve ${ids}`);
    expect(refused.out).toContain(`${rows[0]!.name}：商品已是「上架」状态`);
    const statuses = await db().select().from(yyGoods).where(eq(yyGoods.category, '3'));
    expect(statuses.filter((g) => g.status === '1')).toHaveLength(1);
  });

  it('partner disable asks with what it does to the technicians and orders, and does nothing when declined', async () => {
    const [active] = await db().select().from(yyPartner).where(eq(yyPartner.status, '1')).limit(1);
    const working = (
      await db().select().from(yyTechnician).where(eq(yyTechnician.partnerId, active!.id))
    ).filter((x) => x.workStatus === '1' || x.workStatus === '2').length;
    h.state.answer = false;
    h.state.confirms.length = 0;
    const declined = await h.terminal(`partner disable ${active!.name} --reason 合同到期`);
    expect(declined.out).toContain('已取消');
    expect(h.state.confirms).toHaveLength(1);
    expect(h.state.confirms[0]).toContain('确定停用 1 个商户吗?');
    expect(h.state.confirms[0]).toContain(`将使 ${working} 名技师下线`);
    expect((await partner(active!.name)).status).toBe('1');
    // the dry run says the same without asking
    const dry = await h.terminal(`partner disable ${active!.name} --reason 合同到期 --dry-run`);
    expect(dry.out).toContain(`将使 ${working} 名技师下线`);
  });
});
