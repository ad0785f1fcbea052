import { describe, expect, it } from 'vitest';
import { listPage } from '../../commands/grid/page-list.ts';
import type { CommandContext } from '../../commands/core/types.ts';

/** The terminal's list summary says when the server's total is an estimate of a long list. */
const ctxAnswering = (page: object) => ({ api: { get: async () => page } }) as unknown as CommandContext;
const page = (extra: object) => ({
  records: [{ id: '1' }],
  total: 1234,
  current: 1,
  pages: 124,
  size: 10,
  ...extra,
});

describe('listPage', () => {
  it('says 共 for an exact total and 约 for an estimated one, with thousands separators (spec §9)', async () => {
    const exact = await listPage(ctxAnswering(page({})), '/x/list', [], { page: 1, pageSize: 10 });
    expect(exact.message).toBe('共 1,234 条，第 1/124 页');
    const estimated = await listPage(ctxAnswering(page({ totalEstimated: true })), '/x/list', [], {
      page: 1,
      pageSize: 10,
    });
    expect(estimated.message).toBe('约 1,234 条，第 1/124 页');
  });
});
