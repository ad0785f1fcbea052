import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import type { UserRow } from './get-users.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** A chosen position: its code (the stored value) and name (what the field shows). */
export interface UserPost {
  code: string;
  name: string;
}

/**
 * Pair the comma-joined `post` codes with their comma-joined `post_dictText` names; a code whose
 * name is unknown (names missing or not one per code) shows as itself.
 */
export function postsOf(post: string | null | undefined, names: string | null | undefined): UserPost[] {
  const codes = (post ?? '').split(',').filter(Boolean);
  const texts = (names ?? '').split(',');
  const aligned = texts.length === codes.length;
  return codes.map((code, i) => ({ code, name: (aligned && texts[i]) || code }));
}

/**
 * The user's positions with their names, read from the users list (`code=<id>` asks for that user;
 * the list decorates `post_dictText`), so naming them needs only `user:list`, not `position:list`.
 */
export const userPostsQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'posts', id],
    queryFn: async () => {
      const page = await callTo<{ records: UserRow[] }>(ENDPOINTS.user.list, {
        query: { code: id, pageNo: 1, pageSize: 1 },
      });
      const row = page.records.find((r) => r.id === id);
      return postsOf(row?.post, row?.post_dictText as string | null | undefined);
    },
  });
