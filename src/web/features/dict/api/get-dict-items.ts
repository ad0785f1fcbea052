import type { Page } from '../../../../shared/api.ts';
import { DICT_ITEMS_MAX } from '../../../../shared/dict-admin.ts';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** The items of one dictionary in sort order (GET /sys/dictItem/list). */
export const dictItemsQuery = (dictId: string) => ({
  queryKey: ['dicts', 'items', dictId],
  queryFn: () =>
    callTo<Page<Record<string, unknown>>>(ENDPOINTS.dictItem.list, {
      query: { dictId, pageSize: DICT_ITEMS_MAX },
    }).then((p) => p.records),
  staleTime: 0,
});
