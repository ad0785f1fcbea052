// The embedded PGlite engine on a worker thread (see pglite-proxy.ts for the protocol), so that a
// query never blocks the server's event loop: sockets are read and connections accepted while it
// runs. Plain JavaScript: a worker starts without the TypeScript loader.
import { readFile, stat } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** @type {PGlite | undefined} */
let db;
/** open transactions: id → { tx, finish(commit) } */
const transactions = new Map();
/** LISTEN stops by channel */
const listening = new Map();
let nextTx = 1;

const identity = (value) => value;

/**
 * A tar handed to PGlite as a Blob (`loadDataDir`), which PGlite reads whole with `arrayBuffer()`.
 * Node 20's Blob reads a large one in chunks and joins them: about a fifth of the CPU of starting
 * an engine from the 60 MB test template (Node's profiler). This one hands over the bytes it was
 * made from.
 */
class TarBytes extends Blob {
  #bytes;
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  get size() {
    return this.#bytes.byteLength;
  }
  async arrayBuffer() {
    // PGlite only reads it (each file's contents are copied out of it), so the cached bytes are
    // handed over as they are: copying 60 MB cost another fifth
    const b = this.#bytes;
    if (b.byteOffset === 0 && b.buffer.byteLength === b.byteLength) return b.buffer;
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  }
}

/**
 * The last tar read, by path, inode, size and modification time: a worker that opens one template
 * after another (a test process's suites) reads it from disk once, and a file written anew is read
 * anew.
 * @type {{ key: string, bytes: Uint8Array } | undefined}
 */
let lastTar;
/** @param {string} file */
async function tarBytes(file) {
  const { size, mtimeMs, ino } = await stat(file);
  const key = `${file}\0${ino}\0${size}\0${mtimeMs}`;
  // (a buffer found empty was taken over by someone: read again)
  if (lastTar?.key !== key || lastTar.bytes.byteLength !== size)
    lastTar = { key, bytes: await readFile(file) };
  return lastTar.bytes;
}

/** The error as plain data: message plus PostgreSQL's fields (code, constraint, detail, …). */
function plainError(error) {
  const out = { message: String(error?.message ?? error), name: String(error?.name ?? 'Error') };
  if (error && typeof error === 'object')
    for (const [k, v] of Object.entries(error))
      if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** query options as sent (parsers as a list of type oids whose values stay text) */
function queryOptions(opts) {
  if (!opts) return undefined;
  const parsers = {};
  for (const oid of opts.textTypes ?? []) parsers[oid] = identity;
  return { rowMode: opts.rowMode, parsers };
}

/** A transaction has ended (committed: null, else its error): tell whoever waits on `end`. */
function settle(open, error) {
  open.outcome = { error };
  open.done?.(error);
}

function target(txId) {
  if (!txId) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

async function handle(msg) {
  switch (msg.op) {
    case 'open': {
      // a worker opens one engine at a time; after a close it may be handed the next (a spare)
      if (db && !db.closed) throw new Error('this worker has an open database');
      // a data directory dumped earlier (dumpDataDir) starts the engine with its contents: test
      // suites load one migrated and seeded template instead of migrating and seeding each time
      const loadDataDir = msg.loadDataDir ? new TarBytes(await tarBytes(msg.loadDataDir)) : undefined;
      // the engine compiled once by the process that started this worker (pglite-proxy.ts)
      const engine = workerData.wasmModule
        ? { pgliteWasmModule: workerData.wasmModule, fsBundle: new Blob([workerData.fsBundle]) }
        : {};
      db = await PGlite.create(msg.dataDir, {
        extensions: { btree_gist, pg_trgm },
        loadDataDir,
        ...engine,
      });
      await migrate(drizzle(db), { migrationsFolder: msg.migrationsFolder });
      return null;
    }
    case 'query': {
      const r = await target(msg.tx).query(msg.sql, msg.params ?? [], queryOptions(msg.opts));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const results = await target(msg.tx).exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      const id = nextTx++;
      // resolves once the transaction holds PGlite (BEGIN sent); ends when the main thread says so
      return await new Promise((resolveBegun, rejectBegun) => {
        const open = { tx: undefined, finish: undefined, outcome: undefined, done: undefined };
        db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              open.tx = tx;
              open.finish = (ok) => (ok ? commit(undefined) : rollback(new Error('rolled back')));
              transactions.set(id, open);
              resolveBegun(id);
            }),
        ).then(
          () => settle(open, null),
          (e) => (open.tx ? settle(open, e) : rejectBegun(e)),
        );
      });
    }
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error(`transaction ${msg.tx} is not open`);
      const outcome = new Promise((resolve) => {
        open.done = resolve;
        if (open.outcome) resolve(open.outcome.error);
      });
      open.finish(msg.commit);
      const error = await outcome;
      transactions.delete(msg.tx);
      // a rollback the main thread asked for is not an error; a failed COMMIT is
      if (error && msg.commit) throw error;
      return null;
    }
    case 'listen': {
      if (!listening.has(msg.channel))
        listening.set(
          msg.channel,
          await db.listen(msg.channel, (payload) =>
            port.postMessage({ op: 'notification', channel: msg.channel, payload }),
          ),
        );
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(msg.channel);
      listening.delete(msg.channel);
      if (stop && !db.closed) await stop();
      return null;
    }
    case 'dump': {
      const file = await db.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close': {
      if (db && !db.closed) await db.close();
      // nothing of this engine outlives it: the worker may open another
      db = undefined;
      transactions.clear();
      listening.clear();
      return null;
    }
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

port.on('message', (msg) => {
  handle(msg).then(
    (result) => port.postMessage({ id: msg.id, ok: true, result }),
    (error) => port.postMessage({ id: msg.id, ok: false, error: plainError(error) }),
  );
});
