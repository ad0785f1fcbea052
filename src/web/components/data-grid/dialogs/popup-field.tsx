import { Suspense, lazy, useEffect, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { checkPopupConfig, mapPopupRows } from './popup-config.ts';

const PopupReportModal = lazy(() => import('./popup-report-modal.tsx'));

/** Props of `PopupField` (JeecgBoot `JPopup`). */
export interface PopupFieldProps {
  /** report code */
  code?: string;
  /** report columns to copy, comma separated */
  orgFields?: string;
  /** form fields receiving them, comma separated, same order */
  destFields?: string;
  multi?: boolean;
  /** the text shown in the input (usually the form value of the first destination field) */
  value?: string;
  /** destination field → value (multi: comma-joined), plus the chosen rows */
  onChange(values: Record<string, string>, rows: Array<Record<string, unknown>>): void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/**
 * A read-only input that opens the popup report and copies the chosen row's `orgFields` into the
 * form's `destFields`. A wrong configuration (spec §5) disables it and says why.
 */
export function PopupField(props: PopupFieldProps) {
  const { code, orgFields, destFields, multi = false, value, onChange } = props;
  const check = checkPopupConfig({ code, orgFields, destFields });
  const problem = check.ok ? null : check.message;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (problem) notify('error', problem);
  }, [problem]);
  const disabled = props.disabled || !check.ok;
  return (
    <span className="block">
      <input
        id={props.id}
        aria-label={props['aria-label']}
        readOnly
        value={value ?? ''}
        placeholder={props.placeholder ?? '请选择'}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        onClick={() => !disabled && setOpen(true)}
        onKeyDown={(e) => {
          if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="w-full cursor-pointer rounded border border-gray-300 px-2 py-1 text-sm focus:border-[var(--primary)] focus:outline-none disabled:cursor-not-allowed disabled:bg-gray-100"
      />
      {problem && (
        <span role="alert" className="block text-xs text-red-600">
          {problem}
        </span>
      )}
      {open && check.ok && (
        <Suspense fallback={null}>
          <PopupReportModal
            open
            code={check.code}
            multi={multi}
            onCancel={() => setOpen(false)}
            onConfirm={(pick) => {
              setOpen(false);
              onChange(mapPopupRows(pick.rows, check.org, check.dest), pick.rows);
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
