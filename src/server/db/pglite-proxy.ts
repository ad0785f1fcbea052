import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * PGlite on a worker thread (`pglite-worker.mjs`), seen from the main thread through the part of
 * PGlite's client interface the app uses: `query`, `exec`, `transaction` and `listen`. Drizzle's
 * PGlite driver takes it as its client. The server's event loop only posts messages: it keeps
 * reading sockets and accepting connections while a statement runs (issue #14).
 *
 * Transactions keep PGlite's own semantics: the worker holds PGlite's transaction (its mutex) open
 * until the main thread commits or rolls back, so statements of other requests wait meanwhile, as
 * they did in process. Notifications reach the main thread before the answer of the statement
 * (or commit) that sent them.
 */

interface Results {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** Query options as drizzle passes them: row mode and per-type parsers. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What a transaction's callback gets: statements inside that transaction. */
export interface WorkerTransaction {
  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };
type Notification = { op: 'notification'; channel: string; payload: string };

/** The worker's error as an Error carrying the same fields (code, constraint, detail, …). */
function toError(plain: Record<string, unknown>): Error {
  const error = new Error(String(plain.message ?? 'PGlite error'));
  Object.assign(error, plain);
  return error;
}

/**
 * Drizzle's parsers keep some types as text (dates, timestamps, intervals); functions cannot cross
 * a thread, so the worker is told the type oids whose parser is the identity.
 */
function wireOptions(opts: QueryOptions | undefined) {
  if (!opts) return undefined;
  return { rowMode: opts.rowMode, textTypes: Object.keys(opts.parsers ?? {}).map(Number) };
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PGlite's engine compiled once per process and its file-system bundle read once, handed to every
 * worker it starts: a process that opens many databases (a test worker, one per suite) compiles
 * the WebAssembly once instead of per database. A worker given none loads them itself.
 */
let engineAssets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array } | undefined> | undefined;
function loadEngineAssets() {
  engineAssets ??= (async () => {
    try {
      const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
      const [wasm, bundle] = await Promise.all([
        readFile(path.join(dist, 'pglite.wasm')),
        readFile(path.join(dist, 'pglite.data')),
      ]);
      return { wasmModule: await WebAssembly.compile(wasm), fsBundle: bundle };
    } catch {
      return undefined; // another layout of the package: each worker loads its own
    }
  })();
  return engineAssets;
}

/**
 * Workers whose engine closed cleanly, kept for the next database this process opens: a process
 * that opens many databases one after another (a test worker, one per suite) starts a thread and
 * imports PGlite once instead of per database. An idle spare keeps no process alive.
 */
const spares: Worker[] = [];
const MAX_SPARES = 2;
/** How many spare workers wait for a database (diagnostics, tests). */
export const spareWorkers = (): number => spares.length;

export class WorkerPGlite {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private exitError: Error | null = null;
  /** detaches this client's handlers from the worker (before it is handed on as a spare) */
  private readonly detach: () => void;
  closed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    const onMessage = (msg: Reply | Notification) => {
      if ('op' in msg) {
        for (const cb of this.listeners.get(msg.channel) ?? []) cb(msg.payload);
        return;
      }
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (!this.pending.size) this.worker.unref();
      if (msg.ok) waiting.resolve(msg.result);
      else waiting.reject(toError(msg.error));
    };
    const fail = (error: Error) => {
      this.exitError = error;
      this.closed = true;
      for (const w of this.pending.values()) w.reject(error);
      this.pending.clear();
    };
    const onExit = (code: number) => fail(new Error(`PGlite worker exited (${code})`));
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    this.detach = () => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
  }

  /**
   * Start the worker (or take a spare), open (or create) `dataDir` and apply the migrations there.
   * `loadDataDir` is the path of a tar made by `dumpDataDir()`: the engine starts from its contents.
   */
  static async create(
    dataDir: string,
    migrationsFolder: string,
    loadDataDir?: string,
  ): Promise<WorkerPGlite> {
    const worker =
      spares.pop() ?? new Worker(WORKER_URL, { workerData: (await loadEngineAssets()) ?? {}, execArgv: [] });
    const client = new WorkerPGlite(worker);
    try {
      await client.call({ op: 'open', dataDir, migrationsFolder, loadDataDir });
    } catch (e) {
      client.detach();
      await worker.terminate();
      throw e;
    }
    return client;
  }

  private call<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.exitError) return Promise.reject(this.exitError);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // like PGlite in process, an idle engine does not keep the process alive; a running call does
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  query(sql: string, params: unknown[] = [], opts?: QueryOptions, tx?: number): Promise<Results> {
    return this.call({ op: 'query', sql, params, opts: wireOptions(opts), tx });
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /** Run `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.call({ op: 'end', tx: txId, commit });
    };
    const tx: WorkerTransaction = {
      query: (sql, params, opts) => this.query(sql, params, opts, txId),
      exec: (sql) => this.exec(sql, txId),
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      await end(false).catch(() => undefined);
      throw e;
    }
    await end(true);
    return result;
  }

  /** LISTEN `channel`; the result stops this callback (UNLISTEN after the last one). */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set.add(onPayload));
    await this.call({ op: 'listen', channel });
    return async () => {
      set.delete(onPayload);
      if (set.size || this.closed) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  /** The whole data directory as an uncompressed tar (for `loadDataDir`). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    let clean = false;
    try {
      await this.call({ op: 'close' });
      clean = !this.exitError;
    } finally {
      this.closed = true;
      this.detach();
      if (clean && spares.length < MAX_SPARES) {
        this.worker.unref();
        spares.push(this.worker);
      } else await this.worker.terminate();
    }
  }
}
