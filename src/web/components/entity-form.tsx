import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Modal } from './modal.tsx';
import { Button, Field } from './ui.tsx';
import { registerWidget, runCommand } from '../shell/runtime.ts';
import { FieldInput, type FieldInputProps } from './fields/field-input.tsx';

/** A field of a simple entity form. */
export interface FormField extends Pick<
  FieldInputProps,
  'type' | 'dictCode' | 'options' | 'upload' | 'multiple' | 'reference'
> {
  key: string;
  label: string;
  /** not editable once saved (e.g. a code other rows refer to) */
  fixedOnEdit?: boolean;
}

/** Inputs that hold several controls: a group with its own label, not one wrapped in a label. */
const GROUPED = new Set<FormField['type']>(['image', 'images', 'area', 'location', 'richtext']);

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
        {fields.map((f) => {
          const input = (
            <FieldInput
              {...f}
              label={f.label}
              value={values[f.key] ?? ''}
              disabled={state?.mode === 'edit' && f.fixedOnEdit}
              onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
            />
          );
          return GROUPED.has(f.type) ? (
            <div key={f.key} className="space-y-1 text-sm">
              <span className="text-gray-600">{f.label}</span>
              {input}
              {errors[f.key] && (
                <span role="alert" className="block text-xs text-red-600">
                  {errors[f.key]}
                </span>
              )}
            </div>
          ) : (
            <Field key={f.key} label={f.label} error={errors[f.key]}>
              {input}
            </Field>
          );
        })}
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
