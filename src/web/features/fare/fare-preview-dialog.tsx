import { useEffect, useState, type FormEvent } from 'react';
import type { CommandResult } from '../../../../commands/core/types.ts';
import { checkDistance } from '../../../shared/resources/fare.ts';
import { Modal } from '../../components/modal.tsx';
import { Button, Field, Input } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';

/**
 * 车费试算: city, distance and departure time in, the fare and how it adds up out. Opened by the
 * `fare.preview` command when it is given nothing (the toolbar button, the palette); the pricing
 * itself is the command's (and the server's).
 */
export function FarePreviewDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ cityCode: '330100', distance: '', time: '' });
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CommandResult | null>(null);

  useEffect(() => registerWidget('fare.preview', () => setOpen(true)), []);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const d = checkDistance(values.distance);
    if (!d.ok) return setError(d.message);
    setError(null);
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    setResult((await runCommand('fare.preview', args)) || null);
  };

  return (
    <Modal open={open} onOpenChange={(o) => (setOpen(o), o || setResult(null))} title="车费试算" width={520}>
      <form onSubmit={(e) => void submit(e)} aria-label="车费试算" className="grid grid-cols-1 gap-3">
        <Field label="城市区划代码">
          <Input value={values.cityCode} onChange={set('cityCode')} inputMode="numeric" maxLength={6} />
        </Field>
        <Field label="距离（公里）" error={error}>
          <Input value={values.distance} onChange={set('distance')} inputMode="decimal" />
        </Field>
        <Field label="出发时间（HH:mm，默认现在）">
          <Input value={values.time} onChange={set('time')} placeholder="HH:mm" maxLength={5} />
        </Field>
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
