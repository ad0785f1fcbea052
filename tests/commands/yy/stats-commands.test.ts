import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/shared/resources/index.ts';
import type { StatsResult } from '../../../src/shared/resources/stats.ts';
import { serverHarness } from '../server-harness.ts';

/**
 * `<name> stats` of every resource declaring `stats`, through the real executor against the real
 * server: every dimension and measure prints the endpoint's groups as a table, under the stats
 * endpoint's permission; the list's filters narrow it; unknown choices are refused before a call.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const STATS = RESOURCES.filter((r) => r.stats);

describe('stats commands', () => {
  it('every declaring resource has one, every dimension × measure prints the endpoint’s groups', async () => {
    expect(STATS.length).toBeGreaterThanOrEqual(2);
    for (const r of STATS) {
      expect(h.registry.get(`${r.decl.name}.stats`), r.decl.name).toBeDefined();
      for (const d of r.stats!.dimensions)
        for (const m of r.stats!.measures) {
          const line = `${r.decl.name} stats ${d.key} --measure ${m.key}`;
          const run = await h.terminal(`${line} --json`);
          expect(run.results[0]?.status, `${line}\n${run.out}`).toBe('ok');
          const api = await h.t.call('GET', r.stats!.endpoint.path, {
            token: h.token,
            query: { dimension: d.key, measure: m.key },
          });
          const expected = (api.body.result as StatsResult).rows;
          expect(JSON.parse(run.out.slice(run.out.indexOf('[')))).toEqual(
            expected.map((x) => ({ label: x.label, value: x.value })),
          );
        }
    }
  });

  it('prints a table with the grain, money with two places, and takes the list filters', async () => {
    const add = await h.terminal('fare add 440300 day 08:00 20:00 3 1234.5 2.35 1500 --enabled true');
    expect(add.results[0]?.status, add.out).toBe('ok');
    const byProvince = await h.terminal('fare stats cityCode --by province --measure baseFare');
    expect(byProvince.results[0]?.status, byProvince.out).toBe('ok');
    expect(byProvince.out).toContain('按省按「城市」统计「起步价合计(元)」');
    expect(byProvince.out).toMatch(/广东省\s+1,234\.50/);
    const filtered = await h.terminal('fare stats period --cityCode 440300');
    expect(filtered.out).toMatch(/白天\s+1/);
    expect(filtered.out).not.toContain('夜间');
    const monthly = await h.terminal('customer stats registerTime --by month');
    expect(monthly.out).toMatch(/\d{4}-\d{2}\s+[\d,]+/);
    h.state.answer = true;
    await h.terminal('fare list --cityCode 440300 | fare delete');
    h.state.answer = false;
  });

  it('refuses an unknown dimension or measure without calling the server', async () => {
    const before = h.calls.length;
    const bad = await h.terminal('goods stats nope');
    expect(bad.results[0]?.status).not.toBe('ok');
    const badMeasure = await h.terminal('goods stats category --measure nope');
    expect(badMeasure.results[0]?.status).not.toBe('ok');
    expect(h.calls.slice(before).filter((c) => c.path.endsWith('/stats'))).toEqual([]);
    expect(bad.out + badMeasure.out).toMatch(/[\u4e00-\u9fa5]/);
  });
});
