/**
 * 修改状态: the dialog a resource's set-by-value command (`partner status`, `technician status`,
 * `goods status`) opens when run on screen without a state (toolbar, row, palette). It offers only
 * the states every chosen row can be set to by a declared action, and asks for the reason where
 * that action requires one, before 确定; the command (with the chosen state and reason) does the
 * change.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Resource } from '../../shared/resources/define.ts';
import {
  TRANSITION_MSG,
  settableStates,
  type TransitionPreview,
} from '../../shared/resources/transitions.ts';
import { callTo } from '../lib/api-client.ts';
import type { StatusFormProps } from '../../../commands/resources/status-form.ts';
import { Modal } from '../components/modal.tsx';
import { Button, Field } from '../components/ui.tsx';
import { registerWidget, runCommand } from '../shell/runtime.ts';

/** The dialog of `resource`'s `<name>.statusForm`, running `command` with the chosen state. */
export function StatusDialog({
  resource,
  title,
  command,
  stateArg = 'status',
}: {
  resource: Resource;
  title: string;
  command: string;
  /** the command's argument taking the state */
  stateArg?: string;
}) {
  const states = resource.decl.states!;
  const field = resource.decl.fields.find((f) => f.key === states.field);
  const all = field?.options ?? Object.entries(states.texts ?? {}).map(([value, text]) => ({ value, text }));
  const takesReason = Object.values(states.transitions).some((t) => t.reason);
  const [open, setOpen] = useState<StatusFormProps | null>(null);
  const [status, setStatus] = useState('');
  const [why, setWhy] = useState('');
  const [error, setError] = useState('');
  useEffect(
    () =>
      registerWidget(`${resource.decl.name}.statusForm`, (props) => {
        setStatus('');
        setWhy('');
        setError('');
        setOpen(props as unknown as StatusFormProps);
      }),
    [resource.decl.name],
  );
  const offered = open
    ? settableStates(
        states,
        open.states,
        all.map((o) => o.value),
        open.same,
      )
    : [];
  const chosen = offered.find((o) => o.to === status);
  const reasonRequired = Boolean(chosen?.reasonRequired);
  // an action confirmed with its preview (a partner's 停用): what else it changes, from its dry run
  const previewed = resource.states?.actions.find(
    (a) =>
      a.transition.to === status &&
      a.transition.confirm === 'preview' &&
      open?.states.every((s) => a.transition.from.includes(s)),
  );
  const { data: consequences } = useQuery({
    queryKey: [...resource.queryKey, 'statusPreview', previewed?.name, open?.ids],
    enabled: Boolean(open && previewed),
    queryFn: async () => {
      const planned = await callTo<Array<{ preview?: TransitionPreview }>>(previewed!.endpoint, {
        // the reason does not change what happens; a required one is asked for below
        body: { ids: open!.ids, reason: '-', dryRun: true },
      });
      return planned
        .map((p) => p.preview?.message)
        .filter(Boolean)
        .join('\n');
    },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!open || !chosen) return;
    if (reasonRequired && !why.trim()) return setError(TRANSITION_MSG.reasonRequired);
    const args = {
      ids: open.ids,
      [stateArg]: status,
      ...(takesReason && why.trim() ? { reason: why.trim() } : {}),
    };
    if (await runCommand(command, args, 'button')) setOpen(null);
  };
  return (
    <Modal open={open !== null} onOpenChange={(o) => !o && setOpen(null)} title={title} width={450}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={title} noValidate>
        {open && open.states.length > 1 && (
          <p className="text-sm text-gray-600">
            已选 {open.states.length} 个{resource.decl.title}
          </p>
        )}
        <Field label="新状态">
          <select
            className="w-full rounded border p-1"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            aria-required="true"
            disabled={offered.length === 0}
          >
            <option value="">{offered.length ? '请选择' : '没有可改的状态'}</option>
            {offered.map((o) => (
              <option key={o.to} value={o.to}>
                {all.find((a) => a.value === o.to)?.text ?? o.to}
              </option>
            ))}
          </select>
        </Field>
        {takesReason && (
          <Field label="原因">
            <textarea
              className="w-full rounded border border-gray-300 p-1 text-sm"
              rows={3}
              maxLength={255}
              value={why}
              aria-required={reasonRequired}
              aria-invalid={Boolean(error)}
              placeholder={reasonRequired ? '必填' : '选填'}
              onChange={(e) => {
                setWhy(e.target.value);
                if (e.target.value.trim()) setError('');
              }}
            />
          </Field>
        )}
        {previewed && consequences && (
          <p role="note" className="whitespace-pre-line text-sm text-orange-700">
            {consequences}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(null)}>取消</Button>
          <Button type="submit" variant="primary" disabled={!chosen}>
            确定
          </Button>
        </div>
      </form>
    </Modal>
  );
}
