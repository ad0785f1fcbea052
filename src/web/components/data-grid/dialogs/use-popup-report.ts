import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictText } from './pick-table-model.ts';
import type { PickColumn } from './pick-table.tsx';
import { popupInitFailed } from './popup-config.ts';
import { reportFetchers, type RpDataParams } from './popup-report-api.ts';
import { rpColumnsQuery, rpDataQuery, rpQueryInfoQuery } from './popup-report-queries.ts';

/**
 * A popup report by code: its columns (dictionary values translated through `dictOptions`), its
 * search items and its id, each cached 30 s. `error` is the spec §8 message when loading failed.
 */
export function usePopupReport(code: string, enabled = true) {
  const columnsQ = useQuery({ ...rpColumnsQuery(reportFetchers, code), enabled: enabled && Boolean(code) });
  const info = columnsQ.data;
  const id = info?.cgRpConfigId ?? '';
  const queryQ = useQuery({ ...rpQueryInfoQuery(reportFetchers, id), enabled: enabled && Boolean(id) });
  const columns = useMemo<PickColumn[]>(
    () =>
      (info?.columns ?? []).map((c) => {
        const dict = c.customRender ? info?.dictOptions[c.customRender] : undefined;
        return {
          title: c.title,
          dataIndex: c.dataIndex,
          sortable: c.sorter === true || c.sorter === 'true',
          ...(dict ? { text: (row: Record<string, unknown>) => dictText(dict, row[c.dataIndex]) } : {}),
        };
      }),
    [info],
  );
  const failure = columnsQ.error ?? queryQ.error;
  return {
    id,
    info,
    columns,
    queryItems: queryQ.data ?? [],
    loading: columnsQ.isLoading || queryQ.isLoading,
    error: failure ? popupInitFailed(failure) : null,
  };
}

/** One page of a report's data (kept on screen while the next page loads). */
export function useReportData(id: string, params: RpDataParams) {
  return useQuery({
    ...rpDataQuery(reportFetchers, id, params),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
