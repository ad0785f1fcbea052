import type { Page } from '../../../../shared/api.ts';
import { DICT_ITEMS_MAX } from '../../../../shared/dict-admin.ts';
import { call } from '../../../lib/api-client.ts';

/** The items of one dictionary in sort order (GET /sys/dictItem/list). */
export const dictItemsQuery = (dictId: string) => ({
  queryKey: ['dicts', 'items', dictId],
  queryFn: () =>
    call<Page<Record<string, unknown>>>('GET', '/sys/dictItem/list', {
      query: { dictId, pageSize: DICT_ITEMS_MAX },
    }).then((p) => p.records),
  staleTime: 0,
});
