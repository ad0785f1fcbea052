import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import WebSocket from 'ws';
import { bundledEntry } from './server-bundle.ts';

/**
 * The real product as a child process (the run's server bundle, as `npm start` runs it:
 * tests/support/server-bundle.ts), for tests that kill it, restart it or take its database away.
 */

/** The seeded admin's password in spawned servers (`ADMIN_PASSWORD`). */
export const ADMIN_PASSWORD = 'Fault-Test-2026!';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A scratch directory removed by `remove()`. */
export function scratchDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerOptions {
  /** PGlite data directory (ignored with `databaseUrl`) */
  dataDir?: string;
  /** postgres://… of the database to serve */
  databaseUrl?: string;
  /** where uploads and error logs go (a scratch directory of the caller) */
  uploadDir: string;
  port?: number;
  /** more environment variables of the server */
  env?: Record<string, string>;
}

export interface SpawnedServer {
  child: ChildProcess;
  pid: number;
  port: number;
  /** http://127.0.0.1:port/jeecg-boot */
  api: string;
  /** ws://127.0.0.1:port/jeecg-boot */
  ws: string;
  /** everything the process printed so far */
  output(): string;
  /** true while the process has not exited */
  alive(): boolean;
  /** resolves with the exit code, or the signal name when a signal ended it */
  exited: Promise<number | string | null>;
  /** send `signal` (SIGKILL after a grace period) and wait for the exit */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

/** Start the server and wait until it printed its banner (listening, migrated and seeded). */
export async function spawnServer(opts: ServerOptions): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, bundledEntry('server'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir ?? path.join(opts.uploadDir, 'unused-pglite'),
      UPLOAD_DIR: opts.uploadDir,
      WEB_DIR: path.join(opts.uploadDir, 'no-web'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: opts.databaseUrl ?? '',
      ADMIN_PASSWORD,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exitedWith: number | string | null | undefined;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve((exitedWith = signal ?? code))),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!/Admin login|Care console running at/.test(out)) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  return {
    child,
    pid: child.pid!,
    port,
    api: `http://127.0.0.1:${port}/jeecg-boot`,
    ws: `ws://127.0.0.1:${port}/jeecg-boot`,
    output: () => out,
    alive: () => exitedWith === undefined,
    exited,
    async stop(signal = 'SIGINT') {
      if (exitedWith !== undefined) return exited;
      child.kill(signal);
      // a server that does not shut down (requests stuck on a lock) is killed rather than waited for
      const grace = setTimeout(() => child.kill('SIGKILL'), 15_000);
      return exited.finally(() => clearTimeout(grace));
    },
  };
}

/** A parsed JeecgBoot Result and the HTTP status it came with. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
}

/** One request under the API base; the body is sent as JSON, or as multipart when it is FormData. */
export async function call(
  api: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['x-access-token'] = opts.token;
  let body: string | FormData | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  // generous: a hung request fails the test instead of stalling it
  const res = await fetch(`${api}${url}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the assertion shows the text */
  }
  return { status: res.status, body: parsed };
}

/** The multipart body of `POST /sys/position/importExcel`: a sheet of [职务编码, 职务名称, 职级] rows. */
export async function positionImport(rows: string[][], progressKey?: string): Promise<FormData> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('职务');
  sheet.addRow(['职务编码', '职务名称', '职级']);
  sheet.addRows(rows);
  const form = new FormData();
  if (progressKey) form.append('progressKey', progressKey);
  form.append('file', new Blob([await workbook.xlsx.writeBuffer()]), '职务信息.xlsx');
  return form;
}

/** Log in as the seeded admin (`ADMIN_PASSWORD`, or the password of a `serverDatabase`). */
export async function loginAdmin(
  api: string,
  password = ADMIN_PASSWORD,
): Promise<{ token: string; id: string }> {
  const r = await call(api, 'POST', '/sys/login', { body: { username: 'admin', password } });
  if (!r.body?.success) throw new Error(`admin login failed: ${JSON.stringify(r.body)}`);
  return { token: r.body.result.token, id: r.body.result.userInfo.id };
}

/** An open WebSocket keeping the JSON messages it receives until a `next` call takes them. */
export interface SocketClient {
  ws: WebSocket;
  /**
   * The first kept message matching `accept`, waiting for one to arrive; `undefined` when none did
   * within `waitMs`. Rejects when the socket closes first.
   */
  next(accept?: (m: unknown) => boolean, waitMs?: number): Promise<unknown>;
  close(): void;
}

/** Open a socket of the API (`/websocket/…`, `/vxeSocket/…`) with the token as sub-protocol. */
export function openSocket(url: string, token: string): Promise<SocketClient> {
  const ws = new WebSocket(url, [token]);
  const kept: unknown[] = [];
  const wakers = new Set<() => void>();
  const wakeAll = () => wakers.forEach((w) => w());
  ws.on('message', (d) => {
    kept.push(JSON.parse(String(d)));
    wakeAll();
  });
  ws.on('close', wakeAll);
  const client: SocketClient = {
    ws,
    next(accept = () => true, waitMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const at = kept.findIndex(accept);
          if (at >= 0) done(() => resolve(kept.splice(at, 1)[0]));
          else if (ws.readyState !== ws.OPEN) done(() => reject(new Error('socket closed while waiting')));
        };
        const timer = setTimeout(() => done(() => resolve(undefined)), waitMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          wakers.delete(check);
          settle();
        };
        wakers.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}
