import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyUser, yyUserAddress } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { CUSTOMER, CUSTOMER_ADDRESS, CUSTOMER_ADDRESSES } from '../../../src/shared/resources/customer.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = CUSTOMER.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const byMobile = async (mobile: string) =>
  (await t.database.db.select().from(yyUser).where(eq(yyUser.mobile, mobile)))[0];
const addressesOf = async (userId: string) =>
  t.database.db
    .select()
    .from(yyUserAddress)
    .where(eq(yyUserAddress.userId, userId))
    .orderBy(yyUserAddress.sortNo);
const address = (extra: Record<string, unknown> = {}) => ({
  contact: '林晓',
  mobile: '13812345678',
  areaCode: '浙江省/杭州市/西湖区',
  detail: '文三路90号东部软件园1号楼',
  location: '30.2786,120.1346',
  ...extra,
});

describe('seeded customers', () => {
  it('are at least 200, each with a default address among 1–3 in 杭州', async () => {
    const r = await t.call('GET', ep.list.path, { token: token.yunying, query: { pageSize: '10' } });
    expect(r.body.result.total).toBeGreaterThanOrEqual(200);
    const first = r.body.result.records[0];
    expect(first).toMatchObject({
      balance: expect.stringMatching(/^\d+\.\d{2}$/),
      registerTime: expect.any(String),
    });
    const list = await t.call('GET', CUSTOMER_ADDRESSES.path, {
      token: token.yunying,
      query: { id: first.id },
    });
    const rows = list.body.result as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((a) => a.isDefault === true)).toHaveLength(1);
    expect(String(rows[0]!.areaCode_dictText)).toMatch(/^浙江省\/杭州市\//);
    expect(String(rows[0]!.location)).toMatch(/^30\.\d{6},120\.\d{6}$/);
  });
});

describe('POST /yy/yyUser/add and edit with addresses', () => {
  it('adds a customer with addresses; the first becomes the default when none is marked', async () => {
    const r = await t.call('POST', ep.add.path, {
      token: token.yunying,
      body: {
        nickname: '晓晓',
        mobile: '13900001111',
        sex: '2',
        addressList: [address(), address({ detail: '滨盛路1509号', areaCode: '330108', location: '' })],
      },
    });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await byMobile('13900001111'))!;
    expect(row).toMatchObject({
      status: '1',
      memberLevel: '1',
      source: '5',
      balance: '0.00',
      createBy: 'yunying',
    });
    const rows = await addressesOf(row.id);
    expect(rows.map((a) => [a.areaCode, a.isDefault, a.sortNo])).toEqual([
      ['330106', true, 1],
      ['330108', false, 2],
    ]);
    expect(rows[0]!.location).toEqual({ x: 120.1346, y: 30.2786 });
  });

  it('queryById answers the customer with its addresses', async () => {
    const row = (await byMobile('13900001111'))!;
    const r = await t.call('GET', ep.queryById.path, { token: token.yunying, query: { id: row.id } });
    expect(r.body.result).toMatchObject({ nickname: '晓晓', mobile: '13900001111', balance: '0.00' });
    expect(r.body.result.addressList.map((a: { detail: string }) => a.detail)).toEqual([
      '文三路90号东部软件园1号楼',
      '滨盛路1509号',
    ]);
  });

  it('POST edit replaces the addresses and moves the default; the balance is never written', async () => {
    const row = (await byMobile('13900001111'))!;
    const r = await t.call('POST', ep.edit.path, {
      token: token.yunying,
      body: {
        id: row.id,
        memberLevel: '3',
        balance: '99999.00',
        addressList: [
          address({ isDefault: false }),
          address({ detail: '学林街2号', areaCode: '330114', isDefault: true }),
        ],
      },
    });
    expect(r.body).toMatchObject({ success: true });
    expect(await byMobile('13900001111')).toMatchObject({ memberLevel: '3', balance: '0.00' });
    expect((await addressesOf(row.id)).map((a) => [a.detail, a.isDefault])).toEqual([
      ['文三路90号东部软件园1号楼', false],
      ['学林街2号', true],
    ]);
    // an edit without addressList leaves them as they are
    await t.call('PUT', ep.edit.path, { token: token.yunying, body: { id: row.id, nickname: '晓晓2' } });
    expect(await addressesOf(row.id)).toHaveLength(2);
  });

  it.each([
    [{ addressList: [address({ isDefault: true }), address({ isDefault: true })] }, '只能设置一个默认地址'],
    [{ addressList: [address({ mobile: '12345' })] }, '第1个地址：请输入正确手机号'],
    [{ addressList: [address(), address({ areaCode: '火星' })] }, '第2个地址：所在地区取值无效'],
    [{ addressList: [address({ detail: '' })] }, '第1个地址：请输入详细地址'],
    [{ addressList: [address({ location: '91,200' })] }, '第1个地址：纬度应在-90到90之间'],
    [{ addressList: 'x' }, '地址列表格式不正确'],
    [{ mobile: '13900001111' }, '手机号已存在'],
    [{ mobile: '1390000' }, '请输入正确手机号'],
    [{ nickname: '' }, '请输入昵称'],
    [{ memberLevel: '9' }, '会员等级取值无效'],
  ])('refuses %j with "%s" and writes nothing', async (patch, message) => {
    const r = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: { nickname: '新客', mobile: '13700002222', ...patch },
    });
    expect(r.body).toMatchObject({ success: false });
    expect(r.body.message).toContain(message);
    if (!('mobile' in patch)) expect(await byMobile('13700002222')).toBeUndefined();
  });

  it('saves a customer and its addresses all or nothing', async () => {
    const row = (await byMobile('13900001111'))!;
    const before = await addressesOf(row.id);
    // a refused address leaves the customer's own fields unwritten too
    const refused = await t.call('POST', ep.edit.path, {
      token: token.yunying,
      body: { id: row.id, nickname: '改名了', addressList: [address({ areaCode: '火星' })] },
    });
    expect(refused.body).toMatchObject({ success: false, message: '第1个地址：所在地区取值无效' });
    expect((await byMobile('13900001111'))!.nickname).not.toBe('改名了');
    // the database refusing the address rows rolls the customer's update back
    await t.database.rawQuery(
      `CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.detail = 'boom' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`,
      [],
    );
    await t.database.rawQuery(
      'CREATE TRIGGER refuse_boom BEFORE INSERT ON yy_user_address FOR EACH ROW EXECUTE FUNCTION refuse_boom()',
      [],
    );
    try {
      const failed = await t.call('POST', ep.edit.path, {
        token: token.yunying,
        body: { id: row.id, nickname: '改名了', addressList: [address(), address({ detail: 'boom' })] },
      });
      expect(failed.body.success).toBe(false);
      expect((await byMobile('13900001111'))!.nickname).not.toBe('改名了');
      expect((await addressesOf(row.id)).map((a) => a.id)).toEqual(before.map((a) => a.id));
    } finally {
      await t.database.rawQuery('DROP TRIGGER refuse_boom ON yy_user_address', []);
      await t.database.rawQuery('DROP FUNCTION refuse_boom()', []);
    }
  });

  it('refuses staff: finance and employees neither read nor write customers', async () => {
    const row = (await byMobile('13900001111'))!;
    for (const who of ['caiwu', 'yuangong']) {
      expect(
        (await t.call('GET', ep.queryById.path, { token: token[who], query: { id: row.id } })).body,
      ).toMatchObject(NO_AUTH);
      expect(
        (await t.call('POST', ep.edit.path, { token: token[who], body: { id: row.id, nickname: 'x' } })).body,
      ).toMatchObject(NO_AUTH);
      expect(
        (await t.call('GET', CUSTOMER_ADDRESSES.path, { token: token[who], query: { id: row.id } })).body,
      ).toMatchObject(NO_AUTH);
      expect(
        (await t.call('GET', CUSTOMER_ADDRESS.endpoints.list.path, { token: token[who] })).body,
      ).toMatchObject(NO_AUTH);
    }
  });

  it('deleting a customer deletes its addresses', async () => {
    const row = (await byMobile('13900001111'))!;
    expect(
      (await t.call('DELETE', ep.delete.path, { token: token.yunying, query: { id: row.id } })).body.success,
    ).toBe(true);
    expect(await addressesOf(row.id)).toHaveLength(0);
  });
});
