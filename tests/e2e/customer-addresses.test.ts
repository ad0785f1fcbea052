import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { yyUser, yyUserAddress } from '../../src/server/db/schema/index.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 客户列表: a customer's 服务地址 edited as a sub table of the customer form (contact, mobile, area
 * cascader, detail, location, exactly one default), saved with the customer, loaded again by
 * queryById when the customer is edited.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const PATH = '/yy/customer/list';
const open = async () => {
  const page = await env.newPage();
  await login(page, env.url, 'yunying', '123456', `/user/login?redirect=${encodeURIComponent(PATH)}`);
  await page.waitForURL(`${env.url}${PATH}`);
  await page.locator('.ag-row').first().waitFor();
  return page;
};
const customer = async (mobile: string) =>
  (await env.database.db.select().from(yyUser).where(eq(yyUser.mobile, mobile)))[0];
const addresses = async (userId: string) =>
  env.database.db
    .select()
    .from(yyUserAddress)
    .where(eq(yyUserAddress.userId, userId))
    .orderBy(yyUserAddress.sortNo);

/** Fill address row n (1-based) of the form's sub table. */
async function fillAddress(
  form: Locator,
  n: number,
  a: { contact: string; mobile: string; district: string; detail: string; lat: string; lng: string },
) {
  await form.getByLabel(`第${n}行联系人`, { exact: true }).fill(a.contact);
  await form.getByLabel(`第${n}行联系电话`, { exact: true }).fill(a.mobile);
  await form.getByLabel(`第${n}行所在地区省`).selectOption({ label: '浙江省' });
  await form.getByLabel(`第${n}行所在地区市`).selectOption({ label: '杭州市' });
  await form.getByLabel(`第${n}行所在地区区县`).selectOption({ label: a.district });
  await form.getByLabel(`第${n}行详细地址`, { exact: true }).fill(a.detail);
  await form.getByLabel(`第${n}行经纬度纬度`).fill(a.lat);
  await form.getByLabel(`第${n}行经纬度经度`).fill(a.lng);
}

const radio = (form: Locator, n: number) => form.getByRole('radio', { name: `第${n}行设为默认` });

describe('客户 with 服务地址', () => {
  let page: Page;

  it('adds a customer with two addresses, the second the default; a bad row is named', async () => {
    page = await open();
    await page.getByRole('toolbar', { name: '客户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增客户' });
    await form.getByLabel('昵称', { exact: true }).fill('地址测试客户');
    await form.getByLabel('手机号', { exact: true }).fill('13912340001');
    const table = form.getByRole('table', { name: '服务地址' });
    await table.getByText('暂无服务地址').waitFor();

    await form.getByRole('button', { name: '添加服务地址' }).click();
    await form.getByRole('button', { name: '添加服务地址' }).click();
    // the first row added is the default until another is marked
    expect(await radio(form, 1).isChecked()).toBe(true);
    expect(await radio(form, 2).isChecked()).toBe(false);
    await fillAddress(form, 1, {
      contact: '林晓',
      mobile: '13812345678',
      district: '西湖区',
      detail: '文三路90号',
      lat: '30.2786',
      lng: '120.1346',
    });
    await fillAddress(form, 2, {
      contact: '林晓',
      mobile: '12345',
      district: '滨江区',
      detail: '滨盛路1509号',
      lat: '30.2084',
      lng: '120.2119',
    });
    await radio(form, 2).check();
    expect(await radio(form, 1).isChecked()).toBe(false);

    // the shared rules check the rows before anything is sent, naming the row
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('第2个地址：请输入正确手机号').waitFor();
    expect(await customer('13912340001')).toBeUndefined();

    expect(await axeSerious(page)).toEqual([]);

    await form.getByLabel('第2行联系电话', { exact: true }).fill('13812345679');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });

    const row = (await customer('13912340001'))!;
    expect(
      (await addresses(row.id)).map((a) => [a.areaCode, a.detail, a.isDefault, a.location?.y, a.location?.x]),
    ).toEqual([
      ['330106', '文三路90号', false, 30.2786, 120.1346],
      ['330108', '滨盛路1509号', true, 30.2084, 120.2119],
    ]);
  });

  it('edits it: the addresses load, the default row removed passes the default on', async () => {
    const row = (await customer('13912340001'))!;
    const search = page.getByRole('form', { name: '查询条件' });
    await search.getByLabel('手机号', { exact: true }).fill('13912340001');
    await search.getByRole('button', { name: '查询' }).click();
    const gridRow = page.locator(`.ag-row[row-id="${row.id}"]`);
    await gridRow.first().waitFor();
    await clickRowAction(page.locator(`.ag-row[row-id="${row.id}"] [col-id="actions"]`), '编辑');
    const form = page.getByRole('form', { name: '编辑客户' });
    await expect
      .poll(() => form.getByLabel('第2行详细地址', { exact: true }).inputValue())
      .toBe('滨盛路1509号');
    expect(await form.getByLabel('第1行所在地区区县').inputValue()).toBe('330106');
    expect(await form.getByLabel('第1行经纬度纬度').inputValue()).toBe('30.2786');
    expect(await radio(form, 2).isChecked()).toBe(true);

    await form.getByRole('button', { name: '删除第2行' }).click();
    expect(await radio(form, 1).isChecked()).toBe(true);
    await form.getByRole('button', { name: '添加服务地址' }).click();
    await fillAddress(form, 2, {
      contact: '王芳',
      mobile: '13700001234',
      district: '余杭区',
      detail: '文一西路969号',
      lat: '30.2931',
      lng: '120.0185',
    });
    await form.getByLabel('昵称', { exact: true }).fill('地址测试客户2');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('编辑成功').first().waitFor();
    await form.waitFor({ state: 'detached' });

    expect((await customer('13912340001'))!.nickname).toBe('地址测试客户2');
    expect((await addresses(row.id)).map((a) => [a.contact, a.areaCode, a.isDefault])).toEqual([
      ['林晓', '330106', true],
      ['王芳', '330110', false],
    ]);
    await page.context().close();
  });
});
