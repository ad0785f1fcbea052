import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { Modal } from './modal.tsx';
import { Button, Field, FormLoading, focusFirstInvalid } from './ui.tsx';
import { registerWidget, tryCommand } from '../shell/runtime.ts';
import { FieldInput, type FieldInputProps } from './fields/field-input.tsx';
import { SubTableInput, subRow, subRowValues, type FormSubTable, type SubRow } from './sub-table-input.tsx';
import { fieldRightsOf, storedAuth } from './data-grid/list/column-auth.ts';
import { NO_FIELD_RIGHTS } from '../../shared/auth-rules.ts';
import { ROW_VERSION } from '../../shared/resources/transitions.ts';

/** A field of a simple entity form. */
export interface FormField extends Pick<
  FieldInputProps,
  'type' | 'dictCode' | 'options' | 'upload' | 'multiple' | 'reference' | 'pcode'
> {
  key: string;
  label: string;
  /** not editable once saved (e.g. a code other rows refer to) */
  fixedOnEdit?: boolean;
  /** refused blank: the label is marked and the control says `aria-required` */
  required?: boolean;
  /**
   * the server's refusals that are about this field (already taken, not to be changed, no such
   * row): a save refused with one shows it next to the field, not as a toast
   */
  messages?: readonly string[];
  /**
   * the input follows another field's value: per value its kind (a reference picker or text);
   * not shown for a value not named
   */
  by?: { field: string; cases: Record<string, Pick<FormField, 'type' | 'reference'>> };
}

/** Inputs that hold several controls: a group with its own label, not one wrapped in a label. */
const GROUPED = new Set<FormField['type']>(['image', 'images', 'area', 'location', 'richtext']);

type Values = Record<string, string>;
/** one empty list for forms without sub tables (a stable dependency of the load effect) */
const NO_SUB_TABLES: FormSubTable[] = [];
type Mode = { mode: 'add' | 'edit'; id?: string };

/** Key of the form-level message: a refusal that names no field. */
const FORM_ERROR = '';

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
  subTables = NO_SUB_TABLES,
  authPrefix,
  preview,
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
  /** sub tables edited with the row (loaded from and sent as `<key>` lists) */
  subTables?: FormSubTable[];
  /**
   * permission prefix of field rights (`customer:`, spec §6): a field whose type "1" right the
   * caller lacks is not shown, one whose type "2" right they lack is disabled; neither is sent
   */
  authPrefix?: string;
  /**
   * shown under the fields while the form is open, given the values as they would be sent (the
   * server's price of a booking before it is saved)
   */
  preview?(input: Record<string, unknown>, mode: 'add' | 'edit'): ReactNode;
}) {
  const rights = useMemo(() => {
    if (!authPrefix) return NO_FIELD_RIGHTS;
    const { auth, allAuth } = storedAuth();
    return fieldRightsOf(
      authPrefix,
      auth,
      allAuth,
      fields.map((f) => f.key),
    );
  }, [authPrefix, fields]);
  const withheld = (key: string) => rights.hidden.has(key) || rights.readonly.has(key);
  const [state, setState] = useState<Mode | null>(null);
  const [values, setValues] = useState<Values>({});
  const [rows, setRows] = useState<Record<string, SubRow[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  /** an invalid submit asks for the focus on the first field in error once it is drawn */
  const focusError = useRef(false);
  const [version, setVersion] = useState<string | undefined>(undefined);
  /** the record being edited has loaded (always so when adding) */
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => registerWidget(widget, (props) => setState(props as Mode)), [widget]);
  useEffect(() => {
    setErrors({});
    setValues({});
    setRows({});
    setVersion(undefined);
    setLoaded(state?.mode !== 'edit');
    setLoadError(null);
    if (state?.mode !== 'edit' || !state.id) return;
    let live = true;
    void load(state.id).then(
      (row) => {
        if (!live) return;
        setLoaded(true);
        setValues(Object.fromEntries(fields.map((f) => [f.key, String(row[f.key] ?? '')])));
        // the row's version as read: the server refuses the edit if the row changed since
        setVersion(typeof row[ROW_VERSION] === 'string' ? row[ROW_VERSION] : undefined);
        setRows(
          Object.fromEntries(
            subTables.map((t) => [
              t.key,
              ((row[t.key] ?? []) as Array<Record<string, unknown>>).map((r) => subRow(t, r)),
            ]),
          ),
        );
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [state, load, fields, subTables]);

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    focusFirstInvalid(form.current);
  }, [errors]);

  /** What the form would send, with the rules that check it. */
  const inputOf = (v: Values, r: Record<string, SubRow[]>) => {
    const sub = Object.fromEntries(subTables.map((t) => [t.key, subRowValues(t, r[t.key] ?? [])]));
    const own = Object.fromEntries(Object.entries(v).filter(([k]) => !withheld(k)));
    return state?.mode === 'edit' ? { id: state.id, ...own, ...sub } : { ...own, ...sub };
  };
  const rules = state?.mode === 'add' && addSchema ? addSchema : schema;

  /**
   * Shown messages of changed fields checked again: one fixed goes away at once (a chosen 等级
   * clears 请选择等级); nothing new is shown before the next submit.
   */
  const recheck = (keys: string[], v: Values, r: Record<string, SubRow[]>) =>
    setErrors((old) => {
      const shown = keys.filter((k) => k in old);
      if (!shown.length && !(FORM_ERROR in old)) return old;
      const parsed = rules.safeParse(inputOf(v, r));
      const now = parsed.success ? {} : fieldErrors(parsed.error);
      const next = { ...old };
      delete next[FORM_ERROR];
      for (const k of shown) {
        // a server's refusal of this value (already taken) holds until the value changes
        if (now[k]) next[k] = now[k];
        else delete next[k];
      }
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!state || !loaded) return;
    const input = inputOf(values, rows);
    const parsed = rules.safeParse(input);
    if (!parsed.success) {
      focusError.current = true;
      return setErrors(fieldErrors(parsed.error));
    }
    setErrors({});
    const command = state.mode === 'edit' ? commands.edit : commands.add;
    const sent = state.mode === 'edit' && version ? { ...input, [ROW_VERSION]: version } : input;
    const outcome = await tryCommand(command, sent as Record<string, unknown>, 'button');
    if ('error' in outcome) {
      // the server's refusal next to the field it is about, else in the form
      const field = fields.find((f) => f.messages?.includes(outcome.error) && !rights.hidden.has(f.key));
      focusError.current = true;
      return setErrors({ [field?.key ?? FORM_ERROR]: outcome.error });
    }
    if (outcome.result) setState(null);
  };

  const heading = `${state?.mode === 'edit' ? '编辑' : '新增'}${title}`;
  return (
    <Modal open={!!state} onOpenChange={(o) => !o && setState(null)} title={heading} width={width}>
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid grid-cols-1 gap-3"
        aria-label={heading}
      >
        {!loaded &&
          (loadError ? (
            <p role="alert" className="text-sm text-red-600">
              加载失败：{loadError}
            </p>
          ) : (
            <FormLoading />
          ))}
        {loaded &&
          fields.map((field) => {
            const kind = field.by ? field.by.cases[values[field.by.field] ?? ''] : {};
            if (!kind || rights.hidden.has(field.key)) return null;
            const f = { ...field, ...kind };
            // a reference picked within another field's value (an order's address: its customer's)
            const inside = f.reference?.within;
            const owner = inside && fields.find((g) => g.key === inside.field);
            const input = (
              <FieldInput
                {...f}
                {...(inside
                  ? {
                      within: {
                        key: inside.field,
                        value: values[inside.field] ?? '',
                        missing: `请先选择${owner?.label ?? inside.field}`,
                      },
                    }
                  : {})}
                label={f.label}
                {...(f.required ? { 'aria-required': true } : {})}
                value={values[f.key] ?? ''}
                disabled={(state?.mode === 'edit' && f.fixedOnEdit) || rights.readonly.has(f.key)}
                onChange={(v) => {
                  // a field following this one starts over (a project id is no web address), and so
                  // does one picked within it (another customer's address)
                  const reset = fields
                    .filter((g) => g.by?.field === f.key || g.reference?.within?.field === f.key)
                    .map((g) => g.key);
                  const next = { ...values, ...Object.fromEntries(reset.map((k) => [k, ''])), [f.key]: v };
                  setValues((old) => ({
                    ...old,
                    ...Object.fromEntries(reset.map((k) => [k, ''])),
                    [f.key]: v,
                  }));
                  recheck([f.key, ...reset], next, rows);
                }}
              />
            );
            return (
              <Field
                key={f.key}
                label={f.label}
                error={errors[f.key]}
                required={!!f.required}
                group={GROUPED.has(f.type)}
              >
                {input}
              </Field>
            );
          })}
        {loaded &&
          subTables.map((t) => (
            <SubTableInput
              key={t.key}
              table={t}
              rows={rows[t.key] ?? []}
              onChange={(next) => {
                setRows((old) => ({ ...old, [t.key]: next }));
                recheck([t.key], values, { ...rows, [t.key]: next });
              }}
              error={errors[t.key]}
            />
          ))}
        {loaded &&
          state &&
          preview?.(
            {
              ...(state.mode === 'edit' ? { id: state.id } : {}),
              ...values,
              ...Object.fromEntries(subTables.map((t) => [t.key, subRowValues(t, rows[t.key] ?? [])])),
            },
            state.mode,
          )}
        {errors[FORM_ERROR] && (
          <p role="alert" data-invalid="true" className="text-sm text-red-600">
            {errors[FORM_ERROR]}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setState(null)}>取消</Button>
          <Button type="submit" variant="primary" disabled={!loaded}>
            确定
          </Button>
        </div>
      </form>
    </Modal>
  );
}
