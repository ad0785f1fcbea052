import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import { AllCommunityModule, ModuleRegistry, type ColDef, type GridApi } from 'ag-grid-community';
import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import { PAGING } from '../../../shared/api.ts';
import { Button, Input } from '../../components/ui.tsx';
import { Pager } from '../../components/pager.tsx';
import { runCommand, runtime } from '../../shell/runtime.ts';
import { useMenu } from '../../shell/use-commands.ts';
import { usersQuery, type UserRow, type UsersQuery } from './api/get-users.ts';
import { USER_COLUMNS, filterToParam } from './user-columns.ts';
import { UserFormHost } from './components/user-form.tsx';

ModuleRegistry.registerModules([AllCommunityModule]);

const DEFAULT_SORT = { column: 'createTime', order: 'desc' };

function RowActions({ row }: { row: UserRow }) {
  const actions = useMenu('user.row').filter(
    (c) => !(c.id === 'user.freeze' && row.status === 2) && !(c.id === 'user.unfreeze' && row.status !== 2),
  );
  return (
    <div className="flex gap-1">
      {actions.map((c) => (
        <Button
          key={c.id}
          size="sm"
          variant={c.dangerous ? 'danger' : 'link'}
          onClick={() => void runCommand(c.id, { id: row.id, ids: row.id }, 'button')}
        >
          {c.label}
        </Button>
      ))}
    </div>
  );
}

/** 用户管理: server-paged grid; toolbar and row actions are the user commands the caller may run. */
export default function UserPage() {
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: PAGING.defaultSize as number });
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [search, setSearch] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [columnFilters, setColumnFilters] = useState<Record<string, string>>({});
  const [gridApi, setGridApi] = useState<GridApi<UserRow> | null>(null);
  const toolbar = useMenu('user.toolbar');

  const params: UsersQuery = {
    ...search,
    ...columnFilters,
    ...sort,
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
  const { data, isFetching, error } = useQuery(usersQuery(params));

  useEffect(() => () => runtime.setKeys({ selection: [] }), []);
  useEffect(() => {
    runtime.setKeys({ selection: [] });
    gridApi?.deselectAll();
  }, [data, gridApi]);

  const columns = useMemo<ColDef<UserRow>[]>(
    () => [
      ...USER_COLUMNS,
      {
        headerName: '操作',
        colId: 'actions',
        pinned: 'right',
        width: 260,
        sortable: false,
        cellRenderer: (p: { data?: UserRow }) => (p.data ? <RowActions row={p.data} /> : null),
      },
    ],
    [],
  );

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <div className="space-y-3 p-4">
      <form
        onSubmit={submitSearch}
        className="flex flex-wrap items-end gap-3 rounded bg-white p-3 shadow-sm"
        aria-label="查询条件"
      >
        {[
          ['username', '账号'],
          ['realname', '姓名'],
          ['phone', '手机号码'],
        ].map(([k, label]) => (
          <label key={k} className="text-sm">
            <span className="mb-1 block text-gray-600">{label}</span>
            <Input
              className="w-40"
              placeholder="支持 *模糊* !不等于"
              value={draft[k!] ?? ''}
              onChange={(e) => setDraft({ ...draft, [k!]: e.target.value })}
            />
          </label>
        ))}
        <label className="text-sm">
          <span className="mb-1 block text-gray-600">状态</span>
          <select
            className="rounded border p-1"
            value={draft.status ?? ''}
            onChange={(e) => setDraft({ ...draft, status: e.target.value })}
          >
            <option value="">全部</option>
            <option value="1">正常</option>
            <option value="2">冻结</option>
          </select>
        </label>
        <Button type="submit" variant="primary">
          查询
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setSearch({});
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
        >
          重置
        </Button>
      </form>
      <div className="rounded bg-white p-3 shadow-sm">
        <div role="toolbar" aria-label="用户操作" className="mb-2 flex gap-2">
          {toolbar.map((c) => (
            <Button
              key={c.id}
              variant={c.id === 'user.add' ? 'primary' : c.dangerous ? 'danger' : 'default'}
              onClick={() => void runCommand(c.id, {}, 'button')}
            >
              {c.label}
            </Button>
          ))}
          {isFetching && <span className="self-center text-xs text-gray-400">加载中…</span>}
        </div>
        {error && (
          <p role="alert" className="mb-2 text-sm text-amber-600">
            {error.message}
          </p>
        )}
        <div style={{ height: 520 }}>
          <AgGridReact<UserRow>
            rowData={data?.records ?? []}
            columnDefs={columns}
            getRowId={(p) => p.data.id}
            localeText={AG_GRID_LOCALE_CN}
            rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true }}
            overlayNoRowsTemplate="没有查询到任何数据"
            onGridReady={(e) => setGridApi(e.api)}
            onSelectionChanged={(e) =>
              runtime.setKeys({ selection: e.api.getSelectedRows().map((r) => r.id) })
            }
            onSortChanged={(e) => {
              const s = e.api.getColumnState().find((c) => c.sort);
              setSort(s ? { column: s.colId.replace(/_dictText$/, ''), order: s.sort! } : DEFAULT_SORT);
            }}
            onFilterChanged={(e) => {
              const model = e.api.getFilterModel() as Record<string, { type?: string; filter?: string }>;
              setColumnFilters(
                Object.fromEntries(
                  Object.entries(model)
                    .map(([k, m]) => [k, filterToParam(m)])
                    .filter(([, v]) => v),
                ) as Record<string, string>,
              );
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          />
        </div>
        <Pager
          total={data?.total ?? 0}
          pageNo={paging.pageNo}
          pageSize={paging.pageSize}
          onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
        />
      </div>
      <UserFormHost />
    </div>
  );
}
