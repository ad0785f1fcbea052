import {
  Fragment,
  cloneElement,
  forwardRef,
  isValidElement,
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Small primitives styled once; every page uses these rather than its own classes. */
export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & {
    variant?: 'primary' | 'default' | 'danger' | 'link';
    size?: 'sm' | 'md';
  }
>(function Button({ variant = 'default', size = 'md', className = '', ...rest }, ref) {
  const look = {
    // hover darkens: a lighter (opacity) hover let white text fall under 4.5:1
    primary: 'bg-[var(--primary)] text-white border-[var(--primary)] hover:brightness-90',
    default:
      'bg-white text-gray-700 border-gray-300 hover:border-[var(--primary)] hover:text-[var(--primary)]',
    danger: 'bg-white text-red-600 border-red-300 hover:bg-red-50',
    link: 'border-transparent text-[var(--primary)] hover:underline px-1',
  }[variant];
  // a small button is still a 24 px target (WCAG 2.2 target size)
  const pad = size === 'sm' ? 'min-h-6 px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm';
  return (
    <button
      ref={ref}
      type="button"
      className={`inline-flex items-center gap-1 rounded border ${pad} ${look} focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
      {...rest}
    />
  );
});

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = '', ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      className={`w-full rounded border border-gray-300 px-2 py-1 text-sm focus:border-[var(--primary)] focus:outline-none ${className}`}
      {...rest}
    />
  );
});

/**
 * A labelled form row with its validation message. A single control (input, select, textarea,
 * `Input`, or a component that passes `id` on, such as `FieldInput`) is labelled by `for`/`id` and
 * described by its message, so its accessible name is the
 * label alone (not the label plus the chosen option or the error text); a composite (a code input
 * with its send button) stays wrapped by the label; a `group` (省市区, pictures) labels itself and
 * the row only shows the text. A `required` row marks its label with a red `*` (hidden from
 * assistive technology, outside the label: the name stays the label) and its single control with
 * `aria-required` (a group's own control gets it from `FieldInput`). A row with an error carries
 * `data-invalid`, so the form can move the focus to the first one (`focusFirstInvalid`).
 */
export function Field({
  label,
  error,
  required = false,
  group = false,
  children,
}: {
  label: string;
  error?: string | null;
  required?: boolean;
  /** the control is a labelled group of its own (role=group with the label as its name) */
  group?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = error ? (
    <span id={errorId} role="alert" className="block text-xs text-red-600">
      {error}
    </span>
  ) : null;
  const mark = required ? (
    <span aria-hidden="true" className="mr-0.5 text-red-600">
      *
    </span>
  ) : null;
  const row = { className: 'block space-y-1 text-sm', 'data-invalid': error ? 'true' : undefined };
  if (group)
    return (
      <div {...row}>
        <span className="block text-gray-600">
          {mark}
          {label}
        </span>
        {children}
        {message}
      </div>
    );
  // one control (a native one, `Input`, or a component passing `id` on to its control)
  const single =
    isValidElement(children) &&
    children.type !== Fragment &&
    !['div', 'span', 'label'].includes(children.type as string);
  if (!single)
    return (
      <div {...row}>
        {mark && <span className="float-left">{mark}</span>}
        <label className="block space-y-1">
          <span className="text-gray-600">{label}</span>
          {children}
        </label>
        {message}
      </div>
    );
  const control = cloneElement(children as ReactElement<Record<string, unknown>>, {
    id,
    ...(required ? { 'aria-required': true } : {}),
    ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
  });
  return (
    <div {...row}>
      <span className="flex items-baseline">
        {mark}
        <label htmlFor={id} className="block text-gray-600">
          {label}
        </label>
      </span>
      {control}
      {message}
    </div>
  );
}

/**
 * Focus the first control of the first row with an error (`Field`'s `data-invalid`) inside a
 * form, after an invalid submit; true when one took the focus.
 */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const row = root?.querySelector('[data-invalid]');
  const control = row?.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([tabindex="-1"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex="-1"])',
  );
  control?.focus();
  return !!control && document.activeElement === control;
}

/**
 * What an edit form shows until the record it edits has loaded: its fields appear only with the
 * record's values, so nothing typed early is overwritten by the load and nothing blank is saved.
 */
export const FormLoading = () => (
  <p role="status" className="col-span-full text-sm text-gray-700">
    加载中…
  </p>
);

/** An edit dialog whose record has not loaded: 加载中…, or why it failed; 取消 closes it. */
export const FormPending = ({ error, onCancel }: { error?: Error | null; onCancel(): void }) => (
  <div className="space-y-3">
    {error ? (
      <p role="alert" className="text-sm text-red-600">
        加载失败：{error.message}
      </p>
    ) : (
      <FormLoading />
    )}
    <div className="flex justify-end">
      <Button onClick={onCancel}>取消</Button>
    </div>
  </div>
);

/** Keyboard hint chip (e.g. Ctrl+K). */
export const Kbd = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border border-gray-300 bg-gray-50 px-1 font-mono text-[11px] text-gray-700">
    {children}
  </kbd>
);
