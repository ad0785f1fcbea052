/**
 * 工作台 (GET /yy/ht/yyBasic/workplace): for 管理员, 运营专员 and 财务出纳 (seeded roles) and a
 * user without business codes, the sections answered are exactly those whose list and action codes
 * the caller holds, and each section's count and rows are the rows its list shows filtered by the
 * waiting state (same reach: tenant, partner, data rules), oldest first, at most WORKPLACE_ITEMS.
 * A partner's staff see their partner's rows only; a data rule hiding rows hides them here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { RESOURCES } from '../../../src/shared/resources/index.ts';
import { STATEMENT_GENERATE } from '../../../src/shared/resources/statement.ts';
import {
  WORKPLACE_ITEMS,
  WORKPLACE_PENDING,
  WORKPLACE_SECTIONS,
  sectionCodes,
  type WorkplaceSection,
} from '../../../src/shared/stats/workplace.ts';

let t: TestApp;
const token: Record<string, string> = {};
const USERS = ['admin', 'yunying', 'caiwu', 'yuangong'] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of USERS) token[u] = await t.login(u);
  // the seed's statements are confirmed or settled: this month's, generated now, wait as drafts
  const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
  const gen = await t.call('POST', STATEMENT_GENERATE.path, { token: token.caiwu, body: { period: month } });
  expect(gen.body.success, JSON.stringify(gen.body)).toBe(true);
  expect(gen.body.result.statements).toBeGreaterThan(0);
});
afterAll(async () => t?.close());

const resourceOf = (name: string) => RESOURCES.find((r) => r.decl.name === name)!;

async function codesOf(who: string): Promise<Set<string>> {
  const r = await t.call('GET', ENDPOINTS.auth.permissions.path, { token: token[who] });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const auth = r.body.result.auth as Array<{ action: string }>;
  return new Set(auth.flatMap((a) => a.action.split(',')));
}

describe('工作台', () => {
  for (const who of USERS) {
    it(`${who}: the sections of the codes held, each count the rows of its list in the waiting state`, async () => {
      const r = await t.call('GET', WORKPLACE_PENDING.path, { token: token[who] });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
      const sections = r.body.result as WorkplaceSection[];
      const codes = await codesOf(who);
      const expected = WORKPLACE_SECTIONS.filter((d) => {
        const need = sectionCodes(d);
        return codes.has(need.list) && codes.has(need.action);
      }).map((d) => d.key);
      expect(sections.map((s) => s.key)).toEqual(expected);
      if (who === 'admin') expect(expected.length, JSON.stringify(expected)).toBe(WORKPLACE_SECTIONS.length);
      if (who === 'yuangong') expect(expected).toEqual([]);
      if (who === 'caiwu') expect(expected).toEqual(expect.arrayContaining(['withdrawals', 'statements']));
      for (const s of sections) {
        const def = WORKPLACE_SECTIONS.find((d) => d.key === s.key)!;
        const list = await t.call('GET', resourceOf(def.resource).endpoints.list.path, {
          token: token[who],
          query: { status: def.status, pageSize: '1000' },
        });
        expect(list.body.success, JSON.stringify(list.body)).toBe(true);
        const rows = list.body.result.records as Array<{ id: string }>;
        expect(s.count, `${who} ${s.key}`).toBe(list.body.result.total);
        expect(s.count, `${who} ${s.key}`).toBe(rows.length);
        expect(s.items.length).toBe(Math.min(WORKPLACE_ITEMS, rows.length));
        const ids = new Set(rows.map((x) => x.id));
        for (const item of s.items) expect(ids.has(item.id), `${s.key} ${item.id}`).toBe(true);
        const times = s.items.map((i) => i.time ?? '');
        expect(times).toEqual([...times].sort());
        expect(s.command).toBe(`${def.resource}.${def.action}`);
      }
    });
  }

  it("work waits in every section for 管理员 (the seed, and this month's statements as drafts)", async () => {
    const r = await t.call('GET', WORKPLACE_PENDING.path, { token: token.admin });
    const sections = r.body.result as WorkplaceSection[];
    for (const s of sections) expect(s.count, s.key).toBeGreaterThan(0);
  });

  it('refuses a caller without a token', async () => {
    const r = await t.call('GET', WORKPLACE_PENDING.path);
    expect(r.status).toBe(401);
  });
});
