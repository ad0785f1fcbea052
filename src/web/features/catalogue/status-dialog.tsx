/**
 * 修改状态: the dialog a status command opens when run on screen without a status (toolbar, row,
 * palette). It only asks; the command (with the chosen status and reason) does the change.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button, Field } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';

export function StatusDialog({
  widget,
  title,
  command,
  options,
  reason,
}: {
  widget: string;
  title: string;
  command: string;
  options: ReadonlyArray<{ value: string; text: string }>;
  /** ask for a reason (required by the server for some statuses) */
  reason?: boolean;
}) {
  const [ids, setIds] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [why, setWhy] = useState('');
  useEffect(
    () =>
      registerWidget(widget, (props) => {
        setStatus('');
        setWhy('');
        setIds(String((props as { ids?: string }).ids ?? ''));
      }),
    [widget],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ids) return;
    const args = {
      ids,
      status: status || undefined,
      ...(reason && why.trim() ? { reason: why.trim() } : {}),
    };
    if (await runCommand(command, args, 'button')) setIds(null);
  };
  return (
    <Modal open={ids !== null} onOpenChange={(o) => !o && setIds(null)} title={title} width={450}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={title}>
        <Field label="新状态">
          <select
            className="w-full rounded border p-1"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            required
          >
            <option value="">请选择</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
        </Field>
        {reason && (
          <Field label="原因">
            <textarea
              className="w-full rounded border border-gray-300 p-1 text-sm"
              rows={3}
              maxLength={255}
              value={why}
              onChange={(e) => setWhy(e.target.value)}
            />
          </Field>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setIds(null)}>取消</Button>
          <Button type="submit" variant="primary">
            确定
          </Button>
        </div>
      </form>
    </Modal>
  );
}
