import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/app.ts';
import { plainWorkbook, postParts } from './import-support.ts';

let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ws = address.replace('http', 'ws') + '/jeecg-boot';
});
afterAll(async () => t?.close());

function open(url: string, token: string) {
  const socket = new WebSocket(url, [token]);
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('import progress over the notification socket', () => {
  it('reports checked rows, then inserted rows of the total, under the client key', async () => {
    const login = await t.call('POST', '/sys/login', { body: { username: 'admin', password: '123456' } });
    const token = login.body.result.token as string;
    const socket = await open(`${ws}/websocket/${login.body.result.userInfo.id}`, token);
    const seen: Array<Record<string, unknown>> = [];
    socket.on('message', (d) => seen.push(JSON.parse(String(d))));

    const rows = Array.from({ length: 1200 }, (_, i) => [`prog_${i}`, `进度${i}`]);
    const file = await plainWorkbook([['用户账号', '用户姓名'], ...rows]);
    const r = await postParts(t, '/sys/user/importExcel', token, [
      { name: 'progressKey', value: 'k-123' },
      { name: 'file', filename: '进度.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: true, message: '共1200行数据全部导入成功！' });

    // the last notice may still be on the wire when the HTTP answer arrives
    await expect.poll(() => seen.filter((m) => m.cmd === 'progress').length).toBe(6);
    const progress = seen.filter((m) => m.cmd === 'progress');
    expect(progress.map((m) => [m.key, m.done, m.total, m.title])).toEqual([
      ['k-123', 500, 0, '正在校验：进度.xlsx'],
      ['k-123', 1000, 0, '正在校验：进度.xlsx'],
      ['k-123', 1200, 0, '正在校验：进度.xlsx'],
      ['k-123', 500, 1200, '正在导入：进度.xlsx'],
      ['k-123', 1000, 1200, '正在导入：进度.xlsx'],
      ['k-123', 1200, 1200, '正在导入：进度.xlsx'],
    ]);
    socket.close();
  });
});
