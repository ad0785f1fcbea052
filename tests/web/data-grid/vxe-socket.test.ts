import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VxeSocket,
  vxeSocketUrl,
  type SocketLike,
  type VxeSocketDeps,
} from '../../../src/web/components/data-grid/realtime/vxe-socket.ts';

/** A WebSocket stand-in: records what was sent, lets the test play the server. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  reply(message: unknown) {
    this.raw(JSON.stringify(message));
  }
  raw(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  closedByServer(code = 1006) {
    this.onclose?.(Object.assign(new Event('close'), { code }) as CloseEvent);
  }
  heartbeats() {
    return this.sent.filter((s) => JSON.parse(s).type === 'heart_beat').length;
  }
}

const deps: VxeSocketDeps = {
  WebSocket: FakeSocket,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
const HB = { type: 'heart_beat', data: true };
const update = (socketKey: string, row: object, caseId = '') => ({
  type: 'update_vxe_table',
  data: { socketKey, args: [row, caseId] },
});
const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

let socket: VxeSocket;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  socket = new VxeSocket('ws://h/jeecg-boot/vxeSocket/u1/p1', 'tok', {}, deps);
});
afterEach(() => {
  socket.dispose();
  vi.useRealTimers();
});

describe('VxeSocket timing', () => {
  it('connects once with the token as sub-protocol', () => {
    socket.connect();
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().protocols).toEqual(['tok']);
    expect(latest().url).toBe('ws://h/jeecg-boot/vxeSocket/u1/p1');
  });

  it('sends heart_beat on open and again 10 s after each reply', () => {
    socket.connect();
    const ws = latest();
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ type: 'heart_beat', data: '' })]);
    ws.reply(HB);
    vi.advanceTimersByTime(9_999);
    expect(ws.heartbeats()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(ws.heartbeats()).toBe(2);
    ws.reply(HB);
    vi.advanceTimersByTime(10_000);
    expect(ws.heartbeats()).toBe(3);
    expect(ws.closed).toBe(false);
  });

  it('closes and reconnects 5 s later when no reply comes within 6 s', () => {
    socket.connect();
    const first = latest();
    first.open();
    vi.advanceTimersByTime(5_999);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().heartbeats()).toBe(1);
  });

  it('does not retry a refused socket (4401 bad token, 4403 another user)', () => {
    for (const code of [4401, 4403]) {
      const s = new VxeSocket('ws://h/jeecg-boot/vxeSocket/u1/p1', 'tok', {}, deps);
      const before = FakeSocket.all.length;
      s.connect();
      latest().closedByServer(code);
      vi.advanceTimersByTime(60_000);
      expect(FakeSocket.all).toHaveLength(before + 1);
      s.connect();
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
  });

  it('reconnects 5 s after an error or a close, once per failure', () => {
    socket.connect();
    latest().fail();
    latest().closedByServer();
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    latest().closedByServer();
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('a duplicate reply does not start a second heartbeat chain', () => {
    socket.connect();
    const ws = latest();
    ws.open();
    ws.reply(HB);
    ws.reply(HB);
    vi.advanceTimersByTime(10_000);
    expect(ws.heartbeats()).toBe(2);
  });

  it('stops everything on dispose', () => {
    socket.connect();
    latest().open();
    socket.dispose();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('VxeSocket dispatch', () => {
  it('hands rows to the grids of their socketKey, skipping the grid that saved them', () => {
    const mine = vi.fn();
    const other = vi.fn();
    const elsewhere = vi.fn();
    socket.listen('sys_position', 'case-mine', mine);
    socket.listen('sys_position', 'case-other', other);
    const stop = socket.listen('sys_user', 'case-x', elsewhere);
    socket.connect();
    const ws = latest();
    ws.open();
    ws.reply(update('sys_position', { id: 'p1' }, 'case-mine'));
    expect(mine).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledWith({ id: 'p1' }, 'case-mine');
    expect(elsewhere).not.toHaveBeenCalled();
    ws.reply(update('sys_position', { id: 'p2' }));
    expect(mine).toHaveBeenCalledWith({ id: 'p2' }, '');
    stop();
    ws.reply(update('sys_user', { id: 'u1' }));
    expect(elsewhere).not.toHaveBeenCalled();
    expect(socket.listeners).toBe(2);
  });

  it('ignores malformed frames and passes common_send_date to its handler', () => {
    const onCommon = vi.fn();
    const listener = vi.fn();
    const s = new VxeSocket('ws://x', null, { onCommon }, deps);
    s.listen('k', 'c', listener);
    s.connect();
    const ws = latest();
    expect(ws.protocols).toBeUndefined();
    ws.raw('not json');
    ws.reply({ type: 'update_vxe_table', data: { socketKey: 'k', args: ['not a row'] } });
    ws.reply({ type: 'update_vxe_table', data: null });
    ws.reply({ type: 'common_send_date', data: { key: 'refresh', args: [1] } });
    expect(listener).not.toHaveBeenCalled();
    expect(onCommon).toHaveBeenCalledWith('refresh', [1]);
    s.dispose();
  });
});

describe('vxeSocketUrl', () => {
  const page = { protocol: 'https:', host: 'care.example.com' };
  it('resolves a path base against the page and switches to ws(s)', () => {
    expect(vxeSocketUrl('/jeecg-boot', 'u 1', 'p1', page)).toBe(
      'wss://care.example.com/jeecg-boot/vxeSocket/u%201/p1',
    );
    expect(vxeSocketUrl('/jeecg-boot/', 'u1', 'p1', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/jeecg-boot/vxeSocket/u1/p1',
    );
  });
  it('keeps the host of an absolute base', () => {
    expect(vxeSocketUrl('http://10.0.0.2:8080/jeecg-boot', 'u1', 'p1', page)).toBe(
      'ws://10.0.0.2:8080/jeecg-boot/vxeSocket/u1/p1',
    );
    expect(vxeSocketUrl('HTTPS://api.example.com/jeecg-boot', 'u1', 'p1', page)).toBe(
      'wss://api.example.com/jeecg-boot/vxeSocket/u1/p1',
    );
  });
});
