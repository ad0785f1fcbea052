/**
 * Dictionary items on the client: the local cache first (the login's `sysAllDictItems`, kept 7 days
 * and refreshed by 清除缓存), then `GET /sys/dict/getDictItems/{code}` for codes the cache lacks
 * (table dictionaries `table,text,code`), as JeecgBoot's `initDictOptions` does.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { callTo } from './api-client.ts';
import { session, useSession, type DictItem } from './session.ts';

/** Spec §7: an empty code is refused before any call. */
export const EMPTY_DICT_CODE = '字典Code不能为空!';

/** The items of a dictionary code: cached ones without a call. */
export async function getDictItems(code: string): Promise<DictItem[]> {
  if (!code.trim()) throw new Error(EMPTY_DICT_CODE);
  const cached = session.get().dicts[code];
  if (cached) return cached;
  return callTo<DictItem[]>(ENDPOINTS.dict.getDictItems, {}, { dict: code });
}

/** Query of a code the cache lacks; kept for the session (dictionaries change rarely). */
export const dictItemsQuery = (code: string) =>
  queryOptions({
    queryKey: ['dict-items', code],
    queryFn: () => getDictItems(code),
    staleTime: Infinity,
  });

/** The items of a code (empty while loading or without a code). */
export function useDictItems(code: string | undefined): DictItem[] {
  const { dicts } = useSession();
  const cached = code ? dicts[code] : undefined;
  const fetched = useQuery({ ...dictItemsQuery(code ?? ''), enabled: !!code?.trim() && !cached });
  return cached ?? fetched.data ?? [];
}
