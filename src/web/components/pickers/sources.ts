/**
 * Where the pickers read from: departments (queryDepartTreeSync, lazily; searchBy), categories
 * (loadTreeRoot / loadTreeChildren, lazily; pickList for search and path texts) and users
 * (queryUserComponentData, paged, by department).
 */
import { callTo } from '../../lib/api-client.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { CATEGORY_ENDPOINTS, CATEGORY_PICK } from '../../../shared/resources/category.ts';
import type { PickNode } from './lazy-tree.ts';

/** A lazily loaded tree a TreeSelect shows. */
export interface TreeSource {
  roots(): Promise<PickNode[]>;
  children(id: string): Promise<PickNode[]>;
  /** nodes whose name holds the keyword, flat, with their path text */
  search(keyword: string): Promise<Array<PickNode & { path: string }>>;
  /** the path text of chosen ids (ids of no node are left out) */
  texts(ids: string[]): Promise<Map<string, string>>;
}

interface DepartJson {
  id: string;
  key?: string;
  title?: string;
  departName?: string;
  parentId?: string | null;
  isLeaf?: boolean;
}
const departNode = (d: DepartJson): PickNode => ({
  id: String(d.id ?? d.key),
  title: d.departName ?? d.title ?? '',
  parentId: d.parentId ?? '',
  isLeaf: d.isLeaf !== false,
});

export const departSource: TreeSource = {
  roots: async () =>
    ((await callTo<DepartJson[]>(ENDPOINTS.depart.queryDepartTreeSync)) ?? []).map(departNode),
  children: async (pid) =>
    ((await callTo<DepartJson[]>(ENDPOINTS.depart.queryDepartTreeSync, { query: { pid } })) ?? []).map(
      departNode,
    ),
  search: async (keyWord) => {
    const found = await callTo<DepartJson[]>(ENDPOINTS.depart.searchBy, { query: { keyWord } }).catch(
      () => [],
    );
    return (found ?? []).map((d) => ({ ...departNode(d), isLeaf: true, path: departNode(d).title }));
  },
  texts: async (ids) => {
    if (!ids.length) return new Map();
    const rows = await callTo<DepartJson[]>(ENDPOINTS.depart.queryDepartTreeSync, {
      query: { ids: ids.join(',') },
    });
    return new Map((rows ?? []).map((d) => [String(d.id), departNode(d).title]));
  },
};

interface CategoryJson {
  key?: string;
  value?: string;
  title?: string;
  parentId?: string;
  leaf?: boolean;
}
const categoryNode = (c: CategoryJson): PickNode => ({
  id: String(c.key ?? c.value),
  title: c.title ?? '',
  parentId: c.parentId ?? '',
  isLeaf: c.leaf !== false,
});

/** Every node with its path (`上级/下级`), read once per picker. */
async function categoryPaths(): Promise<Array<{ id: string; name: string; code: string }>> {
  return (await callTo<Array<{ id: string; name: string; code: string }>>(CATEGORY_PICK)) ?? [];
}

/** The category tree under the node coded `pcode` (every root when none). */
export function categorySource(pcode?: string): TreeSource {
  let paths: ReturnType<typeof categoryPaths> | null = null;
  const allPaths = () => (paths ??= categoryPaths().catch(() => []));
  return {
    roots: async () =>
      (
        (await callTo<CategoryJson[]>(CATEGORY_ENDPOINTS.loadTreeRoot, { query: pcode ? { pcode } : {} })) ??
        []
      ).map(categoryNode),
    children: async (pid) =>
      ((await callTo<CategoryJson[]>(CATEGORY_ENDPOINTS.loadTreeChildren, { query: { pid } })) ?? []).map(
        categoryNode,
      ),
    search: async (keyword) => {
      const kw = keyword.trim();
      return (await allPaths())
        .filter((r) => (!pcode || r.code.startsWith(pcode)) && r.name.split('/').pop()!.includes(kw))
        .slice(0, 50)
        .map((r) => ({
          id: r.id,
          title: r.name.split('/').pop()!,
          parentId: '',
          isLeaf: true,
          path: r.name.replaceAll('/', ' / '),
        }));
    },
    texts: async (ids) => {
      const all = await allPaths();
      return new Map(all.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.name.replaceAll('/', ' / ')]));
    },
  };
}

/** A user row of queryUserComponentData. */
export interface PickUser {
  id: string;
  username: string;
  realname: string;
  orgCodeTxt?: string | null;
}

export async function userPage(q: {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  departId?: string;
}): Promise<{ records: PickUser[]; total: number }> {
  const page = await callTo<{ records: PickUser[]; total: number }>(ENDPOINTS.user.queryUserComponentData, {
    query: {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      ...(q.keyword ? { realname: q.keyword } : {}),
      ...(q.departId ? { departId: q.departId } : {}),
    },
  });
  return { records: page?.records ?? [], total: page?.total ?? 0 };
}

/** Names of chosen user ids (one lookup each: pickers hold few). */
export async function userTexts(ids: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(
    ids.map((id) =>
      callTo<{ records: PickUser[] }>(ENDPOINTS.user.queryUserComponentData, { query: { id, pageSize: 1 } })
        .then((p) => p?.records?.find((u) => u.id === id))
        .catch(() => undefined),
    ),
  );
  return new Map(found.flatMap((u) => (u ? [[u.id, u.realname || u.username] as const] : [])));
}
