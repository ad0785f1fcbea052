import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { dismiss, useNotices } from '../lib/notify.ts';
import { useDialogs, type DialogRequest } from '../lib/dialogs.ts';
import { Button, Input } from './ui.tsx';

const LEVEL = {
  info: 'border-blue-300 bg-blue-50',
  success: 'border-green-300 bg-green-50',
  warning: 'border-amber-300 bg-amber-50',
  error: 'border-red-300 bg-red-50',
} as const;

/** Toasts in the top right corner. */
export function Toasts() {
  const notices = useNotices();
  return (
    <div aria-live="polite" className="fixed right-4 top-4 z-[60] flex w-80 flex-col gap-2">
      {notices.map((n) => (
        <div
          key={n.id}
          role={n.level === 'error' || n.level === 'warning' ? 'alert' : 'status'}
          className={`rounded border p-3 text-sm shadow ${LEVEL[n.level]}`}
        >
          <div className="flex justify-between gap-2">
            <div>
              {n.title && <p className="font-medium">{n.title}</p>}
              <p>{n.message}</p>
            </div>
            <button
              type="button"
              aria-label="关闭通知"
              onClick={() => dismiss(n.id)}
              className="text-gray-600"
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

function DialogView({ d }: { d: DialogRequest }) {
  const [value, setValue] = useState(d.defaultValue ?? '');
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (d.kind !== 'prompt') ok.current?.focus();
  }, [d.kind]);
  const done = (v: boolean | string | null) => d.resolve(v);
  return (
    <Dialog.Root open onOpenChange={(o) => !o && done(d.kind === 'prompt' ? null : false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-32 z-[56] w-[420px] -translate-x-1/2 rounded bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="mb-2 text-base font-semibold">{d.title}</Dialog.Title>
          {d.content && <p className="mb-3 whitespace-pre-line text-sm text-gray-600">{d.content}</p>}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              done(d.kind === 'prompt' ? value : true);
            }}
          >
            {d.kind === 'prompt' && (
              <Input
                autoFocus
                type={d.secret ? 'password' : 'text'}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
            <div className="mt-4 flex justify-end gap-2">
              {d.cancelText && (
                <Button onClick={() => done(d.kind === 'prompt' ? null : false)}>{d.cancelText}</Button>
              )}
              <Button ref={ok} type="submit" variant="primary">
                {d.okText ?? '确定'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Confirmations and prompts requested through lib/dialogs (one at a time). */
export function DialogHost() {
  const dialogs = useDialogs();
  const d = dialogs[0];
  return d ? <DialogView key={d.id} d={d} /> : null;
}
