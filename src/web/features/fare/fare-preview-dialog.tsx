import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CommandResult } from '../../../../commands/core/types.ts';
import { FARE_MSG, checkDistance } from '../../../shared/resources/fare.ts';
import { Modal } from '../../components/modal.tsx';
import { AreaInput } from '../../components/fields/area-input.tsx';
import { Button, Field, Input, focusFirstInvalid } from '../../components/ui.tsx';
import { registerWidget, tryCommand } from '../../shell/runtime.ts';

type Values = { cityCode: string; distance: string; time: string };
type Errors = Partial<Record<keyof Values | 'form', string>>;

/** The dialog's own checks of what it sends (the server checks again). */
function check(v: Values): Errors {
  const d = checkDistance(v.distance);
  return {
    ...(v.cityCode ? {} : { cityCode: FARE_MSG.city }),
    ...(d.ok ? {} : { distance: d.message }),
    ...(!v.time.trim() || /^([01]\d|2[0-3]):[0-5]\d$/.test(v.time.trim()) ? {} : { time: FARE_MSG.time }),
  };
}

/**
 * 车费试算: city (the 省市区 cascader: a division, never a typed code), distance and departure time
 * in, the fare and how it adds up out. Opened by the `fare.preview` command when it is given
 * nothing (the toolbar button, the palette); the pricing itself is the command's (and the
 * server's). Every refusal shows in the form, next to its field when it is about one.
 */
export function FarePreviewDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>({ cityCode: '330100', distance: '', time: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<CommandResult | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);

  useEffect(() => registerWidget('fare.preview', () => setOpen(true)), []);
  useEffect(() => {
    if (focusError.current) focusFirstInvalid(form.current);
    focusError.current = false;
  }, [errors]);
  const change = (key: keyof Values, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // a message goes as soon as its field is fixed; a refusal of the whole trial with any change
    const now = check(next);
    setErrors((old) => {
      const kept: Errors = {};
      for (const k of ['cityCode', 'distance', 'time'] as const) if (old[k] && now[k]) kept[k] = now[k];
      return kept;
    });
  };
  const set = (key: keyof Values) => (e: { target: { value: string } }) => change(key, e.target.value);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(values);
    focusError.current = true;
    if (Object.keys(found).length) return setErrors(found);
    setErrors({});
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    const outcome = await tryCommand('fare.preview', args);
    if ('error' in outcome) {
      const key =
        outcome.error === FARE_MSG.city ? 'cityCode' : outcome.error === FARE_MSG.time ? 'time' : 'form';
      return setErrors({ [key]: outcome.error });
    }
    focusError.current = false;
    setResult(outcome.result || null);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (setOpen(o), setErrors({}), o || setResult(null))}
      title="车费试算"
      width={520}
    >
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="车费试算"
        className="grid grid-cols-1 gap-3"
      >
        <Field label="城市" error={errors.cityCode} required group>
          <AreaInput label="城市" value={values.cityCode} onChange={(v) => change('cityCode', v)} required />
        </Field>
        <Field label="距离（公里）" error={errors.distance} required>
          <Input value={values.distance} onChange={set('distance')} inputMode="decimal" />
        </Field>
        <Field label="出发时间（HH:mm，默认现在）" error={errors.time}>
          <Input value={values.time} onChange={set('time')} placeholder="HH:mm" maxLength={5} />
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>关闭</Button>
          <Button type="submit" variant="primary">
            试算
          </Button>
        </div>
      </form>
      {result?.message && (
        <section aria-label="试算结果" className="mt-3 border-t pt-3 text-sm">
          <p className="font-medium">{result.message}</p>
          {result.table && (
            <table className="mt-2 w-full text-left">
              <tbody>
                {result.table.rows.map((r) => (
                  <tr key={String(r.item)} className="border-b last:border-0">
                    <th scope="row" className="py-1 font-normal text-gray-700">
                      {String(r.item)}
                    </th>
                    <td className="py-1 text-right tabular-nums">{String(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </Modal>
  );
}
