import { inLane } from '../../db/priority-pool.ts';
import type { WebSocket } from '@fastify/websocket';
import { AUTHENTICATED, type PermissionCode } from '../../../shared/permissions.ts';
import type { BusLog, PgBus } from './pg-bus.ts';

/** Who may see a published row: a permission code, or every signed-in user. */
export type RowAudience = PermissionCode | typeof AUTHENTICATED;

/** `data` of an `update_vxe_table` message (jeecg-api.md §9.2). */
export interface VxeUpdate {
  socketKey: string;
  args: [row: object, caseId: string];
}

/** One update on the bus: the update plus the permission a receiver needs. */
interface VxeEnvelope extends VxeUpdate {
  perm: RowAudience;
  /**
   * the row's tenants (src/server/lib/access/tenant-scope.ts): only sockets reaching one of them receive
   * it; absent: a row of no tenant-owned kind, for every holder of `perm`
   */
  tenants?: number[];
  /**
   * field rights of the row (src/shared/auth-rules.ts): code → the row's keys a socket whose user
   * lacks the code does not receive
   */
  hiddenBy?: Record<string, string[]>;
  /**
   * the menu (component) whose data rules narrow the row's list: a socket whose user holds rules
   * there receives a reload row instead, and refetches the list through its rules
   */
  ruleMenu?: string;
  /**
   * the row's partner (src/server/lib/access/partner-scope.ts), present for a partner-owned kind:
   * a socket of a partner's staff receives it only when it is their partner's (null: no partner's)
   */
  partner?: string | null;
}

/** Who may receive a saved row beyond its permission: its tenants, partner, field rights and data rules. */
export interface RowReach {
  tenantsOf?: (row: object) => number[];
  /** the partner a row of a partner-owned kind belongs to (null: none) */
  partnerOf?: (row: object) => string | null;
  hiddenBy?: Record<string, string[]>;
  /** the menu component whose data rules narrow the row's list (`RuleTarget.component`) */
  ruleMenu?: string;
}

/** What one NOTIFY carries: the updates of one flush, in publish order. */
interface VxeBatch {
  batch: VxeEnvelope[];
}

/**
 * A row that stands for "reload": receivers refetch their list (an id-less row is one no grid
 * shows). Sent in place of the rows of a socket key that did not fit a flush (queue or payload).
 */
const RELOAD_ROW = {};

/** Publishing: at most one NOTIFY per this many ms per instance, whatever the save rate. */
export const FLUSH_INTERVAL_MS = 50;
/** Rows waiting to be published at most; past it a socket key's further rows become one reload. */
export const MAX_QUEUED = 200;
/** Bytes of one NOTIFY's JSON the batches are packed to (PostgreSQL's limit is 8000). */
const BATCH_BYTES = 7600;

/** A save waiting to be published: its rows are read when the batch leaves. */
interface Queued {
  socketKey: string;
  perm: RowAudience;
  caseId: string;
  load: () => Promise<readonly object[]>;
  reach?: RowReach;
}

interface VxeClient {
  userId: string;
  perms: ReadonlySet<string>;
  /** which tenants' rows the socket's user reaches (`all`: every tenant) */
  tenants: 'all' | readonly number[];
  /**
   * the menus (components) on which the socket's user holds data rules; null until known, when
   * every row of a list with rules arrives as a reload row
   */
  ruleBound: ReadonlySet<string> | null;
  /** the partner the socket's user is staff of (null: not bound to a partner) */
  partnerId: string | null;
}

/** Bus channel of realtime-grid row updates. */
export const VXE_CHANNEL = 'care_vxe';

/** Request header naming the saving grid's `caseId` (the web client's `useVxeSocket`). */
export const VXE_CASE_ID_HEADER = 'x-vxe-case-id';

/** The `caseId` a save request carries, if it is a plausible id (else undefined). */
export function requestCaseId(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[VXE_CASE_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * The realtime-grid sockets (`/vxeSocket/{userId}/{pageId}`) of this instance (`app.realtime`).
 * `publish` goes through the bus; every instance hands the row to its own sockets whose user
 * holds the row's permission (captured when the socket connected).
 *
 * Publishing never delays an answer (issue #14): a save only queues its row (`publishSaved`), and
 * a flusher sends what is queued at most every `FLUSH_INTERVAL_MS` as ONE notification (rows read
 * after the commit, packed below the NOTIFY size limit; a row too large alone goes as its id). The
 * queue holds at most `MAX_QUEUED` saves; a socket key with rows that do not fit the queue or the
 * payload is sent as one reload row instead of its rows, on which receivers refetch. So a burst of
 * any size sends at most one notification per interval per instance.
 */
export class VxeHub {
  private readonly clients = new Map<WebSocket, VxeClient>();
  private readonly queue: Queued[] = [];
  /** socket keys whose rows overflowed the queue since the last flush: key → audience */
  private readonly overflowed = new Map<string, RowAudience>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastFlush = 0;
  private closed = false;

  constructor(
    private readonly bus: PgBus,
    private readonly log: BusLog,
  ) {}

  /** Start receiving updates from every instance (app ready). */
  async start(): Promise<void> {
    await this.bus.subscribe<VxeBatch>(VXE_CHANNEL, (b) => {
      if (!b || !Array.isArray(b.batch)) {
        this.log.warn('vxe bus: malformed batch dropped');
        return;
      }
      for (const e of b.batch) this.deliver(e);
    });
  }

  /**
   * Track an open socket of `userId` holding `perms` until it closes; `ruleBound`: the menus on
   * which the user holds data rules (unknown: every row of a list with rules comes as a reload row).
   */
  add(
    socket: WebSocket,
    userId: string,
    perms: ReadonlySet<string>,
    tenants: 'all' | readonly number[] = 'all',
    ruleBound: ReadonlySet<string> | null = null,
    partnerId: string | null = null,
  ): void {
    this.clients.set(socket, { userId, perms, tenants, ruleBound, partnerId });
    socket.on('close', () => this.clients.delete(socket));
  }

  /**
   * Replace the permission codes, tenants and rule-bound menus of an open socket (refreshed on its
   * heartbeats and on every change to grants).
   */
  updateAccess(
    socket: WebSocket,
    perms: ReadonlySet<string>,
    tenants: 'all' | readonly number[],
    ruleBound: ReadonlySet<string>,
    partnerId?: string | null,
  ): void {
    const client = this.clients.get(socket);
    if (!client) return;
    if (partnerId !== undefined) client.partnerId = partnerId;
    client.perms = perms;
    client.tenants = tenants;
    client.ruleBound = ruleBound;
  }

  /** Number of open sockets on this instance (diagnostics, tests). */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Tell every open grid bound to `socketKey`, on every instance, that `row` was saved. Only
   * sockets whose user holds `perm` receive it. `caseId` identifies the saving grid, which skips
   * its own echo. Queued: resolves at once; the row leaves with the next flush.
   */
  async publish(
    socketKey: string,
    row: object,
    caseId: string | undefined,
    perm: RowAudience,
  ): Promise<void> {
    this.enqueue({ socketKey, perm, caseId: caseId ?? '', load: async () => [row] });
  }

  /**
   * Publish rows a request has just saved, as the list shows them: `load` reads them after the
   * commit, when the batch leaves. Resolves at once; a failed read or broadcast is only logged.
   */
  async publishSaved(
    socketKey: string,
    perm: RowAudience,
    caseId: string | undefined,
    load: () => Promise<readonly object[]>,
    reach?: RowReach,
  ): Promise<void> {
    this.enqueue({ socketKey, perm, caseId: caseId ?? '', load, ...(reach ? { reach } : {}) });
  }

  /** Resolves once everything queued so far has been sent (tests, shutdown). */
  async flushed(): Promise<void> {
    while (this.queue.length || this.overflowed.size || this.flushing || this.timer) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.flushing = this.flush();
      }
      await this.flushing;
    }
  }

  /** Send what is queued and stop publishing (app close). */
  async close(): Promise<void> {
    await this.flushed().catch(() => undefined);
    this.closed = true;
  }

  private enqueue(item: Queued): void {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUED || this.overflowed.has(item.socketKey))
      this.overflowed.set(item.socketKey, item.perm);
    else this.queue.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const wait = Math.max(0, this.lastFlush + FLUSH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      // background work: its statements wait behind requests' (src/server/db/priority-pool.ts)
      this.flushing = inLane('read', () => this.flush());
    }, wait);
    this.timer.unref();
  }

  /** One flush: read the queued rows, pack them (and reload rows) into one notification. */
  private async flush(): Promise<void> {
    this.lastFlush = Date.now();
    const items = this.queue.splice(0);
    const reload = new Map(this.overflowed);
    this.overflowed.clear();
    try {
      const batch: VxeEnvelope[] = [];
      let bytes = 16;
      for (const item of items) {
        if (reload.has(item.socketKey)) continue;
        let rows: readonly object[];
        try {
          rows = await item.load();
        } catch (err) {
          this.log.warn({ err }, `realtime broadcast of saved ${item.socketKey} rows failed`);
          reload.set(item.socketKey, item.perm);
          continue;
        }
        for (const row of rows) {
          let e: VxeEnvelope = {
            socketKey: item.socketKey,
            args: [row, item.caseId],
            perm: item.perm,
            ...(item.reach?.tenantsOf ? { tenants: item.reach.tenantsOf(row) } : {}),
            ...(item.reach?.hiddenBy && Object.keys(item.reach.hiddenBy).length
              ? { hiddenBy: item.reach.hiddenBy }
              : {}),
            ...(item.reach?.ruleMenu ? { ruleMenu: item.reach.ruleMenu } : {}),
            ...(item.reach?.partnerOf ? { partner: item.reach.partnerOf(row) } : {}),
          };
          let size = Buffer.byteLength(JSON.stringify(e)) + 1;
          // a row too large for any notification goes as its id only: receivers refetch it
          const id = (row as { id?: unknown }).id;
          if (size > BATCH_BYTES / 2 && id !== undefined) {
            this.log.warn(`bus ${VXE_CHANNEL}: a ${item.socketKey} row of ${size} bytes sent as its id`);
            e = { ...e, args: [{ id }, item.caseId] };
            size = Buffer.byteLength(JSON.stringify(e)) + 1;
          }
          // reload rows for every key must still fit: keep ~100 bytes per key free
          if (bytes + size + 100 * (reload.size + 1) > BATCH_BYTES) {
            reload.set(item.socketKey, item.perm);
            break;
          }
          batch.push(e);
          bytes += size;
        }
      }
      // a key that overflowed gets a reload row after its rows (receivers refetch then)
      const kept = batch.filter((e) => !reload.has(e.socketKey));
      for (const [socketKey, perm] of reload) kept.push({ socketKey, args: [RELOAD_ROW, ''], perm });
      if (kept.length) await this.bus.publish(VXE_CHANNEL, { batch: kept } satisfies VxeBatch);
    } catch (err) {
      this.log.error({ err }, 'realtime publish failed');
    } finally {
      this.flushing = null;
      if (this.queue.length || this.overflowed.size) this.schedule();
    }
  }

  private deliver(e: VxeEnvelope): void {
    if (typeof e?.socketKey !== 'string' || !Array.isArray(e.args) || typeof e.perm !== 'string') {
      this.log.warn('vxe bus: malformed update dropped');
      return;
    }
    const message = (args: VxeUpdate['args']) =>
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: e.socketKey, args } });
    const text = message(e.args);
    const hiddenBy = e.hiddenBy && typeof e.hiddenBy === 'object' ? Object.entries(e.hiddenBy) : [];
    for (const [socket, client] of this.clients) {
      if (e.perm !== AUTHENTICATED && !client.perms.has(e.perm)) continue;
      const { tenants } = client;
      if (e.tenants !== undefined && tenants !== 'all') {
        if (!Array.isArray(e.tenants) || !e.tenants.some((t) => tenants.includes(t))) continue;
      }
      // a partner's staff receive only their partner's rows of a partner-owned kind
      if (e.partner !== undefined && client.partnerId && e.partner !== client.partnerId) continue;
      if (socket.readyState !== socket.OPEN) continue;
      // a list the socket's user sees through data rules: the row may be one they may not see
      if (typeof e.ruleMenu === 'string' && (client.ruleBound === null || client.ruleBound.has(e.ruleMenu))) {
        socket.send(message([RELOAD_ROW, e.args[1]]));
        continue;
      }
      // the fields whose rights the socket's user lacks are not sent to it
      const drop = hiddenBy.filter(([code]) => !client.perms.has(code)).flatMap(([, keys]) => keys);
      if (!drop.length) {
        socket.send(text);
        continue;
      }
      const row: Record<string, unknown> = { ...(e.args[0] as Record<string, unknown>) };
      for (const key of drop) delete row[key];
      socket.send(message([row, e.args[1]]));
    }
  }
}
