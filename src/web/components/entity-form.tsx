import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Modal } from './modal.tsx';
import { Button, Field, Input } from './ui.tsx';
import { useSession } from '../lib/session.ts';
import { registerWidget, runCommand } from '../shell/runtime.ts';

/** A field of a simple entity form. */
export interface FormField {
  key: string;
  label: string;
  type?: 'text' | 'select';
  dictCode?: string;
  /** choices of a select that has no dictionary */
  options?: Array<{ value: string; text: string }>;
  /** not editable once saved (e.g. a code other rows refer to) */
  fixedOnEdit?: boolean;
}

type Values = Record<string, string>;
type Mode = { mode: 'add' | 'edit'; id?: string };

/** The first message per field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * Add/edit dialog of a simple entity, opened by its commands (`ctx.open(widget, {mode, id})`). It
 * only collects input: the shared schema checks it here, then the add/edit command sends it (the
 * server checks again). Stays open when the command fails.
 */
export function EntityFormHost({
  widget,
  title,
  width = 600,
  fields,
  schema,
  addSchema,
  load,
  commands,
}: {
  widget: string;
  /** e.g. '职务': titles become 新增职务 / 编辑职务 */
  title: string;
  width?: number;
  fields: FormField[];
  /** the edit rules (with the add rules as `addSchema` when adding differs) */
  schema: z.ZodType;
  addSchema?: z.ZodType;
  load(id: string): Promise<Record<string, unknown>>;
  commands: { add: string; edit: string };
}) {
  const [state, setState] = useState<Mode | null>(null);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { dicts } = useSession();

  useEffect(() => registerWidget(widget, (props) => setState(props as Mode)), [widget]);
  useEffect(() => {
    setErrors({});
    setValues({});
    if (state?.mode !== 'edit' || !state.id) return;
    let live = true;
    void load(state.id).then((row) => {
      if (live) setValues(Object.fromEntries(fields.map((f) => [f.key, String(row[f.key] ?? '')])));
    });
    return () => {
      live = false;
    };
  }, [state, load, fields]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!state) return;
    const input = state.mode === 'edit' ? { id: state.id, ...values } : values;
    const parsed = (state.mode === 'add' && addSchema ? addSchema : schema).safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const command = state.mode === 'edit' ? commands.edit : commands.add;
    const result = await runCommand(command, input as Record<string, unknown>, 'button');
    if (result) setState(null);
  };

  const heading = `${state?.mode === 'edit' ? '编辑' : '新增'}${title}`;
  return (
    <Modal open={!!state} onOpenChange={(o) => !o && setState(null)} title={heading} width={width}>
      <form onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-3" aria-label={heading}>
        {fields.map((f) => (
          <Field key={f.key} label={f.label} error={errors[f.key]}>
            {f.type === 'select' ? (
              <select
                className="w-full rounded border p-1"
                value={values[f.key] ?? ''}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
              >
                <option value="">请选择</option>
                {(f.options ?? dicts[f.dictCode ?? ''] ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.text}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                value={values[f.key] ?? ''}
                disabled={state?.mode === 'edit' && f.fixedOnEdit}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
              />
            )}
          </Field>
        ))}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setState(null)}>取消</Button>
          <Button type="submit" variant="primary">
            确定
          </Button>
        </div>
      </form>
    </Modal>
  );
}
