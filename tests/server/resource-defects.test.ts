import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Regressions of the defects found on shipped screens (issue 22): each case failed before the
 * generic resource layer was fixed.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => t.call(method, path, { token: admin, ...opts });

const first = async (path: string, query: Record<string, string>) =>
  (await call('GET', `${path}/list`, { query })).body.result.records[0] as Record<string, unknown>;

describe('1. announcement start and end times', () => {
  it.each([
    ['2026-11-26 10:00:00', '2026-11-27 18:30:00', '2026-11-26 10:00:00', '2026-11-27 18:30:00'],
    ['2026-11-26T10:00:00', '2026-11-27T18:30', '2026-11-26 10:00:00', '2026-11-27 18:30:00'],
    ['2026-11-26 10:00', '2026-11-27 18:30:59', '2026-11-26 10:00:00', '2026-11-27 18:30:59'],
  ])('adds and edits with %s … %s', async (startTime, endTime, shownStart, shownEnd) => {
    const titile = `通告${startTime}`;
    const add = await call('POST', '/sys/annountCement/add', {
      body: {
        titile,
        msgContent: '<p>x</p>',
        priority: 'L',
        msgCategory: '1',
        msgType: 'ALL',
        startTime,
        endTime,
      },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ success: true });
    const row = await first('/sys/annountCement', { titile });
    expect(row).toMatchObject({ startTime: shownStart, endTime: shownEnd });
    const edit = await call('PUT', '/sys/annountCement/edit', {
      body: { id: row.id, startTime: endTime, endTime: '2026-12-01 08:00:00' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true });
    const shown = (await call('GET', '/sys/annountCement/queryById', { query: { id: String(row.id) } })).body
      .result;
    expect(shown).toMatchObject({ startTime: shownEnd, endTime: '2026-12-01 08:00:00' });
  });
});
