import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../support/server-bundle.ts';

/**
 * The real start path: the server bundled as `npm start` runs it (tests/support/server-bundle.ts)
 * on an embedded PGlite data dir, stopped with SIGINT.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'care-start-'));
const webDir = path.join(tmp, 'web');
fs.mkdirSync(webDir);
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa-shell</title>');
/** servers still running when a test fails half way are stopped, not left behind */
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function start(
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, bundledEntry('server'), {
    env: {
      ...process.env,
      ADMIN_PASSWORD: '',
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'pglite'),
      UPLOAD_DIR: path.join(tmp, 'up'),
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Admin login')) {
        clearInterval(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
  return { child, output: () => out };
}

/** `npm run reset-password -- <username>` on a data dir */
const resetPassword = (username: string, dataDir: string) =>
  spawnSync(process.execPath, [...bundledEntry('reset-password'), username], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });

async function login(port: number, password: string, username = 'admin') {
  const res = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (await res.json()) as { success: boolean; message: string; result: { token: string } };
}

async function api(port: number, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

const SEEDED = ['admin', 'yunying', 'caiwu', 'yuangong'];
/** the passwords the first start printed, by account */
const printedPasswords = (output: string) =>
  Object.fromEntries(SEEDED.map((u) => [u, new RegExp(`^\\s+${u}\\s+(\\S+)\\s*$`, 'm').exec(output)?.[1]]));

describe('server start', () => {
  it('creates, migrates and seeds the data dir, serves API and SPA, and survives a restart after Ctrl+C', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toContain(`http://127.0.0.1:${port}/`);
    // every seeded account got its own strong random password, printed once; none accepts 123456
    const passwords = printedPasswords(first.output());
    for (const u of SEEDED) {
      expect(passwords[u], u).toMatch(/^[\w-]{16,}$/);
      expect((await login(port, '123456', u)).message, u).toBe('用户名或密码错误');
    }
    expect(new Set(Object.values(passwords)).size).toBe(SEEDED.length);
    expect(first.output()).toContain(`Admin login: admin / ${passwords.admin}`);
    const ok = await login(port, passwords.admin!);
    expect(ok.success).toBe(true);
    expect((await login(port, passwords.yunying!, 'yunying')).success).toBe(true);

    // seed once: what the administrator deletes stays deleted across restarts
    const positions = (await api(port, 'GET', '/sys/position/list?pageSize=50', ok.result.token)) as {
      result: { records: Array<{ id: string; code: string }> };
    };
    const manager = positions.result.records.find((p) => p.code === 'manager')!;
    expect(manager).toBeTruthy();
    expect(
      (await api(port, 'DELETE', `/sys/position/delete?id=${manager.id}`, ok.result.token)).success,
    ).toBe(true);

    // change the password so the restart proves the data survived
    const change = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/user/updatePassword`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': ok.result.token },
      body: JSON.stringify({
        username: 'admin',
        oldpassword: passwords.admin,
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

    const second = await start(port, { ADMIN_PASSWORD: 'ignored-after-first-start' });
    expect(second.output()).toContain('Admin login: admin (password set at first start');
    for (const u of SEEDED) expect(second.output()).not.toContain(passwords[u]!);
    expect((await login(port, 'changed1')).success).toBe(true);
    expect((await login(port, 'ignored-after-first-start')).success).toBe(false);
    const token = (await login(port, 'changed1')).result.token;
    const after = (await api(port, 'GET', '/sys/position/list?pageSize=50', token)) as {
      result: { records: Array<{ code: string }> };
    };
    expect(after.result.records.map((p) => p.code)).not.toContain('manager');
    expect(after.result.records.length).toBe(positions.result.records.length - 1);
    expect(await stop(second.child)).toBe(0);
  });

  it('takes ADMIN_PASSWORD at the first start, and reset-password gives a one-time password to replace', async () => {
    const port = await freePort();
    const dataEnv = { DATA_DIR: path.join(tmp, 'pglite-2'), ADMIN_PASSWORD: 'Chosen-Admin-9' };
    const first = await start(port, dataEnv);
    expect(first.output()).toContain('Admin login: admin / (ADMIN_PASSWORD)');
    expect(first.output()).not.toContain('Chosen-Admin-9');
    expect((await login(port, 'Chosen-Admin-9')).success).toBe(true);

    // the embedded database belongs to the running server: the command refuses to touch it
    const busy = resetPassword('admin', dataEnv.DATA_DIR);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('stop it first');
    expect(await stop(first.child)).toBe(0);

    const reset = resetPassword('admin', dataEnv.DATA_DIR);
    expect(reset.status).toBe(0);
    const fresh = /New password of admin: (\S+)/.exec(reset.stdout)?.[1];
    expect(fresh).toMatch(/^[\w-]{16,}$/);
    expect(resetPassword('nobody_here', dataEnv.DATA_DIR).status).toBe(1);

    const second = await start(port, dataEnv);
    expect((await login(port, 'Chosen-Admin-9')).success).toBe(false);
    const session = await login(port, fresh!);
    expect(session.success).toBe(true);
    expect(session.result).toMatchObject({ mustChangePassword: true });
    // until the one-time password is replaced, nothing else is served
    const refused = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/user/list`, {
      headers: { 'x-access-token': session.result.token },
    });
    expect(refused.status).toBe(403);
    const changed = await api(port, 'PUT', '/sys/user/updatePassword', session.result.token, {
      oldpassword: fresh,
      password: 'Own-Choice-7',
      confirmpassword: 'Own-Choice-7',
    });
    expect(changed.success).toBe(true);
    const mine = await login(port, 'Own-Choice-7');
    expect(mine.result).toMatchObject({ mustChangePassword: false });
    expect((await api(port, 'GET', '/sys/user/list', mine.result.token)).success).toBe(true);
    expect(await stop(second.child)).toBe(0);
  });
});
