import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER } from '../../src/shared/resources/partner.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

/** 商户档案 over HTTP: the generated family, updateStatus transitions, pickers, and who may do what. */
let t: TestApp;
let operator: string;
let staff: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('yunying');
  staff = await t.login('yuangong');
  finance = await t.login('caiwu');
});
afterAll(async () => t?.close());

const P = PARTNER.decl.path;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: object = {}, token = operator) =>
  t.call(method, url, { token, ...opts });
const VALID = {
  name: '拱墅安康推拿店',
  partnerType: '1',
  contact: '赵安',
  mobile: '13712345678',
  area: '330105',
  address: '莫干山路 100 号',
  bankName: '农业银行',
  bankAccount: '6228480012345678',
  accountName: '赵安',
  shareRatio: '20',
};
const byName = async (name: string) =>
  (await call('GET', `${P}/list`, { query: { name } })).body.result.records[0] as Record<string, string>;

describe('商户档案 endpoints', () => {
  it('lists the seeded partners with type, area names and status text', async () => {
    const list = await call('GET', `${P}/list`, { query: { pageSize: '50' } });
    expect(list.body.success).toBe(true);
    expect(list.body.result.total).toBeGreaterThanOrEqual(3);
    const xihu = list.body.result.records.find(
      (r: { name: string }) => r.name === '杭州西湖悦享推拿有限公司',
    );
    expect(xihu).toMatchObject({
      area: '330106',
      area_dictText: '浙江省/杭州市/西湖区',
      status: '1',
      shareRatio: '30.00',
    });
    const inXihu = await call('GET', `${P}/list`, { query: { area: '330100' } });
    expect(inXihu.body.result.total).toBeGreaterThanOrEqual(3);
  });

  it('adds by POST with the spec messages, new partners waiting for review', async () => {
    const add = (body: object) => call('POST', `${P}/add`, { body: { ...VALID, ...body } });
    expect((await add({ mobile: '12345678901' })).body.message).toBe('请输入正确手机号');
    expect((await add({ bankAccount: '0123456789' })).body.message).toBe('请输入正确的银行卡号码');
    expect((await add({ bankAccount: '123456789' })).body.message).toBe('请输入正确的银行卡号码');
    expect((await add({ shareRatio: '101' })).body.message).toBe('分成比例应为0到100之间的数，最多两位小数');
    expect((await add({ area: '' })).body.message).toBe('请选择所在地区');
    expect((await add({ name: '' })).body.message).toBe('请输入商户名称');
    expect((await add({ partnerType: '3' })).body.message).toBe('类型取值无效');
    // the status is the server's: a sent one is ignored
    expect((await add({ status: '1' })).body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await add({})).body.message).toBe('商户名称已存在');
    expect(await byName(VALID.name)).toMatchObject({
      status: '0',
      partnerType: '1',
      area_dictText: '浙江省/杭州市/拱墅区',
    });
  });

  it('edits by POST (as the spec calls it) and by PUT, partially', async () => {
    const { id } = await byName(VALID.name);
    expect((await call('POST', `${P}/edit`, { body: { id, contact: '赵平' } })).body.success).toBe(true);
    expect((await call('PUT', `${P}/edit`, { body: { id, shareRatio: '22.5' } })).body.success).toBe(true);
    expect((await call('POST', `${P}/edit`, { body: { id, mobile: '1' } })).body.message).toBe(
      '请输入正确手机号',
    );
    expect(await byName(VALID.name)).toMatchObject({
      contact: '赵平',
      shareRatio: '22.50',
      mobile: VALID.mobile,
    });
  });

  it('changes status only along the allowed transitions, with a reason where needed, and logs each change', async () => {
    const { id } = await byName(VALID.name);
    const status = (body: object) => call('PUT', `${P}/updateStatus`, { body: { id, ...body } });
    expect((await status({ status: '停用', reason: '测试' })).body.message).toBe(
      '商户状态不能从「待审核」改为「停用」',
    );
    expect((await status({ status: '已驳回' })).body.message).toBe('请填写原因');
    expect((await status({ status: '9' })).body.message).toBe('状态取值无效');
    expect((await status({})).body.message).toBe('请选择状态');
    expect((await call('PUT', `${P}/updateStatus`, { body: { status: '1' } })).body.message).toBe(
      '商户不存在',
    );
    expect((await call('PUT', `${P}/updateStatus`, { body: { id: 'nope', status: '1' } })).body.message).toBe(
      '商户不存在',
    );
    expect((await status({ status: '已驳回', reason: '营业执照不清晰' })).body).toMatchObject({
      success: true,
      message: '商户已改为「已驳回」',
    });
    expect(await byName(VALID.name)).toMatchObject({ status: '2', statusReason: '营业执照不清晰' });
    expect((await status({ status: '0' })).body.success).toBe(true);
    expect((await status({ status: '正常' })).body.success).toBe(true);
    expect((await status({ status: '正常' })).body.message).toBe('商户已是「正常」状态');
    expect((await status({ status: '3', reason: '合同到期' })).body.success).toBe(true);
    // the edit never touches the status
    expect((await call('POST', `${P}/edit`, { body: { id, status: '1' } })).body.success).toBe(true);
    expect((await byName(VALID.name)).status).toBe('3');
    const log = await call('GET', `${P}/statusLog`, { query: { id } });
    expect(
      log.body.result.map((r: { fromStatus: string; toStatus: string }) => `${r.fromStatus}>${r.toStatus}`),
    ).toEqual(['1>3', '0>1', '2>0', '0>2']);
    expect(log.body.result[0]).toMatchObject({ reason: '合同到期', changedBy: 'yunying' });
  });

  it('offers only active partners to pickers', async () => {
    const picker = await call('GET', `${P}/partnerList`);
    const names = picker.body.result.map((r: { name: string }) => r.name);
    expect(names).toContain('杭州西湖悦享推拿有限公司');
    expect(names).not.toContain('余杭舒心理疗中心'); // 待审核
    expect(names).not.toContain(VALID.name); // 停用
    expect(picker.body.result[0]).toHaveProperty('id');
  });

  it('refuses to delete a partner that still has technicians, deletes one that has none', async () => {
    const xihu = await byName('杭州西湖悦享推拿有限公司');
    expect((await call('DELETE', `${P}/delete`, { query: { id: xihu.id } })).body.message).toBe(
      '商户下还有技师，不能删除',
    );
    const mine = await byName(VALID.name);
    expect((await call('DELETE', `${P}/delete`, { query: { id: mine.id } })).body.success).toBe(true);
  });

  it('refuses staff and finance accounts on every endpoint', async () => {
    const xihu = await byName('杭州西湖悦享推拿有限公司');
    for (const token of [staff, finance]) {
      const calls = [
        call('GET', `${P}/list`, {}, token),
        call('GET', `${P}/queryById`, { query: { id: xihu.id } }, token),
        call('POST', `${P}/add`, { body: { ...VALID, name: '越权商户' } }, token),
        call('POST', `${P}/edit`, { body: { id: xihu.id, contact: 'x' } }, token),
        call('PUT', `${P}/updateStatus`, { body: { id: xihu.id, status: '3', reason: 'x' } }, token),
        call('DELETE', `${P}/delete`, { query: { id: xihu.id } }, token),
        call('DELETE', `${P}/deleteBatch`, { query: { ids: xihu.id } }, token),
        call('GET', `${P}/partnerList`, {}, token),
        call('GET', `${P}/statusLog`, { query: { id: xihu.id } }, token),
        call('GET', `${P}/exportXls`, {}, token),
      ];
      for (const r of await Promise.all(calls)) expect(r.body).toMatchObject(NO_AUTH);
    }
    expect((await byName('杭州西湖悦享推拿有限公司')).status).toBe('1');
  });

  it('exports the list with names, not codes', async () => {
    const r = await call('GET', `${P}/exportXls`, { query: { name: '杭州西湖悦享推拿有限公司' } });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toContain('spreadsheetml');
  });
});
