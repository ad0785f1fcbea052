import type { WebSocket } from '@fastify/websocket';
import { AUTHENTICATED, type PermissionCode } from '../../shared/permissions.ts';
import type { BusLog, PgBus } from './pg-bus.ts';

/** Who may see a published row: a permission code, or every signed-in user. */
export type RowAudience = PermissionCode | typeof AUTHENTICATED;

/** `data` of an `update_vxe_table` message (jeecg-api.md §9.2). */
export interface VxeUpdate {
  socketKey: string;
  args: [row: object, caseId: string];
}

/** What travels on the bus: the update plus the permission a receiver needs. */
interface VxeEnvelope extends VxeUpdate {
  perm: RowAudience;
}

interface VxeClient {
  userId: string;
  perms: ReadonlySet<string>;
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
 */
export class VxeHub {
  private readonly clients = new Map<WebSocket, VxeClient>();

  constructor(
    private readonly bus: PgBus,
    private readonly log: BusLog,
  ) {}

  /** Start receiving updates from every instance (app ready). */
  async start(): Promise<void> {
    await this.bus.subscribe<VxeEnvelope>(VXE_CHANNEL, (e) => this.deliver(e));
  }

  /** Track an open socket of `userId` holding `perms` until it closes. */
  add(socket: WebSocket, userId: string, perms: ReadonlySet<string>): void {
    this.clients.set(socket, { userId, perms });
    socket.on('close', () => this.clients.delete(socket));
  }

  /** Replace the permission codes of an open socket (refreshed on its heartbeats). */
  updatePerms(socket: WebSocket, perms: ReadonlySet<string>): void {
    const client = this.clients.get(socket);
    if (client) client.perms = perms;
  }

  /** Number of open sockets on this instance (diagnostics, tests). */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Tell every open grid bound to `socketKey`, on every instance, that `row` was saved. Only
   * sockets whose user holds `perm` receive it. `caseId` identifies the saving grid, which skips
   * its own echo. A row too large for NOTIFY is sent as `{id}` only; receivers refetch it.
   * Never rejects: the row is already saved, so a failed broadcast is logged, not reported.
   */
  async publish(
    socketKey: string,
    row: object,
    caseId: string | undefined,
    perm: RowAudience,
  ): Promise<void> {
    const envelope: VxeEnvelope = { socketKey, args: [row, caseId ?? ''], perm };
    const id = (row as { id?: unknown }).id;
    const fallback = (): VxeEnvelope => ({ socketKey, args: [{ id }, caseId ?? ''], perm });
    await this.bus
      .publish(VXE_CHANNEL, envelope, id === undefined ? undefined : fallback)
      .catch((err: unknown) => this.log.error({ err }, `realtime publish of ${socketKey} failed`));
  }

  /**
   * Publish rows a request has just saved, as the list shows them: `load` reads them after the
   * commit. Never rejects: the rows are saved, so a failed read or broadcast is only logged.
   */
  async publishSaved(
    socketKey: string,
    perm: RowAudience,
    caseId: string | undefined,
    load: () => Promise<readonly object[]>,
  ): Promise<void> {
    try {
      for (const row of await load()) await this.publish(socketKey, row, caseId, perm);
    } catch (err) {
      this.log.warn({ err }, `realtime broadcast of saved ${socketKey} rows failed`);
    }
  }

  private deliver(e: VxeEnvelope): void {
    if (typeof e.socketKey !== 'string' || !Array.isArray(e.args) || typeof e.perm !== 'string') {
      this.log.warn('vxe bus: malformed update dropped');
      return;
    }
    const text = JSON.stringify({ type: 'update_vxe_table', data: { socketKey: e.socketKey, args: e.args } });
    for (const [socket, client] of this.clients) {
      if (e.perm !== AUTHENTICATED && !client.perms.has(e.perm)) continue;
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }
}
