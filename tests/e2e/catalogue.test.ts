import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { rowAction, rowWith } from '../support/grid-rows.ts';
import {
  yyPartner,
  sysStateHistory,
  yyTechnician,
  yyTechnicianService,
} from '../../src/server/db/schema/index.ts';

/**
 * The catalogue journeys: a technician added by form with photos reordered and projects opened,
 * found again from the palette; a partner through review and a stop with a reason.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const open = (path: string, user = 'yunying') => openAs(env, path, user);
const png = (n: number) => ({
  name: `photo${n}.png`,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, n)]),
});

describe('技师列表', () => {
  it('adds a technician by form with photos reordered, then opens projects for them', async () => {
    const page = await open('/yy/technician/list');
    await page.locator('.ag-row').first().waitFor();
    await page.getByRole('toolbar', { name: '技师操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增技师' });
    await form.getByLabel('姓名').fill('林晓雨');
    await form.getByLabel('性别').selectOption({ label: '女' });
    await form.getByLabel('手机号').fill('13700009999');
    await form.getByLabel('身份证号').fill('330106199203150043');
    await form.getByLabel('等级').selectOption({ label: '高级' });
    await form.getByLabel('所属商户').selectOption({ label: '滨江康乐到家工作室' });
    // 服务区域: two districts through the cascader
    for (const district of ['滨江区', '西湖区']) {
      await form.getByLabel('服务区域省').selectOption({ label: '浙江省' });
      await form.getByLabel('服务区域市').selectOption({ label: '杭州市' });
      await form.getByLabel('服务区域区县').selectOption({ label: district });
      await form.getByRole('button', { name: '添加' }).click();
    }
    await form.getByRole('list', { name: '已选服务区域' }).getByText('浙江省/杭州市/西湖区').waitFor();
    await form.getByLabel('常驻位置纬度').fill('30.2084');
    await form.getByLabel('常驻位置经度').fill('120.2119');

    // two photos uploaded, then the second moved first; the ends warn
    await form.getByLabel('选择照片').setInputFiles([png(1), png(2)]);
    const photos = form.getByRole('list', { name: '照片列表' }).locator('li');
    await expect
      .poll(() => photos.evaluateAll((li) => li.map((l) => l.getAttribute('data-status'))))
      .toEqual(['done', 'done']);
    const paths = () => photos.evaluateAll((li) => li.map((l) => l.getAttribute('data-path')));
    const [first, second] = await paths();
    await form.getByRole('button', { name: '左移第1张' }).click();
    await page.getByText('未知操作').first().waitFor();
    await form.getByRole('button', { name: '右移第2张' }).click();
    await page.getByText('已到最后~').first().waitFor();
    await form.getByRole('button', { name: '右移第1张' }).click();
    expect(await paths()).toEqual([second, first]);

    // the shared rules answer in the form before anything is sent
    await form.getByLabel('手机号').fill('1370000999');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请输入正确手机号').waitFor();
    await form.getByLabel('手机号').fill('13700009999');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });

    const [saved] = await env.database.db
      .select()
      .from(yyTechnician)
      .where(eq(yyTechnician.mobile, '13700009999'));
    expect(saved).toMatchObject({
      name: '林晓雨',
      photos: `${second},${first}`,
      serviceAreas: '330108,330106',
      level: 'senior',
    });
    expect(saved!.location).toEqual({ x: 120.2119, y: 30.2084 });
    // the list shows the partner and the areas by name
    const row = rowWith(page, 'name', '林晓雨').first();
    await row.locator('[col-id="partnerId_dictText"]', { hasText: '滨江康乐到家工作室' }).waitFor();
    await row.locator('[col-id="serviceAreas_dictText"]', { hasText: '滨江区' }).waitFor();

    // 开通项目 from the row: several projects in one action
    await rowAction(page, 'name', '林晓雨', '开通项目');
    const dialog = page.getByRole('form', { name: '批量开通服务项目' });
    await expect.poll(() => dialog.getByLabel('技师').inputValue()).toBe(saved!.id);
    await dialog.getByLabel('全身推拿').check();
    await dialog.getByLabel('中式足疗').check();
    await dialog.getByRole('button', { name: '开通 2 个项目' }).click();
    await page.getByText('已开通 2 个项目').waitFor();
    const services = await env.database.db
      .select()
      .from(yyTechnicianService)
      .where(eq(yyTechnicianService.technicianId, saved!.id));
    expect(services).toHaveLength(2);

    // the palette finds the technician commands by pinyin
    await page.keyboard.press('Control+k');
    await page.keyboard.type('jishi');
    await page.locator('[cmdk-item]', { hasText: '修改技师工作状态' }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('商户列表', () => {
  it('approves a partner waiting for review, then stops it with a reason; the history shows both', async () => {
    const page = await open('/yy/partner/list');
    const name = '余杭舒心理疗中心';
    await rowWith(page, 'name', name).first().locator('[col-id="status"]', { hasText: '待审核' }).waitFor();
    await rowAction(page, 'name', name, '审核通过');
    // it cannot be undone: asked first (issue 27)
    const ask = page.getByRole('dialog', { name: '确定审核通过 1 个商户吗?此操作不可撤销。' });
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('已审核通过 1 个商户').waitFor();
    await rowWith(page, 'name', name).first().locator('[col-id="status"]', { hasText: '正常' }).waitFor();

    await rowAction(page, 'name', name, '修改状态');
    const form = page.getByRole('form', { name: '修改商户状态' });
    // an active partner can only be stopped (issue 27: it offered 待审核, then refused it)
    // (the dialog opens before the ticked rows' states are looked up: their choices come after)
    const choices = form.getByLabel('新状态').locator('option');
    await expect.poll(() => choices.allTextContents()).toEqual(['请选择', '停用']);
    await form.getByLabel('新状态').selectOption({ label: '停用' });
    // what stopping does beyond the partner is said before 确定 (issue 27 item 5)
    await form.getByRole('note').filter({ hasText: '将使 0 名技师下线' }).waitFor();
    expect(await form.getByLabel('原因').getAttribute('aria-required')).toBe('true');
    // the required reason is asked for in the form, before anything is sent
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByRole('alert').filter({ hasText: '请填写原因' }).waitFor();
    await form.getByLabel('原因').fill('合同到期未续签');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('已改为「停用」 1 个商户').waitFor();
    await form.waitFor({ state: 'detached' });
    await rowWith(page, 'name', name).first().locator('[col-id="status"]', { hasText: '停用' }).waitFor();

    const [p] = await env.database.db.select().from(yyPartner).where(eq(yyPartner.name, name));
    expect(p).toMatchObject({ status: '3', statusReason: '合同到期未续签' });
    const log = await env.database.db.select().from(sysStateHistory).where(eq(sysStateHistory.rowId, p!.id));
    expect(log.map((l) => `${l.fromState}>${l.toState}`).sort()).toEqual(['0>1', '1>3']);

    await rowAction(page, 'name', name, '详情');
    await page.getByRole('tab', { name: '记录' }).click();
    await page.getByRole('cell', { name: '正常 → 停用' }).waitFor();
    await page.getByRole('cell', { name: '合同到期未续签' }).waitFor();
    await page.context().close();
  });
});
