import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { renderTemplate, templateVariables } from '../../src/shared/message-template.ts';

/** 消息模板 (/sys/message/sysMessageTemplate): CRUD, test data checked, the test render. */
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

const P = '/sys/message/sysMessageTemplate';
const add = (body: Record<string, unknown>, token = admin) => t.call('POST', `${P}/add`, { token, body });
const render = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', `${P}/testRender`, { token, body });
const byCode = async (code: string) =>
  (await t.call('GET', `${P}/list`, { token: admin, query: { templateCode: code } })).body.result.records[0];

describe('message templates', () => {
  it('adds, lists with the type text, edits and deletes', async () => {
    const r = await add({
      templateCode: 'order_done',
      templateName: '订单完成',
      templateType: '1',
      templateContent: '${name}您好，订单${order.no}已完成',
      templateTestJson: '{"name":"张三","order":{"no":"A001"}}',
    });
    expect(r.body).toMatchObject({ success: true });
    const row = await byCode('order_done');
    expect(row).toMatchObject({ templateName: '订单完成', templateType_dictText: '短信', createBy: 'admin' });
    const edit = await t.call('PUT', `${P}/edit`, {
      token: admin,
      body: { id: row.id, templateName: '订单已完成' },
    });
    expect(edit.body.success).toBe(true);
    expect((await byCode('order_done')).templateName).toBe('订单已完成');
    await add({ templateCode: 'tmp', templateName: '临时', templateType: '4', templateContent: 'x' });
    const tmp = await byCode('tmp');
    expect(
      (await t.call('DELETE', `${P}/delete`, { token: admin, query: { id: tmp.id } })).body.success,
    ).toBe(true);
    expect(await byCode('tmp')).toBeUndefined();
  });

  it('refuses bad input: duplicate code, missing content, an unknown type, test data that is no JSON object', async () => {
    const base = { templateCode: 'order_done', templateName: 'x', templateType: '1', templateContent: 'x' };
    expect((await add(base)).body).toMatchObject({ success: false, message: '模板编码已存在' });
    expect((await add({ ...base, templateCode: 'b1', templateContent: '' })).body.success).toBe(false);
    expect((await add({ ...base, templateCode: 'b2', templateType: '9' })).body.success).toBe(false);
    expect((await add({ ...base, templateCode: 'bad code!' })).body).toMatchObject({
      success: false,
      message: '模板编码只允许字母、数字、下划线和中划线',
    });
    expect((await add({ ...base, templateCode: 'b3', templateTestJson: '[1,2]' })).body).toMatchObject({
      success: false,
      message: '测试数据必须是JSON对象，例如 {"name":"张三"}',
    });
    expect((await render({ templateCode: 'no_such' })).body).toMatchObject({
      success: false,
      message: '模板编码不存在',
    });
    expect((await render({ templateContent: '${a}', testData: '{oops' })).body.success).toBe(false);
    expect((await render({})).body).toMatchObject({ success: false, message: '请输入模板内容' });
  });

  it('renders a stored template with its test data, or with values sent', async () => {
    const stored = await render({ templateCode: 'order_done' });
    expect(stored.body.result).toEqual({
      variables: ['name', 'order.no'],
      missing: [],
      content: '张三您好，订单A001已完成',
    });
    const sent = await render({ templateCode: 'order_done', testData: { name: '<b>李四</b>' } });
    expect(sent.body.result).toMatchObject({
      missing: ['order.no'],
      content: '&lt;b&gt;李四&lt;/b&gt;您好，订单${order.no}已完成',
    });
  });

  it('escapes values and sanitises HTML templates (mail, system message)', async () => {
    const r = await render({
      templateType: '2',
      templateContent: '<p onclick="x()">Hi <b>${who}</b></p><script>alert(1)</script>',
      testData: '{"who":"<img src=x onerror=alert(1)>"}',
    });
    expect(r.body.result.content).toBe('<p>Hi <b>&lt;img src=x onerror=alert(1)&gt;</b></p>');
    // a text template shows its markup as text
    expect(renderTemplate('<i>${a}</i>', { a: '&' }, false).content).toBe('&lt;i&gt;&amp;&lt;/i&gt;');
    expect(templateVariables('${a} ${ b } ${a} ${用户名} $x {y}')).toEqual(['a', 'b', '用户名']);
  });

  it('refuses a staff account on every endpoint', async () => {
    const refused = { success: false, code: 510 };
    expect((await t.call('GET', `${P}/list`, { token: staff })).body).toMatchObject(refused);
    expect(
      (await add({ templateCode: 's', templateName: 's', templateType: '1', templateContent: 's' }, staff))
        .body,
    ).toMatchObject(refused);
    expect((await render({ templateCode: 'order_done' }, staff)).body).toMatchObject(refused);
    const id = (await byCode('order_done')).id as string;
    expect(
      (await t.call('PUT', `${P}/edit`, { token: staff, body: { id, templateName: 'x' } })).body,
    ).toMatchObject(refused);
    expect((await t.call('DELETE', `${P}/delete`, { token: staff, query: { id } })).body).toMatchObject(
      refused,
    );
    expect((await t.call('GET', `${P}/exportXls`, { token: staff })).body).toMatchObject(refused);
  });
});
