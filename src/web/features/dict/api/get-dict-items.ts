import type { Page } from '../../../../shared/api.ts';
import { call } from '../../../lib/api-client.ts';

/** The most items one dictionary shows (the item grid edits them all at once; saveBatch takes 1000). */
export const MAX_DICT_ITEMS = 1000;

/** The items of one dictionary in sort order (GET /sys/dictItem/list). */
export const dictItemsQuery = (dictId: string) => ({
  queryKey: ['dicts', 'items', dictId],
  queryFn: () =>
    call<Page<Record<string, unknown>>>('GET', '/sys/dictItem/list', {
      query: { dictId, pageSize: MAX_DICT_ITEMS },
    }).then((p) => p.records),
  staleTime: 0,
});
