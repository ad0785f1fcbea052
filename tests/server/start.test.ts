import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

/** The real start path: `src/server/server.ts` on an embedded PGlite data dir, stopped with SIGINT. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'care-start-'));
const webDir = path.join(tmp, 'web');
fs.mkdirSync(webDir);
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa-shell</title>');
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'pglite'),
      UPLOAD_DIR: path.join(tmp, 'up'),
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Admin login')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
  return { child, output: () => out };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });

async function login(port: number, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return (await res.json()) as { success: boolean; result: { token: string } };
}

describe('server start', () => {
  it('creates, migrates and seeds the data dir, serves API and SPA, and survives a restart after Ctrl+C', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toContain('admin / 123456');
    expect(first.output()).toContain(`http://127.0.0.1:${port}/`);
    const ok = await login(port, '123456');
    expect(ok.success).toBe(true);

    // change the password so the restart proves the data survived
    const change = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/user/updatePassword`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': ok.result.token },
      body: JSON.stringify({
        username: 'admin',
        oldpassword: '123456',
        password: 'changed1',
        confirmpassword: 'changed1',
      }),
    });
    expect(((await change.json()) as { success: boolean }).success).toBe(true);

    const spa = await fetch(`http://127.0.0.1:${port}/isystem/user?x=1`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('spa-shell');
    const api404 = await fetch(`http://127.0.0.1:${port}/jeecg-boot/no/such/path`);
    expect(api404.status).toBe(404);

    expect(await stop(first.child)).toBe(0);

    const second = await start(port);
    expect(second.output()).toContain('password already changed');
    expect((await login(port, 'changed1')).success).toBe(true);
    expect(await stop(second.child)).toBe(0);
  }, 120_000);
});
