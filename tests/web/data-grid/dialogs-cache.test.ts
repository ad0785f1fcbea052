import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REPORT_CACHE_MS,
  rpColumnsQuery,
  rpDataQuery,
  type ReportFetchers,
} from '../../../src/web/components/data-grid/dialogs/popup-report-queries.ts';

function counting() {
  const calls: string[] = [];
  const fetchers: ReportFetchers = {
    columns: async (code) => {
      calls.push(`columns:${code}`);
      return { columns: [], dictOptions: {}, cgRpConfigId: `id-${code}`, cgRpConfigName: code };
    },
    queryInfo: async (id) => {
      calls.push(`queryInfo:${id}`);
      return [];
    },
    data: async (id, params) => {
      calls.push(`data:${id}:${JSON.stringify(params)}`);
      return { total: 0, records: [] };
    },
  };
  return { calls, fetchers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('report cache (spec §7: 30 s)', () => {
  it('serves a code from the cache for 30 s, then asks the server again', async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    const { calls, fetchers } = counting();
    expect(REPORT_CACHE_MS).toBe(30_000);
    await qc.fetchQuery(rpColumnsQuery(fetchers, 'user_select'));
    vi.advanceTimersByTime(REPORT_CACHE_MS - 1);
    await qc.fetchQuery(rpColumnsQuery(fetchers, 'user_select'));
    expect(calls).toEqual(['columns:user_select']);
    vi.advanceTimersByTime(2);
    await qc.fetchQuery(rpColumnsQuery(fetchers, 'user_select'));
    expect(calls).toEqual(['columns:user_select', 'columns:user_select']);
    qc.clear();
  });

  it('caches per code and per data parameters', async () => {
    const qc = new QueryClient();
    const { calls, fetchers } = counting();
    await qc.fetchQuery(rpColumnsQuery(fetchers, 'user_select'));
    await qc.fetchQuery(rpColumnsQuery(fetchers, 'depart_select'));
    await qc.fetchQuery(rpDataQuery(fetchers, 'r1', { pageNo: 1 }));
    await qc.fetchQuery(rpDataQuery(fetchers, 'r1', { pageNo: 2 }));
    await qc.fetchQuery(rpDataQuery(fetchers, 'r1', { pageNo: 1 }));
    expect(calls).toEqual([
      'columns:user_select',
      'columns:depart_select',
      'data:r1:{"pageNo":1}',
      'data:r1:{"pageNo":2}',
    ]);
    qc.clear();
  });
});
