import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKPLACE_PENDING, type WorkplaceSection } from '../../../src/shared/stats/workplace.ts';
import { serverHarness } from '../server-harness.ts';

/**
 * `workplace` (工作台 in the terminal), through the real executor against the real server: the
 * same sections and counts as the endpoint, one record a waiting row (its id and command), and a
 * section's rows piped into the section's own command act on exactly them.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('workplace command', () => {
  it('prints the endpoint’s sections, and its rows pipe into their command', async () => {
    const api = await h.t.call('GET', WORKPLACE_PENDING.path, { token: h.token });
    const sections = api.body.result as WorkplaceSection[];
    expect(sections.length).toBeGreaterThan(0);
    const run = await h.terminal('workplace');
    expect(run.results[0]?.status, run.out).toBe('ok');
    for (const s of sections) expect(run.out).toContain(`${s.title} ${s.count}`);
    const json = await h.terminal('workplace --json');
    const rows = JSON.parse(json.out.slice(json.out.indexOf('['))) as Array<{ command: string }>;
    expect(rows.map((r) => r.command).filter(Boolean)).toEqual(
      sections.flatMap((s) => s.items.map((i) => `${s.command} ${i.id}`)),
    );
    const withdrawals = sections.find((s) => s.key === 'withdrawals')!;
    expect(withdrawals.count).toBeGreaterThan(0);
    const piped = await h.terminal('workplace --section withdrawals | head 1 | withdraw approve --dryRun');
    expect(piped.results.at(-1)?.status, piped.out).toBe('ok');
    expect(piped.out).toContain(withdrawals.items[0]!.label);
  });
});
