import { afterEach, describe, expect, it } from 'vitest';
import { hiddenFields, storedAuth } from '../../../src/web/components/data-grid/list/column-auth.ts';
import { toColDefs } from '../../../src/web/components/data-grid/list/column-defs.ts';
import type { ListColumn } from '../../../src/web/components/data-grid/list/types.ts';
import { SESSION_KEYS } from '../../../src/web/lib/storage.ts';

/** A permission entry as the server sends it (type "1" field, "2" button). */
const field = (action: string, status?: string) => ({ action, type: '1', ...(status ? { status } : {}) });
const button = (action: string, status = '1') => ({ action, type: '2', status });

const sorted = (s: Set<string>) => [...s].sort();

describe('column permissions (spec §6)', () => {
  const allAuth = [field('user:phone', '1'), field('user:email', '1'), field('position:rank', '1')];

  it('hides a field right of the table prefix that the system enables and the caller lacks', () => {
    expect(sorted(hiddenFields('user:', [], allAuth))).toEqual(['email', 'phone']);
    expect(sorted(hiddenFields('user:', [field('user:phone')], allAuth))).toEqual(['email']);
    expect(sorted(hiddenFields('user:', [field('user:phone'), field('user:email')], allAuth))).toEqual([]);
  });

  it('only looks at actions starting with the prefix', () => {
    expect(sorted(hiddenFields('position:', [], allAuth))).toEqual(['rank']);
    // "users:" / "use" are different prefixes: nothing of user: leaks into them
    expect(sorted(hiddenFields('users:', [], [...allAuth, field('users:age', '1')]))).toEqual(['age']);
    expect(sorted(hiddenFields('dict:', [], allAuth))).toEqual([]);
  });

  it('ignores button rights (type "2") in the system list', () => {
    expect(sorted(hiddenFields('user:', [], [button('user:add'), button('user:phone')]))).toEqual([]);
  });

  it('a caller right counts only as a field right: a button entry of the same action still hides', () => {
    expect(sorted(hiddenFields('user:', [button('user:phone')], [field('user:phone', '1')]))).toEqual([
      'phone',
    ]);
  });

  it('status "0" in the system list leaves the column open to everyone; no status counts as enabled', () => {
    expect(sorted(hiddenFields('user:', [], [field('user:phone', '0')]))).toEqual([]);
    expect(sorted(hiddenFields('user:', [], [field('user:phone')]))).toEqual(['phone']);
    // one enabled entry is enough even when another entry of the action is disabled
    expect(sorted(hiddenFields('user:', [], [field('user:phone', '0'), field('user:phone', '1')]))).toEqual([
      'phone',
    ]);
  });

  it('toColDefs leaves the hidden columns out of the list (by sort field, or authField)', () => {
    type Row = { id: string; username: string; phone: string; email: string; sex_dictText: string };
    const columns: Array<ListColumn<Row>> = [
      { field: 'username', title: '用户账号' },
      { field: 'phone', title: '手机号码' },
      { field: 'email', title: '邮箱', authField: 'mail' },
      { field: 'sex_dictText', title: '性别' },
    ];
    const hidden = hiddenFields(
      'user:',
      [],
      [field('user:phone', '1'), field('user:mail', '1'), field('user:sex', '1')],
    );
    expect(toColDefs(columns, hidden).map((c) => c.headerName)).toEqual(['用户账号']);
    expect(toColDefs(columns, new Set()).map((c) => c.headerName)).toEqual([
      '用户账号',
      '手机号码',
      '邮箱',
      '性别',
    ]);
  });
});

describe('stored rights', () => {
  const original = (globalThis as { sessionStorage?: Storage }).sessionStorage;
  afterEach(() => {
    (globalThis as { sessionStorage?: Storage }).sessionStorage = original;
  });

  const fakeStorage = (items: Record<string, string>) =>
    ({ getItem: (k: string) => items[k] ?? null }) as unknown as Storage;

  it('reads auth and allAuth written at sign-in, and treats missing or broken values as empty', () => {
    (globalThis as { sessionStorage?: Storage }).sessionStorage = fakeStorage({
      [SESSION_KEYS.auth]: JSON.stringify([field('user:phone')]),
      [SESSION_KEYS.allAuth]: '{not json',
    });
    expect(storedAuth()).toEqual({ auth: [field('user:phone')], allAuth: [] });
    (globalThis as { sessionStorage?: Storage }).sessionStorage = fakeStorage({
      [SESSION_KEYS.allAuth]: JSON.stringify({ action: 'not-a-list' }),
    });
    expect(storedAuth()).toEqual({ auth: [], allAuth: [] });
  });
});
