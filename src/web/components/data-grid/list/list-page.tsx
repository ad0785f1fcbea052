import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi } from 'ag-grid-community';
import { LIST_GRID_MODULES, registerGridModules } from '../grid-modules.ts';
import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import type { Page } from '../../../../shared/api.ts';
import { Button } from '../../ui.tsx';
import { Pager } from '../../pager.tsx';
import { ApiError, call, downloadFile } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { registerWidget, runCommand, runtime } from '../../../shell/runtime.ts';
import { useMenu } from '../../../shell/use-commands.ts';
import { useVxeSocket } from '../realtime/use-vxe-socket.ts';
import { browserCoalescerDeps, coalescedRefetch, type Coalescer } from '../realtime/coalesced-refetch.ts';
import { SuperQuery } from '../super-query/super-query.tsx';
import { DetailsModal } from '../dialogs/details-modal.tsx';
import { ImportDialogHost, registerImportWidget } from '../import/import-host.tsx';
import {
  DEFAULT_SORT,
  exportParams,
  filterToParam,
  initialListState,
  listParams,
  listReducer,
  type ListAction,
} from './list-params.ts';
import { hiddenFields, storedAuth } from './column-auth.ts';
import { filterFieldOf, sortFieldOf, toColDefs } from './column-defs.ts';
import { RowActions, RowActionsMenu, opensRowActions } from './row-actions.tsx';
import { below } from '../../popup-menu.tsx';
import { commandHint } from '../../../shell/command-hint.ts';
import { SearchBar } from './search-bar.tsx';
import type { ListPageConfig } from './types.ts';
import { useSpreadsheet } from '../spreadsheet/use-spreadsheet.ts';
import { useMediaQuery, WIDE } from '../../../lib/media.ts';

registerGridModules(LIST_GRID_MODULES);

/** Developer error of a list page declared without its list URL (spec §5). */
export const MISSING_LIST_URL = '请设置url.list属性!';
export const NO_DATA = '没有查询到任何数据';
/** Spec §4: the reload effect on a row updated from elsewhere lasts 1400 ms. */
export const RELOAD_EFFECT_MS = 1400;

/**
 * Set inside a list page: a list shown within it (a 详细信息 tab's sub list) is embedded and leaves
 * the page's context keys, selection and grid widgets to the page (it re-claimed them on every
 * render of the dialog, which re-rendered the page: React error #185).
 */
const InsideListPage = createContext(false);

/**
 * The list-page pattern: search bar, toolbar (the page's commands plus the grid commands), server
 * paging / sort / column filters / super query, selection, row actions, export and import, empty and
 * failure states, column permissions. A screen only declares `config` and its commands.
 */
export function ListPage<Row extends { id: string }>({
  config,
  toolbarExtra,
  children,
}: {
  config: ListPageConfig<Row>;
  /** extra toolbar content (e.g. the super query button) */
  toolbarExtra?: ReactNode;
  /** the page's own hosts (forms, dialogs) */
  children?: ReactNode;
}) {
  const embedded = useContext(InsideListPage);
  const fallbackSort = config.defaultSort ?? DEFAULT_SORT;
  const reduce = useMemo(() => listReducer(fallbackSort), [fallbackSort]);
  const [state, dispatch] = useReducer(reduce, fallbackSort, initialListState);
  const [gridApi, setGridApi] = useState<GridApi<Row> | null>(null);
  const sheet = useSpreadsheet(gridApi, { editable: false });
  const toolbar = useMenu(`${config.pageKey}.toolbar`, { locked: true });
  const gridTools = useMenu('grid.toolbar');
  const listUrl = config.url.list;
  const params = listParams(state);
  const { data, isFetching, error, refetch } = useQuery({
    queryKey: [...config.queryKey, 'list', params],
    queryFn: () => call<Page<Row>>('GET', listUrl!, { query: params }),
    enabled: Boolean(listUrl),
    placeholderData: keepPreviousData,
  });

  /** 查询 / 重置 always load the list (JeecgBoot's searchQuery), also when nothing changed. */
  const searchAgain = (action: ListAction) => {
    const same = JSON.stringify(listParams(reduce(state, action))) === JSON.stringify(params);
    dispatch(action);
    if (same && listUrl) void refetch();
  };

  useEffect(() => {
    if (!listUrl) notify('error', MISSING_LIST_URL);
  }, [listUrl]);
  useEffect(() => {
    // HTTP failures were already shown by the client; business failures show the server message
    if (error instanceof ApiError && error.status === undefined) notify('warning', error.message);
  }, [error]);
  // an expired session is told once, by the 登录已过期 notice, while the page reloads to the login
  const listError = error instanceof ApiError && error.sessionExpired ? null : error;

  const hidden = useMemo(
    () =>
      config.authPrefix
        ? hiddenFields(config.authPrefix, storedAuth().auth, storedAuth().allAuth)
        : new Set<string>(),
    [config.authPrefix],
  );
  const [rowMenu, setRowMenu] = useState<{ row: Row; at: { x: number; y: number } } | null>(null);
  // ids reach commands as text, as a typed one does: some tables (租户) have numeric ids
  const rowArgs = config.rowArgs ?? ((row: Row) => ({ id: String(row.id), ids: String(row.id) }));
  const wide = useMediaQuery(WIDE);
  const columnDefs = useMemo<Array<ColDef<Row>>>(
    () => [
      ...toColDefs(config.columns, hidden),
      // an embedded list's rows are not the page's: the page's row commands do not apply to them
      ...(embedded
        ? []
        : [
            {
              headerName: '操作',
              colId: 'actions',
              // pinned on a wide screen; on a phone it scrolls with the others, which it would hide
              pinned: wide ? ('right' as const) : null,
              width: config.actionsWidth ?? 200,
              sortable: false,
              filter: false,
              cellRenderer: (p: { data?: Row }) =>
                p.data ? (
                  <RowActions menu={`${config.pageKey}.row`} row={p.data} args={rowArgs(p.data)} />
                ) : null,
            },
          ]),
    ],
    [config.columns, config.pageKey, hidden, embedded, wide],
  );

  const canExport =
    Boolean(config.url.exportXls) && (!config.perms?.export || runtime.can(config.perms.export));
  const canImport =
    Boolean(config.url.importExcel) && (!config.perms?.import || runtime.can(config.perms.import));
  useEffect(() => {
    if (embedded) return;
    runtime.setKeys({
      grid: {
        pageKey: config.pageKey,
        title: config.title,
        queryKey: [...config.queryKey],
        superQuery: Boolean(config.superQuery?.length),
        ...(canExport ? { exportUrl: config.url.exportXls } : {}),
        ...(canImport ? { importUrl: config.url.importExcel } : {}),
      },
    });
    return () => runtime.setKeys({ grid: undefined, selection: [] });
  }, [config, canExport, canImport, embedded]);

  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    const exportUrl = config.url.exportXls;
    if (embedded || !canExport || !exportUrl) return;
    return registerWidget('grid.export', async () => {
      const selection = runtime.keys().selection ?? [];
      await downloadFile(exportUrl, exportParams(stateRef.current, selection), `${config.title}.xlsx`);
      return selection.length;
    });
  }, [canExport, config.url.exportXls, config.title, embedded]);

  useEffect(() => (canImport && !embedded ? registerImportWidget() : undefined), [canImport, embedded]);

  // a new page, search or sort starts with nothing ticked; rows updated in place keep their ticks
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (!embedded) runtime.setKeys({ selection: [] });
    gridApi?.deselectAll();
  }, [paramsKey, gridApi, embedded]);

  // rows saved elsewhere (another user or server instance) update in place, with the reload effect;
  // others (new rows, rows of other pages) cause one coalesced refetch at most every few seconds,
  // none while the tab is hidden
  const queryClient = useQueryClient();
  const refetcher = useRef<Coalescer | null>(null);
  const queryKeyText = JSON.stringify(config.queryKey);
  useEffect(() => {
    const queryKey = JSON.parse(queryKeyText) as unknown[];
    const c = coalescedRefetch(() => void queryClient.invalidateQueries({ queryKey }), browserCoalescerDeps);
    refetcher.current = c;
    return () => c.dispose();
  }, [queryClient, queryKeyText]);
  useVxeSocket(config.socketKey, (row) => {
    const id = String((row as { id?: unknown }).id ?? '');
    const complete = Object.keys(row).length > 1;
    let found = false;
    if (complete) {
      queryClient.setQueriesData<Page<Row>>({ queryKey: [...config.queryKey, 'list'] }, (page) => {
        if (!page?.records.some((r) => String(r.id) === id)) return page;
        found = true;
        return {
          ...page,
          records: page.records.map((r) => (String(r.id) === id ? ({ ...r, ...row } as Row) : r)),
        };
      });
    }
    if (!found) return void refetcher.current?.trigger();
    setTimeout(() => {
      const node = gridApi?.getRowNode(id);
      if (node) gridApi?.flashCells({ rowNodes: [node], flashDuration: RELOAD_EFFECT_MS, fadeDuration: 300 });
    });
  });

  // 详细信息 of a row (grid.detail): every declared column, read-only
  const [detail, setDetail] = useState<Row | null>(null);
  const rowsRef = useRef<Row[]>([]);
  rowsRef.current = data?.records ?? [];
  useEffect(
    () =>
      embedded
        ? undefined
        : registerWidget('grid.detail', (props) => {
            const wanted = String((props as { id?: unknown })?.id ?? '');
            // ids come as text (row buttons, the terminal); some tables (租户) have numeric ids
            const row = rowsRef.current.find((r) => String(r.id) === wanted);
            if (!row) throw new Error('未找到对应数据');
            setDetail(row);
          }),
    [embedded],
  );

  const columnsById = useMemo(() => new Map(config.columns.map((c) => [c.field, c])), [config.columns]);

  return (
    <InsideListPage.Provider value={true}>
      <div className="space-y-3 p-4">
        {config.search?.length ? (
          <SearchBar
            fields={config.search}
            onSearch={(search) => searchAgain({ type: 'search', search })}
            onReset={() => searchAgain({ type: 'reset' })}
          />
        ) : null}
        <div className="rounded bg-white p-3 shadow-sm">
          <div role="toolbar" aria-label={`${config.title}操作`} className="mb-2 flex flex-wrap gap-2">
            {(embedded ? [] : [...toolbar, ...gridTools]).map((c) => (
              <Button
                key={c.id}
                variant={
                  c.menus?.some((m) => m.group?.startsWith('1_'))
                    ? 'primary'
                    : c.dangerous
                      ? 'danger'
                      : 'default'
                }
                title={c.disabled ? `${c.label}（无权限）` : commandHint(c.id, c.label)}
                disabled={c.disabled}
                onClick={() => void runCommand(c.id, {}, 'button')}
              >
                {c.label}
              </Button>
            ))}
            {config.superQuery?.length ? (
              <SuperQuery
                pageKey={config.pageKey}
                fields={config.superQuery}
                onSearch={(q) =>
                  dispatch({
                    type: 'superQuery',
                    superQuery: q && {
                      superQueryParams: q.superQueryParams,
                      superQueryMatchType: q.superQueryMatchType,
                    },
                  })
                }
              />
            ) : null}
            {toolbarExtra}
            {isFetching && <span className="self-center text-xs text-gray-600">加载中…</span>}
          </div>
          {(listError || !listUrl) && (
            <p role="alert" className="mb-2 text-sm text-amber-600">
              {listUrl ? listError?.message : MISSING_LIST_URL}
            </p>
          )}
          <div style={{ height: 520 }}>
            <AgGridReact<Row>
              {...sheet.gridProps}
              rowData={data?.records ?? []}
              columnDefs={columnDefs}
              getRowId={(p) => String(p.data.id)}
              localeText={AG_GRID_LOCALE_CN}
              rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true }}
              overlayNoRowsTemplate={NO_DATA}
              onGridReady={(e) => setGridApi(e.api)}
              onCellKeyDown={(e) => {
                const ev = e.event as KeyboardEvent | null | undefined;
                if (embedded || !ev || !e.data || !opensRowActions(ev)) return;
                // a button inside the cell (操作's, 更多) handles its own Enter: no second menu
                if ((ev.target as HTMLElement).closest('button, a, input, select, textarea')) return;
                ev.preventDefault();
                const cell = (ev.target as HTMLElement).closest('.ag-cell') ?? (ev.target as HTMLElement);
                setRowMenu({ row: e.data, at: below(cell) });
              }}
              onSelectionChanged={(e) =>
                embedded || runtime.setKeys({ selection: e.api.getSelectedRows().map((r) => String(r.id)) })
              }
              onSortChanged={(e) => {
                const s = e.api.getColumnState().find((c) => c.sort);
                const col = s && columnsById.get(s.colId);
                const field = col ? sortFieldOf(col) : false;
                dispatch({ type: 'sort', sort: s && field ? { column: field, order: s.sort! } : null });
              }}
              onFilterChanged={(e) => {
                const model = e.api.getFilterModel() as Record<string, { type?: string; filter?: unknown }>;
                const filters: Record<string, string> = {};
                for (const [colId, m] of Object.entries(model)) {
                  const col = columnsById.get(colId);
                  const field = col && filterFieldOf(col);
                  const value = filterToParam(m);
                  if (field && value) filters[field] = value;
                }
                dispatch({ type: 'filters', filters });
              }}
            />
          </div>
          <Pager
            total={data?.total ?? 0}
            estimated={data?.totalEstimated === true}
            pageNo={state.pageNo}
            pageSize={state.pageSize}
            onChange={(pageNo, pageSize) => dispatch({ type: 'page', pageNo, pageSize })}
          />
        </div>
        {canImport && <ImportDialogHost />}
        <DetailsModal
          open={detail !== null}
          onClose={() => setDetail(null)}
          fields={toColDefs(config.columns, hidden).map((c) => {
            const column = columnsById.get(c.colId ?? '');
            return {
              label: c.headerName ?? '',
              value:
                detail && column?.render
                  ? column.render(detail)
                  : String((detail as Record<string, unknown> | null)?.[c.colId ?? ''] ?? ''),
            };
          })}
          tabs={detail ? config.detailTabs?.(detail) : undefined}
        />
        {rowMenu && (
          <RowActionsMenu
            menu={`${config.pageKey}.row`}
            row={rowMenu.row}
            args={rowArgs(rowMenu.row)}
            at={rowMenu.at}
            onClose={() => setRowMenu(null)}
          />
        )}
        {children}
      </div>
    </InsideListPage.Provider>
  );
}
