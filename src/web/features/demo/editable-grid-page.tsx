import { useRef, useState } from 'react';
import { Button, Field, Input } from '../../components/ui.tsx';
import { EditableGrid, type EditableGridHandle } from '../../components/data-grid/editable/editable-grid.tsx';
import { validateFormAndTables } from '../../components/data-grid/editable/table-validation.ts';
import type { GridValues } from '../../components/data-grid/editable/types.ts';
import { MATERIAL_COLUMNS, MATERIAL_ROWS, ROSTER_COLUMNS, ROSTER_ROWS } from './roster-columns.tsx';

const TABS = [
  { key: 'roster', title: '技师排班' },
  { key: 'material', title: '物料清单' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const DISABLED_ROWS = { status: '已结算' };

/** 可编辑表格示例: every column type of the editable grid on a care-service roster, with 保存. */
export default function EditableGridPage() {
  const roster = useRef<EditableGridHandle>(null);
  const material = useRef<EditableGridHandle>(null);
  const [name, setName] = useState('五一排班');
  const [nameError, setNameError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('roster');
  const [result, setResult] = useState<Record<string, GridValues> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);

  const save = async () => {
    setResult(null);
    setFailure(null);
    const grids = { roster, material };
    const out = await validateFormAndTables(
      async () => {
        const error = name.trim() ? null : '排班名称不能为空';
        setNameError(error);
        return !error;
      },
      TABS.map((t) => ({
        key: t.key,
        validate: () => grids[t.key].current?.validate() ?? Promise.resolve([]),
      })),
    );
    if (!out.ok) {
      if (out.failedTable) setTab(out.failedTable as TabKey);
      setFailure(out.errors[0]?.message ?? nameError ?? '排班名称不能为空');
      return;
    }
    const values = {
      roster: await roster.current!.getValues(),
      material: await material.current!.getValues(),
    };
    setResult(values);
  };

  return (
    <div className="space-y-3 p-4">
      <div className="rounded bg-white p-3 shadow-sm">
        <div className="mb-3 max-w-xs">
          <Field label="排班名称" error={nameError}>
            <Input aria-label="排班名称" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <div role="tablist" aria-label="子表" className="mb-2 flex gap-4 border-b border-gray-200">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={tab === t.key}
              className={`-mb-px border-b-2 px-1 py-1 text-sm ${
                tab === t.key ? 'border-[var(--primary)] text-[var(--primary)]' : 'border-transparent'
              }`}
              onClick={() => setTab(t.key)}
            >
              {t.title}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label="技师排班" hidden={tab !== 'roster'}>
          <EditableGrid
            ref={roster}
            title="技师排班"
            columns={ROSTER_COLUMNS}
            rows={ROSTER_ROWS}
            disabledRows={DISABLED_ROWS}
            onRemove={(rows) => setRemoved((r) => [...r, ...rows.map((x) => String(x.techName ?? x.id))])}
          />
        </div>
        <div role="tabpanel" aria-label="物料清单" hidden={tab !== 'material'}>
          <EditableGrid
            ref={material}
            title="物料清单"
            columns={MATERIAL_COLUMNS}
            rows={MATERIAL_ROWS}
            widgets={false}
          />
        </div>
        <div className="mt-3 flex items-center gap-3">
          <Button variant="primary" onClick={() => void save()}>
            保存
          </Button>
          <Button
            onClick={() => roster.current?.setRow({ ...ROSTER_ROWS[0], progress: 80, status: '服务中' })}
          >
            模拟实时更新
          </Button>
          {removed.length > 0 && <span className="text-xs text-gray-500">已删除：{removed.join('、')}</span>}
        </div>
        {failure && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            校验未通过：{failure}
          </p>
        )}
        {result && (
          <pre aria-label="保存结果" className="mt-2 max-h-96 overflow-auto rounded bg-gray-50 p-2 text-xs">
            {JSON.stringify(result, null, 2)}
          </pre>
        )}
      </div>
    </div>
  );
}
