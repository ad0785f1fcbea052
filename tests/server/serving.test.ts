import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';

/** Caching and compression of API answers and of the web client's files. */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-web-'));
const script = `console.log(${JSON.stringify('悦到家'.repeat(4000))});\n`;
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><title>spa</title>${' '.repeat(2000)}`);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets', 'tiny-Ef56.css'), 'a{}');
  // the build's own step writes the .br and .gz files
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({
    root: webDir,
    build: { outDir: '.' },
  } as ResolvedConfig);
  (plugin.closeBundle as () => void)();
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the web client', () => {
  it('is precompressed at build time (brotli and gzip), small files left alone', () => {
    const js = path.join(webDir, 'assets', 'index-Ab12Cd34.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(webDir, 'assets', 'tiny-Ef56.css.br'))).toBe(false);
  });

  it('sends hashed assets compressed and cached for a year as immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has index.html revalidated on every load, also as the fallback of client routes', async () => {
    for (const url of ['/', '/isystem/user']) {
      const r = await get(url, { 'accept-encoding': 'br' });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe('API answers', () => {
  it('are never stored by a cache: signed-in, anonymous and refused alike', async () => {
    const token = await t.login('admin');
    const answers = [
      await get(`${BASE}/sys/user/list`, { 'x-access-token': token }),
      await get(`${BASE}/sys/randomImage/k1`),
      await get(`${BASE}/sys/user/list`),
      await get(`${BASE}/no/such/path`, { 'x-access-token': token }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('are compressed when the client accepts it and they are large enough', async () => {
    const token = await t.login('admin');
    const r = await get(`${BASE}/sys/user/list?pageSize=100`, {
      'x-access-token': token,
      'accept-encoding': 'br',
    });
    expect(r.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(r.rawPayload).toString());
    expect(json.success).toBe(true);
    expect(json.result.records.length).toBeGreaterThan(0);
    const small = await get(`${BASE}/sys/user/checkOnlyUser?username=zzz_free`, {
      'accept-encoding': 'gzip',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
