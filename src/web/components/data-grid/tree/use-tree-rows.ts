import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { request } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import {
  TreeLoadError,
  childrenQuery,
  collapseNode,
  emptyTree,
  expandNode,
  flattenTree,
  keepExpanded,
  loadFailed,
  parseTreeResponse,
  receiveChildren,
  reloadNode,
  toggleNode,
  treeOf,
  type TreeRecord,
  type TreeRow,
  type TreeState,
  type TreeStep,
} from './tree-rows.ts';

/** Where and how a tree table loads its levels. */
export interface TreeSource {
  /** list URL: GET with the parent key parameter (spec §7) */
  url: string;
  /** parent key parameter name (default `parentId`) */
  parentKey?: string;
  /** extra condition sent as JSON in `condition` with every request */
  condition?: string | Record<string, unknown>;
  /** parameters of the roots' request only (e.g. the search form) */
  rootParams?: Record<string, string | undefined>;
  /**
   * a change reloads the roots (after a write), keeping the rows that were expanded open where the
   * answer nests their children again (a whole tree)
   */
  version?: unknown;
}

/** The state of a lazy tree table and what its rows can do. */
export interface TreeRowsApi<T extends TreeRecord> {
  rows: Array<TreeRow<T>>;
  /** the roots are loading */
  loading: boolean;
  /** why the roots could not be loaded */
  error: string | null;
  expand(id: string): void;
  collapse(id: string): void;
  toggle(id: string): void;
  /** load the children of `id` again (all roots when omitted) */
  reload(id?: string): void;
}

/** A failure of a tree request: HTTP failures were already shown by the client, the rest is shown here. */
function report(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof TreeLoadError) notify('warning', message);
  return message;
}

/**
 * The lazy tree of `source`: roots on mount and whenever the source changes, children on expand.
 * Responses that arrive after the roots were reloaded are dropped.
 */
export function useTreeRows<T extends TreeRecord>(source: TreeSource): TreeRowsApi<T> {
  const { url, parentKey, version } = source;
  // compared as JSON: callers pass inline objects, which must not reload the tree on every render
  const condition = source.condition === undefined ? undefined : JSON.stringify(source.condition);
  const rootParams = JSON.stringify(source.rootParams ?? {});
  const [state, setState] = useState<TreeState<T>>(emptyTree);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  const generation = useRef(0);
  const [rootsVersion, setRootsVersion] = useState(0);

  const commit = useCallback((next: TreeState<T>) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const fetchLevel = useCallback(
    async (parentId: string, params?: Record<string, string | undefined>) => {
      const cond =
        condition === undefined ? undefined : (JSON.parse(condition) as string | Record<string, unknown>);
      const query = childrenQuery(parentId, { parentKey, condition: cond, params });
      return parseTreeResponse<T>(await request('GET', url, { query }));
    },
    [url, parentKey, condition],
  );

  useEffect(() => {
    const gen = ++generation.current;
    setLoading(true);
    setError(null);
    fetchLevel('', JSON.parse(rootParams) as Record<string, string>).then(
      (records) => {
        if (gen !== generation.current) return;
        commit(keepExpanded(treeOf(records), stateRef.current));
        setLoading(false);
      },
      (e: unknown) => {
        if (gen !== generation.current) return;
        commit(emptyTree());
        setError(report(e));
        setLoading(false);
      },
    );
  }, [fetchLevel, rootParams, rootsVersion, version, commit]);

  const apply = useCallback(
    (step: TreeStep<T>) => {
      commit(step.state);
      const id = step.load;
      if (id === undefined) return;
      const gen = generation.current;
      fetchLevel(id).then(
        (records) => {
          if (gen === generation.current) commit(receiveChildren(stateRef.current, id, records));
        },
        (e: unknown) => {
          if (gen !== generation.current) return;
          commit(loadFailed(stateRef.current, id));
          report(e);
        },
      );
    },
    [commit, fetchLevel],
  );

  const rows = useMemo(() => flattenTree(state), [state]);
  return {
    rows,
    loading,
    error,
    expand: (id) => apply(expandNode(stateRef.current, id)),
    collapse: (id) => commit(collapseNode(stateRef.current, id)),
    toggle: (id) => apply(toggleNode(stateRef.current, id)),
    reload: (id) =>
      id === undefined ? setRootsVersion((v) => v + 1) : apply(reloadNode(stateRef.current, id)),
  };
}
