/**
 * The cron editor dialog (spec §4–5, modal 608 wide): a tab per field with its modes, the
 * expression as text (typed or built), and the next 10 run times recalculated 500 ms after the last
 * change (无执行时间 when there are none).
 */
import { useEffect, useMemo, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { CRON_MSG } from '../../../shared/cron.ts';
import {
  CRON_FIELDS,
  CRON_FIELD_TITLE,
  DEFAULT_CRON_PARTS,
  NO_RUN_TIMES,
  changeField,
  debouncedPreview,
  joinCron,
  splitCron,
  type CronField,
  type CronParts,
} from '../../../shared/cron-editor.ts';
import { Modal } from '../modal.tsx';
import { Button, Field, Input } from '../ui.tsx';
import { CronFieldPanel } from './cron-field-panel.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
const format = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

function Preview({ expression }: { expression: string }) {
  const [state, setState] = useState<{ runs: Date[] | null; for: string } | null>(null);
  const preview = useMemo(() => debouncedPreview((runs, e) => setState({ runs, for: e })), []);
  useEffect(() => {
    preview.update(expression);
  }, [preview, expression]);
  useEffect(() => () => preview.cancel(), [preview]);
  const runs = state?.runs;
  return (
    <section aria-labelledby="cron-preview-title" className="rounded border border-gray-200 p-2 text-sm">
      <h3 id="cron-preview-title" className="mb-1 font-medium text-gray-700">
        最近10次运行时间
      </h3>
      <div aria-live="polite">
        {!state ? (
          <p className="text-gray-600">计算中…</p>
        ) : runs === null ? (
          <p role="alert" className="text-red-600">
            {CRON_MSG.invalid}
          </p>
        ) : runs!.length === 0 ? (
          <p className="text-gray-600">{NO_RUN_TIMES}</p>
        ) : (
          <ol aria-label="运行时间" className="grid grid-cols-1 gap-x-4 font-mono sm:grid-cols-2">
            {runs!.map((d, i) => (
              <li key={d.getTime()}>
                {i + 1}. {format(d)}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

export default function CronDialog({
  value,
  onClose,
  onConfirm,
}: {
  value: string;
  onClose(): void;
  onConfirm(expression: string): void;
}) {
  const [parts, setParts] = useState<CronParts>(() => splitCron(value) ?? DEFAULT_CRON_PARTS);
  const [text, setText] = useState(() => (splitCron(value) ? value.trim() : joinCron(DEFAULT_CRON_PARTS)));
  const [tab, setTab] = useState<CronField>('second');

  const setField = (field: CronField, fieldText: string) => {
    const next = changeField(parts, field, fieldText);
    setParts(next);
    setText(joinCron(next));
  };
  const typed = (t: string) => {
    setText(t);
    const read = splitCron(t);
    if (read) setParts(read);
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Cron表达式"
      width={608}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => onConfirm(text.trim().replace(/\s+/g, ' '))}>
            确定
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as CronField)}>
          <Tabs.List aria-label="Cron字段" className="mb-2 flex flex-wrap border-b">
            {CRON_FIELDS.map((f) => (
              <Tabs.Trigger
                key={f}
                value={f}
                className="border-b-2 border-transparent px-3 py-1 text-sm text-gray-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] data-[state=active]:border-[var(--primary)] data-[state=active]:text-[var(--primary)]"
              >
                {CRON_FIELD_TITLE[f]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {CRON_FIELDS.map((f) => (
            <Tabs.Content
              key={f}
              value={f}
              className="max-h-[40vh] overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]"
            >
              <CronFieldPanel
                field={f}
                text={parts[f]}
                disabled={f === 'day' && parts.week !== '?'}
                onChange={(t) => setField(f, t)}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Field label="表达式">
          <Input className="font-mono" value={text} onChange={(e) => typed(e.target.value)} />
        </Field>
        <Preview expression={text} />
      </div>
    </Modal>
  );
}
