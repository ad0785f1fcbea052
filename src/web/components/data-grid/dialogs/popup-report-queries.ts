import { queryOptions } from '@tanstack/react-query';
import type { RpColumnsInfo, RpDataPage, RpDataParams, RpQueryItem } from './popup-report-api.ts';

/** Report calls are cached this long (spec §7: cgreport calls cached 30 s). */
export const REPORT_CACHE_MS = 30_000;

/** The three cgreport calls; the client's are in `popup-report-api.ts`. */
export interface ReportFetchers {
  columns(code: string): Promise<RpColumnsInfo>;
  queryInfo(id: string): Promise<RpQueryItem[]>;
  data(id: string, params: RpDataParams): Promise<RpDataPage>;
}

/** Columns and dictionaries of a report code, cached 30 s per code. */
export const rpColumnsQuery = (f: ReportFetchers, code: string) =>
  queryOptions({
    queryKey: ['cgreport', 'columns', code],
    queryFn: () => f.columns(code),
    staleTime: REPORT_CACHE_MS,
  });

/** Search items of a report id, cached 30 s per id. */
export const rpQueryInfoQuery = (f: ReportFetchers, id: string) =>
  queryOptions({
    queryKey: ['cgreport', 'queryInfo', id],
    queryFn: () => f.queryInfo(id),
    staleTime: REPORT_CACHE_MS,
  });

/** One page of report data, cached 30 s per id and parameters. */
export const rpDataQuery = (f: ReportFetchers, id: string, params: RpDataParams) =>
  queryOptions({
    queryKey: ['cgreport', 'data', id, params],
    queryFn: () => f.data(id, params),
    staleTime: REPORT_CACHE_MS,
  });
