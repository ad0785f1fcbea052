import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEPARTS_KEY } from '../../../../commands/dept/targets.ts';
import { Button, Input } from '../../components/ui.tsx';
import { registerWidget, runCommand, runtime } from '../../shell/runtime.ts';
import { downloadFile } from '../../lib/api-client.ts';
import { ImportDialogHost, openImportDialog } from '../../components/data-grid/import/import-host.tsx';
import { useMenu } from '../../shell/use-commands.ts';
import { commandHint } from '../../shell/command-hint.ts';
import { TreeGrid, type TreeColumn } from '../../components/data-grid/tree/tree-grid.tsx';
import type { TreeRecord } from '../../components/data-grid/tree/tree-rows.ts';
import { notify } from '../../lib/notify.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { DepartAuthPanel } from './depart-auth-panel.tsx';

/** A department of GET /sys/sysDepart/queryTreeList (the whole tree) or searchBy (flat matches). */
interface DepartRow extends TreeRecord {
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgCategory_dictText?: string | null;
  mobile: string | null;
  address: string | null;
  departOrder: number | null;
  createTime: string | null;
}

const DEPART_TREE_URL = ENDPOINTS.depart.queryTreeList.path;
const DEPART_SEARCH_URL = ENDPOINTS.depart.searchBy.path;

const DEPART_COLUMNS: Array<TreeColumn<DepartRow>> = [
  { field: 'departName', title: '部门名称', width: 280 },
  { field: 'orgCode', title: '机构编码', width: 140 },
  {
    field: 'orgCategory_dictText',
    title: '机构类型',
    width: 110,
    render: (r) => r.orgCategory_dictText ?? r.orgCategory,
  },
  { field: 'mobile', title: '电话', width: 140 },
  { field: 'address', title: '地址' },
  { field: 'departOrder', title: '排序', width: 80 },
  { field: 'createTime', title: '创建时间', width: 180 },
];

/** Spec §8: searching with an empty box. */
export const EMPTY_SEARCH = '请输入搜索内容';

/**
 * 部门管理: the whole department tree (queryTreeList), or the departments a name search finds
 * (searchBy); its toolbar holds the `depart.toolbar` commands (添加部门, 删除部门 of the ticked rows).
 */
export default function DepartPage() {
  const [draft, setDraft] = useState('');
  const [departName, setDepartName] = useState('');
  const toolbar = useMenu('depart.toolbar', { locked: true });
  // bumped whenever a command invalidates the department reads (添加, 删除, 导入): the tree reloads.
  // It starts with a value, else its first answer would reload the tree the page had just asked for
  const version = useQuery({
    queryKey: [...DEPARTS_KEY, 'version'],
    queryFn: () => Date.now(),
    initialData: 0,
    staleTime: Infinity,
  }).data;
  // the ticked departments are the page's selection (dept delete's default), none once it is left
  useEffect(() => () => runtime.setKeys({ selection: [] }), []);
  // 导出 and 导入 (dept.export, dept.import): the sheet of every department, the import dialog
  useEffect(() => {
    const stops = [
      registerWidget('dept.export', () => downloadFile(ENDPOINTS.depart.exportXls.path, {}, '部门信息.xlsx')),
      registerWidget('dept.import', () =>
        openImportDialog({ url: ENDPOINTS.depart.importExcel.path, title: '部门' }),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // a search needs a name (spec §8); 重置 shows the whole tree again
    if (!draft.trim()) return void notify('warning', EMPTY_SEARCH);
    setDepartName(draft.trim());
  };
  return (
    <div className="space-y-3 p-4">
      <form
        onSubmit={submit}
        aria-label="查询条件"
        className="flex flex-wrap items-end gap-3 rounded bg-white p-3 shadow-sm"
      >
        <label className="text-sm">
          <span className="mb-1 block text-gray-600">部门名称</span>
          <Input className="w-48" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <Button type="submit" variant="primary">
          查询
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            setDepartName('');
          }}
        >
          重置
        </Button>
      </form>
      <div className="rounded bg-white p-3 shadow-sm">
        <div role="toolbar" aria-label="部门操作" className="mb-2 flex flex-wrap gap-2">
          {toolbar.map((c) => (
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
        </div>
        <TreeGrid<DepartRow>
          label="部门"
          url={departName ? DEPART_SEARCH_URL : DEPART_TREE_URL}
          columns={DEPART_COLUMNS}
          version={version}
          rootParams={departName ? { keyWord: departName } : undefined}
          onSelect={(records) => runtime.setKeys({ selection: records.map((r) => r.id) })}
        />
      </div>
      <DepartAuthPanel />
      <ImportDialogHost />
    </div>
  );
}
