import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/app.ts';
import { PAYLOAD, postParts } from './import-support.ts';

/** 系统通告 (jeecg-api.md §6.8): CRUD, release and revoke pushed over /websocket/{userId}, the reader's calls. */
let t: TestApp;
let base: string;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws') + '/jeecg-boot';
  for (const u of ['admin', 'yuangong', 'yunying']) {
    const r = await t.call('POST', '/sys/login', { body: { username: u, password: '123456' } });
    token[u] = r.body.result.token;
    ids[u] = r.body.result.userInfo.id;
    // the seeded welcome notice is read: the counts below are of this suite's notices
    await t.call('PUT', '/sys/sysAnnouncementSend/readAll', { token: token[u] });
  }
});
afterAll(async () => t?.close());

/** A notification socket of a user collecting what it receives. */
async function socket(user: string) {
  const ws = new WebSocket(`${base}/websocket/${ids[user]}`, [token[user]!]);
  const received: Array<Record<string, unknown>> = [];
  ws.on('message', (d) => received.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waitFor = async (test: (m: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 200 && !received.some(test); i++) await new Promise((r) => setTimeout(r, 25));
    return received.find(test);
  };
  return { ws, received, waitFor };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  who: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => t.call(method, path, { token: token[who], ...opts });
const byTitle = async (titile: string) =>
  (await call('GET', '/sys/annountCement/list', 'admin', { query: { titile } })).body.result.records[0] as {
    id: string;
    sendStatus: string;
  };

describe('/sys/annountCement', () => {
  it('adds a draft with sanitised content that nobody sees until it is released to all, live', async () => {
    const body = {
      titile: '系统升级',
      msgContent: '<p>今晚<b>升级</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      priority: 'H',
      msgCategory: '1',
      msgType: 'ALL',
    };
    expect((await call('POST', '/sys/annountCement/add', 'admin', { body })).body.success).toBe(true);
    const draft = await byTitle('系统升级');
    expect(draft.sendStatus).toBe('0');
    const full = (await call('GET', '/sys/annountCement/queryById', 'admin', { query: { id: draft.id } }))
      .body.result;
    expect(full.msgContent).toContain('<b>升级</b>');
    expect(full.msgContent).not.toMatch(/script|onerror/);
    expect((await call('GET', '/sys/annountCement/listByUser', 'yuangong')).body.result.anntMsgTotal).toBe(0);

    const staff = await socket('yuangong');
    expect(
      (await call('GET', '/sys/annountCement/doReleaseData', 'yuangong', { query: { id: draft.id } })).body,
    ).toMatchObject({ success: false, code: 510 });
    const released = await call('GET', '/sys/annountCement/doReleaseData', 'admin', {
      query: { id: draft.id },
    });
    expect(released.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(await staff.waitFor((m) => m.cmd === 'topic')).toEqual({
      cmd: 'topic',
      msgId: draft.id,
      // the bell alerts by category (账户设置 → 新消息通知)
      msgCategory: '1',
      msgTxt: '系统升级',
    });
    staff.ws.close();

    const mine = (await call('GET', '/sys/annountCement/listByUser', 'yuangong')).body.result;
    expect(mine).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 0 });
    expect(mine.anntMsgList[0]).toMatchObject({
      id: draft.id,
      titile: '系统升级',
      priority: 'H',
      sender: 'admin',
    });
    expect((await byTitle('系统升级')).sendStatus).toBe('1');
    expect(
      (await call('GET', '/sys/annountCement/doReleaseData', 'admin', { query: { id: draft.id } })).body
        .success,
    ).toBe(false);
  });

  it('marks one read for the caller only, and 我的消息 keeps it as read', async () => {
    const { id } = await byTitle('系统升级');
    expect(
      (
        await call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', 'yuangong', {
          body: { anntId: id },
        })
      ).body.success,
    ).toBe(true);
    expect((await call('GET', '/sys/annountCement/listByUser', 'yuangong')).body.result.anntMsgTotal).toBe(0);
    expect((await call('GET', '/sys/annountCement/listByUser', 'yunying')).body.result.anntMsgTotal).toBe(1);
    const page = (await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', 'yuangong')).body
      .result;
    expect(page.records[0]).toMatchObject({ anntId: id, titile: '系统升级', readFlag: '1' });
    const unread = await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', 'yuangong', {
      query: { readFlag: '0' },
    });
    expect(unread.body.result.total).toBe(0);
  });

  it('releases to chosen users only, as user messages', async () => {
    const body = { titile: '请核对账单', msgCategory: '2', msgType: 'USER', userIds: `${ids.yunying},` };
    expect((await call('POST', '/sys/annountCement/add', 'admin', { body })).body.success).toBe(true);
    const bad = await call('POST', '/sys/annountCement/add', 'admin', {
      body: { ...body, userIds: 'nobody' },
    });
    expect(bad.body).toMatchObject({ success: false, message: '指定用户中有不存在的用户' });
    const { id } = await byTitle('请核对账单');
    const chosen = await socket('yunying');
    const other = await socket('yuangong');
    await call('GET', '/sys/annountCement/doReleaseData', 'admin', { query: { id } });
    expect(await chosen.waitFor((m) => m.cmd === 'user')).toEqual({
      cmd: 'user',
      msgId: id,
      msgCategory: '2',
      msgTxt: '请核对账单',
    });
    expect(
      (await call('GET', '/sys/annountCement/listByUser', 'yunying')).body.result.sysMsgList.map(
        (n: { titile: string }) => n.titile,
      ),
    ).toEqual(['请核对账单']);
    expect((await call('GET', '/sys/annountCement/listByUser', 'yuangong')).body.result.sysMsgTotal).toBe(0);
    expect(other.received.filter((m) => m.cmd === 'user')).toEqual([]);
    chosen.ws.close();
    other.ws.close();
  });

  // CI found it: 通告对象 was exported without 指定用户, so the sheet could not come back (请选择指定用户)
  it('exports a notice to chosen users with its users, and imports it back whole', async () => {
    const body = {
      titile: '导出往返',
      msgAbstract: '摘要',
      msgCategory: '1',
      msgType: 'USER',
      userIds: ids.yunying,
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-31 20:00:00',
      openType: 'url',
      openPage: '/yy/order',
    };
    expect((await call('POST', '/sys/annountCement/add', 'admin', { body })).body.success).toBe(true);
    const { id } = await byTitle('导出往返');
    const sheet = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/annountCement/exportXls',
      query: { id },
      headers: { 'x-access-token': token.admin! },
    });
    expect(sheet.statusCode).toBe(200);
    expect((await call('DELETE', '/sys/annountCement/delete', 'admin', { query: { id } })).body.success).toBe(
      true,
    );
    const imported = await postParts(t, '/sys/annountCement/importExcel', token.admin!, [
      ...PAYLOAD,
      { name: 'file', filename: 'notices.xlsx', content: sheet.rawPayload },
    ]);
    const log = imported.body.result?.fileUrl
      ? (
          await t.app.inject({
            url: '/jeecg-boot' + imported.body.result.fileUrl,
            headers: { 'x-access-token': token.admin! },
          })
        ).body
      : '';
    expect(imported.body, JSON.stringify(imported.body) + log).toMatchObject({ success: true, code: 200 });
    const back = await byTitle('导出往返');
    const full = (await call('GET', '/sys/annountCement/queryById', 'admin', { query: { id: back.id } })).body
      .result;
    expect(full).toMatchObject({ ...body, userIds: ids.yunying });
    await call('DELETE', '/sys/annountCement/delete', 'admin', { query: { id: back.id } });
  });

  // CI found it: an edit to 指定用户 sending the user list empty kept the old list for the check
  // and stored none, a notice to nobody that its own export could not bring back
  it('refuses an edit to chosen users that clears the users', async () => {
    const body = { titile: '清空用户', msgType: 'ALL', userIds: ids.yunying };
    expect((await call('POST', '/sys/annountCement/add', 'admin', { body })).body.success).toBe(true);
    const { id } = await byTitle('清空用户');
    const edited = await call('PUT', '/sys/annountCement/edit', 'admin', {
      body: { id, msgType: 'USER', userIds: null },
    });
    expect(edited.body).toMatchObject({ success: false, message: '请选择指定用户' });
    const kept = (await call('GET', '/sys/annountCement/queryById', 'admin', { query: { id } })).body.result;
    expect(kept).toMatchObject({ msgType: 'ALL', userIds: ids.yunying });
    await call('DELETE', '/sys/annountCement/delete', 'admin', { query: { id } });
  });

  it('revokes a released notice: it leaves the bells', async () => {
    const { id } = await byTitle('请核对账单');
    const chosen = await socket('yunying');
    expect(
      (await call('GET', '/sys/annountCement/doReovkeData', 'admin', { query: { id } })).body,
    ).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(await chosen.waitFor((m) => m.cmd === 'user')).toMatchObject({ msgId: id });
    chosen.ws.close();
    expect((await call('GET', '/sys/annountCement/listByUser', 'yunying')).body.result.sysMsgTotal).toBe(0);
    expect(
      (await call('GET', '/sys/annountCement/doReovkeData', 'admin', { query: { id } })).body.success,
    ).toBe(false);
  });

  it('reads all at once and deletes logically', async () => {
    expect((await call('PUT', '/sys/sysAnnouncementSend/readAll', 'yunying')).body).toMatchObject({
      success: true,
      message: '全部已读',
    });
    expect((await call('GET', '/sys/annountCement/listByUser', 'yunying')).body.result.anntMsgTotal).toBe(0);
    const { id } = await byTitle('系统升级');
    expect((await call('DELETE', '/sys/annountCement/delete', 'admin', { query: { id } })).body.success).toBe(
      true,
    );
    expect(await byTitle('系统升级')).toBeUndefined();
    expect(
      (
        await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', 'yuangong', {
          query: { titile: '系统升级' },
        })
      ).body.result.total,
    ).toBe(0);
    expect((await call('GET', '/sys/annountCement/list', 'yuangong')).body).toMatchObject({
      success: false,
      code: 510,
    });
  });
});
