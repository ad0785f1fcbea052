import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/ui.tsx';
import { EditableGrid, type EditableGridHandle } from '../../components/data-grid/editable/editable-grid.tsx';
import { callTo } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { registerWidget, runCommand } from '../../shell/runtime.ts';
import type { Page } from '../../../shared/api.ts';
import { TECHNICIAN_MAP } from '../../../shared/resources/technician.ts';
import { TECH_SHIFT, weekProblem } from '../../../shared/resources/technician-shift.ts';
import { SHIFT_COLUMNS } from './shift-columns.ts';

interface TechRef {
  id: string;
  name: string;
}

const weekQuery = (technicianId: string) => ({
  queryKey: [...TECH_SHIFT.queryKey, 'week', technicianId],
  queryFn: () =>
    callTo<Page<Record<string, unknown>>>(TECH_SHIFT.endpoints.list, {
      query: { technicianId, pageSize: 100 },
    }).then((p) =>
      p.records
        .map((r): Record<string, unknown> => ({ ...r, weekday: String(r.weekday) }))
        .sort(
          (a, b) =>
            Number(a.weekday) - Number(b.weekday) || String(a.startTime).localeCompare(String(b.startTime)),
        ),
    ),
  staleTime: 0,
});

/**
 * 编辑周排班: one technician's weekly pattern in the editable grid (opened by `techShift.week`).
 * 保存 checks the cells and the day overlaps, then runs `techShift.saveWeek`, which replaces the
 * whole pattern on the server (all or nothing). Stays open on failure.
 */
export function ShiftWeekDialog() {
  const [open, setOpen] = useState(false);
  const [tech, setTech] = useState<TechRef | null>(null);
  const grid = useRef<EditableGridHandle>(null);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  useEffect(
    () =>
      registerWidget('techShift.week', (props) => {
        setTech((props as { technician?: TechRef }).technician ?? null);
        setOpen(true);
      }),
    [],
  );
  const techs = useQuery({
    queryKey: ['technician', 'map'],
    queryFn: () => callTo<Record<string, string>>(TECHNICIAN_MAP),
    enabled: open,
  });
  const week = useQuery({ ...weekQuery(tech?.id ?? ''), enabled: open && !!tech });

  const save = async () => {
    if (!tech || !grid.current) return;
    const errors = await grid.current.validate();
    if (errors.length) return notify('warning', errors[0]!.message);
    const { values } = await grid.current.getValues();
    const rows = values.map((v) => ({
      weekday: Number(v.weekday),
      startTime: String(v.startTime ?? ''),
      endTime: String(v.endTime ?? ''),
      remark: v.remark ? String(v.remark) : null,
    }));
    const problem = weekProblem(rows);
    if (problem) return notify('warning', problem);
    setSaving(true);
    const result = await runCommand(
      'techShift.saveWeek',
      { technician: tech.id, rows: JSON.stringify(rows) },
      'button',
    );
    setSaving(false);
    if (result) setOpen(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={tech ? `编辑周排班 - ${tech.name}` : '编辑周排班'}
      width={760}
      footer={
        <>
          <Button onClick={() => setOpen(false)}>关闭</Button>
          <Button variant="primary" disabled={saving || !week.data} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm">
          技师
        </label>
        <select
          id={selectId}
          className="rounded border border-gray-300 px-2 py-1 text-sm"
          value={tech?.id ?? ''}
          onChange={(e) => {
            const id = e.target.value;
            setTech(id ? { id, name: techs.data?.[id] ?? id } : null);
          }}
        >
          <option value="">请选择技师</option>
          {Object.entries(techs.data ?? {}).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {week.isError && <p role="alert">{String((week.error as Error).message)}</p>}
      {tech && week.data && (
        <EditableGrid
          key={tech.id}
          ref={grid}
          title="周排班"
          columns={SHIFT_COLUMNS}
          rows={week.data}
          authPre="techShift"
          maxHeight={420}
        />
      )}
    </Modal>
  );
}
