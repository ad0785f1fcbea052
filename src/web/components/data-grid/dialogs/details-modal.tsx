import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../ui.tsx';
import { DialogFrame } from './dialog-frame.tsx';
import { MAIN_FORM, detailColumns, validateInOrder, type Validator } from './details-model.ts';

/** Width of the details modal (spec §9). */
export const DETAILS_WIDTH = 1200;

/** One label / value pair of the main form. */
export interface DetailField {
  label: string;
  value: ReactNode;
  /** columns this field spans (e.g. a long remark) */
  span?: number;
}

/** A sub form, shown as a tab. */
export interface DetailTab {
  key: string;
  title: string;
  content: ReactNode;
  /** checked after the main form, in tab order (validate mode) */
  validate?: Validator;
}

/** Props of `DetailsModal`. */
export interface DetailsModalProps {
  open: boolean;
  onClose(): void;
  title?: string;
  /** the main form as a read-only field grid */
  fields?: DetailField[];
  /** columns of the field grid: default 3, at most 4 */
  columns?: number;
  /** custom main form content below the field grid */
  children?: ReactNode;
  tabs?: DetailTab[];
  /**
   * Validate mode: 确定 checks `validate` (the main form) first, then each tab's validator, shows
   * the first message and activates the failing tab; when all pass it calls `onConfirm`.
   */
  validate?: Validator;
  onConfirm?(): void | Promise<void>;
}

/** The read-only field grid of the main form (spec §9 detail list). */
export function DetailList({ fields, columns }: { fields: DetailField[]; columns?: number }) {
  const n = detailColumns(columns);
  return (
    <dl
      className="grid gap-x-6 gap-y-3 text-sm"
      style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` }}
    >
      {fields.map((f) => (
        <div
          key={f.label}
          className="flex min-w-0 gap-2"
          style={f.span ? { gridColumn: `span ${Math.min(f.span, n)}` } : undefined}
        >
          <dt className="shrink-0 text-gray-500">{f.label}：</dt>
          <dd className="min-w-0 break-words text-gray-900">{f.value ?? ''}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 详细信息 (width 1200, full screen switchable, reset to normal on each opening): the main form as a
 * field grid and the sub forms as tabs; in validate mode the footer's 确定 validates in spec order.
 */
export function DetailsModal(props: DetailsModalProps) {
  const { open, tabs = [] } = props;
  const [active, setActive] = useState(tabs[0]?.key ?? '');
  const [error, setError] = useState<{ tab: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setActive(tabs[0]?.key ?? '');
      setError(null);
    }
    // only on opening: the tabs keep their place while open
  }, [open]);
  const validating = Boolean(props.validate || props.onConfirm || tabs.some((t) => t.validate));
  const confirm = async () => {
    setBusy(true);
    try {
      const result = await validateInOrder(props.validate, tabs);
      if (!result.ok) {
        setError({ tab: result.tab, message: result.message });
        if (result.tab !== MAIN_FORM) setActive(result.tab);
        return;
      }
      setError(null);
      await props.onConfirm?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      open={open}
      onClose={props.onClose}
      title={props.title ?? '详细信息'}
      width={DETAILS_WIDTH}
      fullscreenToggle
      footer={
        validating ? (
          <>
            <Button onClick={props.onClose}>取消</Button>
            <Button variant="primary" disabled={busy} onClick={() => void confirm()}>
              确定
            </Button>
          </>
        ) : (
          <Button onClick={props.onClose}>关闭</Button>
        )
      }
    >
      <section aria-label="主表" className="space-y-3">
        {props.fields && <DetailList fields={props.fields} columns={props.columns} />}
        {props.children}
        {error?.tab === MAIN_FORM && (
          <p role="alert" className="text-sm text-red-600">
            {error.message}
          </p>
        )}
      </section>
      {tabs.length > 0 && (
        <div className="mt-4">
          <div role="tablist" aria-label="子表" className="flex gap-1 border-b">
            {tabs.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                id={`details-tab-${t.key}`}
                aria-selected={active === t.key}
                aria-controls={`details-panel-${t.key}`}
                onClick={() => setActive(t.key)}
                className={`-mb-px border-b-2 px-4 py-2 text-sm ${
                  active === t.key
                    ? 'border-[var(--primary)] text-[var(--primary)]'
                    : 'border-transparent text-gray-600'
                } ${error?.tab === t.key ? 'text-red-600' : ''}`}
              >
                {t.title}
              </button>
            ))}
          </div>
          {tabs.map((t) => (
            <div
              key={t.key}
              role="tabpanel"
              id={`details-panel-${t.key}`}
              aria-labelledby={`details-tab-${t.key}`}
              hidden={active !== t.key}
              className="pt-3"
            >
              {t.content}
              {error?.tab === t.key && (
                <p role="alert" className="mt-2 text-sm text-red-600">
                  {error.message}
                </p>
              )}
            </div>
          ))}
        </div>
      )}
    </DialogFrame>
  );
}
