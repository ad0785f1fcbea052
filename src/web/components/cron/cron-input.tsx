/**
 * A cron expression field: typed as text, or built in the cron editor (选择), which loads on first
 * use. The form and the server check the text with the same Quartz rules.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Input } from '../ui.tsx';

const CronDialog = lazy(() => import('./cron-dialog.tsx'));

export function CronInput(p: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <span className="flex gap-2">
      <Input
        id={p.id}
        aria-invalid={p['aria-invalid']}
        aria-describedby={p['aria-describedby']}
        aria-required={p['aria-required']}
        className="font-mono"
        placeholder="如 0/5 * * * * ?"
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value)}
      />
      <Button aria-label={`编辑${p.label}`} disabled={p.disabled} onClick={() => setOpen(true)}>
        选择
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CronDialog
            value={p.value}
            onClose={() => setOpen(false)}
            onConfirm={(v) => {
              p.onChange(v);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
