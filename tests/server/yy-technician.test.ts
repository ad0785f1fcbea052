import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT } from '../../src/shared/resources/project.ts';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { TECH_SERVICE } from '../../src/shared/resources/technician-service.ts';
import { RESIDENT_ID_MSG } from '../../src/shared/resident-id.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { postParts } from './import-support.ts';

/** 服务项目, 技师 and 技师服务 over HTTP: seed, rules with the spec's messages, domain calls, refusals. */
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const PR = PROJECT.decl.path;
const TE = TECHNICIAN.decl.path;
const TS = TECH_SERVICE.decl.path;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yy-technician-'));

let t: TestApp;
let operator: string;
let staff: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  operator = await t.login('yunying');
  staff = await t.login('yuangong');
  finance = await t.login('caiwu');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: object = {}, token = operator) =>
  t.call(method, url, { token, ...opts });
const records = async (url: string, query: Record<string, string> = {}) =>
  (await call('GET', url, { query: { pageSize: '100', ...query } })).body.result.records as Array<
    Record<string, string>
  >;
const photo = async () =>
  (
    await postParts(t, '/sys/common/upload', operator, [
      { name: 'biz', value: 'technician' },
      { name: 'file', filename: 'p.png', content: PNG },
    ])
  ).body.message as string;
const partnerId = async (name: string) => (await records('/yy/yyPartner/list', { name }))[0]!.id!;

describe('seed', () => {
  it('has at least 12 projects and 30 technicians over several districts of one city, with coordinates and services', async () => {
    expect((await records(`${PR}/list`)).length).toBeGreaterThanOrEqual(12);
    const techs = await records(`${TE}/list`);
    expect(techs.length).toBeGreaterThanOrEqual(30);
    const districts = new Set(techs.map((r) => r.serviceAreas!.split(',')[0]));
    expect(districts.size).toBeGreaterThanOrEqual(6);
    for (const d of districts) expect(d!.startsWith('3301')).toBe(true);
    for (const r of techs) {
      const [lat, lng] = r.location!.split(',').map(Number);
      expect(Math.abs(lat! - 30.27)).toBeLessThan(0.3);
      expect(Math.abs(lng! - 120.2)).toBeLessThan(0.4);
      expect(r.partnerId_dictText).toBeTruthy();
    }
    expect(techs[0]!.serviceAreas_dictText).toMatch(/^浙江省\/杭州市\//);
    expect((await records(`${TS}/list`)).length).toBeGreaterThanOrEqual(60);
  });
});

describe('服务项目', () => {
  it('adds with rules, money kept exact, sanitised description; maps projects on sale', async () => {
    const add = (body: object) =>
      call('POST', `${PR}/add`, {
        body: { name: '热石理疗', category: 'spa', duration: '60', price: '199.90', status: '1', ...body },
      });
    expect((await add({ duration: '0' })).body.message).toBe('服务时长应为1到1440分钟');
    expect((await add({ duration: '1.5' })).body.message).toBe('服务时长应为1到1440分钟');
    expect((await add({ price: '1.999' })).body.message).toBe('价格(元)取值无效');
    expect((await add({ price: '-1' })).body.message).toBe('价格不能为负数');
    expect((await add({ listPrice: '99' })).body.message).toBe('划线价不能低于价格');
    expect((await add({ category: 'nope' })).body.message).toBe('分类取值无效');
    expect((await add({ name: '全身推拿' })).body.message).toBe('项目名称已存在');
    expect(
      (await add({ listPrice: '259', description: '<p>暖<script>x()</script></p>', sort: '' })).body.success,
    ).toBe(true);
    const [row] = await records(`${PR}/list`, { name: '热石理疗' });
    expect(row).toMatchObject({
      price: '199.90',
      listPrice: '259.00',
      description: '<p>暖</p>',
      category_dictText: 'SPA精油',
    });
    const map = (await call('GET', `${PR}/getProjectMap`)).body.result as Record<string, string>;
    expect(map[row!.id!]).toBe('热石理疗');
    expect(Object.values(map)).not.toContain('小儿推拿'); // off sale
  });

  it('refuses deleting a project technicians offer', async () => {
    const [row] = await records(`${PR}/list`, { name: '全身推拿' });
    expect((await call('DELETE', `${PR}/delete`, { query: { id: row!.id! } })).body.message).toBe(
      '项目已被技师开通，不能删除（可先下架）',
    );
  });
});

describe('技师', () => {
  let techId = '';
  it('adds with the spec rules for mobile and ID card, pictures in order, areas and an active partner', async () => {
    const [a, b, c] = [await photo(), await photo(), await photo()];
    const body = {
      name: '测试技师',
      sex: '2',
      mobile: '13600001111',
      idCard: '330106199001010026',
      level: 'gold',
      partnerId: await partnerId('杭州西湖悦享推拿有限公司'),
      serviceAreas: ['330106', '330108'],
      location: '30.2595,120.1304',
      avatar: a,
      photos: [c, b],
      joinDate: '2025-03-01',
    };
    const add = (patch: object) => call('POST', `${TE}/add`, { body: { ...body, ...patch } });
    expect((await add({ mobile: '1360000111' })).body.message).toBe('请输入正确手机号');
    expect((await add({ idCard: '33010619900101' })).body.message).toBe('请输入正确的身份证号码');
    // the right shape with a wrong GB 11643 check digit (this one's is X)
    expect((await add({ idCard: '330106199001011234' })).body.message).toBe(RESIDENT_ID_MSG.checkDigit);
    expect((await add({ idCard: '330106199002301234' })).body.message).toBe(RESIDENT_ID_MSG.birthDate);
    expect((await add({ level: '钻石' })).body.message).toBe('等级取值无效');
    expect((await add({ partnerId: await partnerId('余杭舒心理疗中心') })).body.message).toBe(
      '商户不存在或未启用',
    );
    expect((await add({ location: '30.1,200' })).body.message).toBe('经度应在-180到180之间');
    expect((await add({ serviceAreas: '火星' })).body.message).toBe('服务区域取值无效');
    expect((await add({ mobile: '13857100000' })).body.message).toBe('手机号已存在');
    expect((await add({ workStatus: '4', rating: '1.0' })).body).toMatchObject({ success: true });
    const [row] = await records(`${TE}/list`, { name: '测试技师' });
    techId = row!.id!;
    expect(row).toMatchObject({
      avatar: a,
      photos: `${c},${b}`,
      workStatus: '3', // the server's: a new technician rests until set online
      rating: '5.0',
      level_dictText: '金牌',
      partnerId_dictText: '杭州西湖悦享推拿有限公司',
      serviceAreas_dictText: '浙江省/杭州市/西湖区，浙江省/杭州市/滨江区',
      location: '30.2595,120.1304',
    });
    expect(
      (await call('POST', `${TE}/edit`, { body: { id: techId, photos: `${b},${c}` } })).body.success,
    ).toBe(true);
    expect((await records(`${TE}/list`, { name: '测试技师' }))[0]!.photos).toBe(`${b},${c}`);
  });

  it('finds technicians serving a district, a city, and of a partner', async () => {
    const binjiang = await records(`${TE}/list`, { serviceAreas: '330108' });
    expect(binjiang.length).toBeGreaterThan(0);
    for (const r of binjiang) expect(r.serviceAreas).toContain('330108');
    expect((await records(`${TE}/list`, { serviceAreas: '330100' })).length).toBeGreaterThanOrEqual(31);
    const pid = await partnerId('滨江康乐到家工作室');
    for (const r of await records(`${TE}/list`, { partnerId: pid })) expect(r.partnerId).toBe(pid);
  });

  it('changes the work status of several at once, all or nothing, and maps those not stopped', async () => {
    const others = (await records(`${TE}/list`, { workStatus: '1' })).slice(0, 2).map((r) => r.id!);
    const status = (body: object) => call('PUT', `${TE}/updateStatus`, { body });
    expect((await status({ ids: [...others, techId].join(','), workStatus: '7' })).body.message).toBe(
      '工作状态取值无效',
    );
    expect((await status({ ids: '', workStatus: '1' })).body.message).toBe('请选择一条记录！');
    expect((await status({ ids: `${techId},nope`, workStatus: '1' })).body.message).toBe('技师不存在');
    expect((await records(`${TE}/list`, { name: '测试技师' }))[0]!.workStatus).toBe('3');
    expect((await status({ ids: [...others, techId].join(','), workStatus: '休息' })).body).toMatchObject({
      success: true,
      message: '已将 3 位技师改为「休息」',
    });
    expect((await status({ ids: techId, workStatus: '4' })).body.success).toBe(true);
    const map = (await call('GET', `${TE}/getTechMap`)).body.result as Record<string, string>;
    expect(map[techId]).toBeUndefined();
    expect(Object.keys(map).length).toBeGreaterThanOrEqual(29);
    expect((await status({ ids: techId, workStatus: '1' })).body.success).toBe(true);
    expect((await call('GET', `${TE}/getTechMap`)).body.result[techId]).toBe('测试技师');
  });

  it('opens several projects for a technician at once, skipping those open, one row per pair', async () => {
    const map = (await call('GET', `${PR}/getProjectMap`)).body.result as Record<string, string>;
    const ids = Object.keys(map).slice(0, 3);
    const batch = (body: object) => call('POST', `${TS}/addBatch`, { body });
    expect((await batch({ technicianId: techId, projectIds: [] })).body.message).toBe('请选择服务项目');
    expect((await batch({ projectIds: ids })).body.message).toBe('请选择技师');
    expect((await batch({ technicianId: techId, projectIds: [...ids, 'nope'] })).body.message).toBe(
      '服务项目不存在或已下架',
    );
    expect((await batch({ technicianId: techId, projectIds: ids.slice(0, 2) })).body.message).toBe(
      '已开通 2 个项目',
    );
    expect((await batch({ technicianId: techId, projectIds: ids.join(',') })).body.message).toBe(
      '已开通 1 个项目，2 个此前已开通',
    );
    const mine = await records(`${TS}/list`, { technicianId: techId });
    expect(mine.map((r) => r.projectId).sort()).toEqual([...ids].sort());
    expect(mine[0]).toMatchObject({ technicianId_dictText: '测试技师', enabled: true });
    const add = (body: object) => call('POST', `${TS}/add`, { body: { technicianId: techId, ...body } });
    expect((await add({ projectId: ids[0] })).body.message).toBe('该技师已开通此项目');
    expect((await add({ projectId: '' })).body.message).toBe('请选择服务项目');
    const own = mine[0]!;
    expect((await call('PUT', `${TS}/edit`, { body: { id: own.id, price: '-5' } })).body.message).toBe(
      '价格不能为负数',
    );
    expect(
      (await call('PUT', `${TS}/edit`, { body: { id: own.id, price: '166', enabled: 'false' } })).body
        .success,
    ).toBe(true);
    expect((await records(`${TS}/list`, { id: own.id! }))[0]).toMatchObject({
      price: '166.00',
      enabled: false,
    });
    // a technician offering projects is not deleted
    expect((await call('DELETE', `${TE}/delete`, { query: { id: techId } })).body.message).toBe(
      '技师已开通服务项目，不能删除（可先停用）',
    );
  });

  it('refuses staff and finance on every endpoint of the three', async () => {
    const any = (await records(`${TE}/list`))[0]!.id!;
    for (const token of [staff, finance]) {
      const calls = [
        ['GET', `${PR}/list`],
        ['POST', `${PR}/add`],
        ['PUT', `${PR}/edit`],
        ['DELETE', `${PR}/delete`],
        ['GET', `${PR}/getProjectMap`],
        ['GET', `${TE}/list`],
        ['GET', `${TE}/queryById`],
        ['POST', `${TE}/add`],
        ['PUT', `${TE}/edit`],
        ['PUT', `${TE}/updateStatus`],
        ['DELETE', `${TE}/deleteBatch`],
        ['GET', `${TE}/getTechMap`],
        ['GET', `${TE}/exportXls`],
        ['GET', `${TS}/list`],
        ['POST', `${TS}/add`],
        ['POST', `${TS}/addBatch`],
        ['PUT', `${TS}/edit`],
        ['DELETE', `${TS}/delete`],
      ] as const;
      for (const [method, url] of calls) {
        const r = await call(
          method,
          url,
          { query: { id: any, ids: any }, body: { id: any, ids: any, workStatus: '4' } },
          token,
        );
        expect(r.body, `${method} ${url}`).toMatchObject(NO_AUTH);
      }
    }
    expect((await records(`${TE}/list`, { id: any }))[0]!.workStatus).not.toBe('4');
  });
});
