/**
 * 批量开通: several projects for one technician in one action. The technician and the projects on
 * sale come from their pickers (getTechMap, getProjectMap); those already open are shown ticked
 * and disabled. It only asks: `technician.services.add` opens them.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PROJECT, PROJECT_MAP } from '../../../shared/resources/project.ts';
import { TECH_SERVICE } from '../../../shared/resources/technician-service.ts';
import type { Page } from '../../../shared/api.ts';
import { Modal } from '../../components/modal.tsx';
import { Button, Field } from '../../components/ui.tsx';
import { RefInput, refOptionsQuery } from '../../components/fields/ref-input.tsx';
import { call } from '../../lib/api-client.ts';
import { registerWidget, runCommand } from '../../shell/runtime.ts';

import type { ResourceField } from '../../../shared/resources/define.ts';

/** the technician picker of the 技师服务 declaration (its technicianId field) */
const technicianRef = (TECH_SERVICE.decl.fields as readonly ResourceField[]).find(
  (f) => f.key === 'technicianId',
)!.reference!;

export function AddServicesDialog() {
  const [open, setOpen] = useState(false);
  const [technicianId, setTechnicianId] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(
    () =>
      registerWidget('techService.addMany', (props) => {
        setTechnicianId(String((props as { technicianId?: string }).technicianId ?? ''));
        setPicked([]);
        setOpen(true);
      }),
    [],
  );
  const { data: projects = [] } = useQuery({
    ...refOptionsQuery({ resource: PROJECT.decl.name, label: 'name', picker: PROJECT_MAP }),
    enabled: open,
  });
  const { data: opened = [] } = useQuery({
    queryKey: [...TECH_SERVICE.queryKey, 'of', technicianId],
    queryFn: async () =>
      (
        await call<Page<{ projectId: string }>>('GET', TECH_SERVICE.endpoints.list.path, {
          query: { technicianId, pageSize: 200 },
        })
      ).records.map((r) => r.projectId),
    enabled: open && !!technicianId,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await runCommand(
      'technician.services.add',
      { technician: technicianId, projects: picked },
      'button',
    );
    if (result) setOpen(false);
  };
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  return (
    <Modal open={open} onOpenChange={setOpen} title="批量开通服务项目" width={600}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="批量开通服务项目">
        <Field label="技师">
          <RefInput
            label="技师"
            value={technicianId}
            onChange={(v) => {
              setTechnicianId(v);
              setPicked([]);
            }}
            reference={technicianRef}
          />
        </Field>
        <fieldset className="rounded border p-2">
          <legend className="px-1 text-sm text-gray-600">服务项目</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
            {projects.map((p) => {
              const isOpen = opened.includes(p.value);
              return (
                <label key={p.value} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={isOpen || picked.includes(p.value)}
                    disabled={isOpen || !technicianId}
                    onChange={() => toggle(p.value)}
                  />
                  {p.text}
                  {isOpen && <span className="text-xs text-gray-500">（已开通）</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button type="submit" variant="primary" disabled={!technicianId || picked.length === 0}>
            {`开通 ${picked.length} 个项目`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
