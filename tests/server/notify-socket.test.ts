import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws') + '/jeecg-boot';
});
afterAll(async () => t?.close());

async function userId(token: string): Promise<string> {
  const r = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token });
  expect(r.body.success).toBe(true);
  const login = await t.call('POST', '/sys/login', { body: { username: 'yunying', password: '123456' } });
  return login.body.result.userInfo.id;
}

function open(url: string, protocols?: string[]) {
  const ws = new WebSocket(url, protocols);
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
  });
}

describe('/websocket/{userId}', () => {
  it('accepts the token as sub-protocol, echoes it, answers heartbeats and delivers notices', async () => {
    const token = await t.login('yunying');
    const id = await userId(token);
    const ws = await open(`${base}/websocket/${id}`, [token]);
    expect(ws.protocol).toBe(token);
    const next = () =>
      new Promise<unknown>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    let reply = next();
    ws.send('HeartBeat');
    expect(await reply).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    reply = next();
    t.app.notices.send(id, { cmd: 'user', msgId: 'a1', msgTxt: '新通知' });
    expect(await reply).toEqual({ cmd: 'user', msgId: 'a1', msgTxt: '新通知' });
    await new Promise((resolve) => {
      ws.once('close', resolve);
      ws.close();
    });
  });

  it('refuses the handshake without a valid token', async () => {
    await expect(open(`${base}/websocket/whatever`)).rejects.toThrow('HTTP 401');
    await expect(open(`${base}/websocket/whatever`, ['not-a-token'])).rejects.toThrow('HTTP 401');
  });

  it("closes a socket opened for someone else's user id", async () => {
    const token = await t.login('yunying');
    const ws = await open(`${base}/websocket/someone-else`, [token]);
    const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    expect(code).toBe(4403);
  });
});
