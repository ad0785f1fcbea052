import { forwardRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

/** Small primitives styled once; every page uses these rather than its own classes. */
export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & {
    variant?: 'primary' | 'default' | 'danger' | 'link';
    size?: 'sm' | 'md';
  }
>(function Button({ variant = 'default', size = 'md', className = '', ...rest }, ref) {
  const look = {
    primary: 'bg-[var(--primary)] text-white border-[var(--primary)] hover:opacity-90',
    default:
      'bg-white text-gray-700 border-gray-300 hover:border-[var(--primary)] hover:text-[var(--primary)]',
    danger: 'bg-white text-red-600 border-red-300 hover:bg-red-50',
    link: 'border-transparent text-[var(--primary)] hover:underline px-1',
  }[variant];
  const pad = size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm';
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

/** A labelled form row with its validation message. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <label className="block space-y-1 text-sm">
      <span className="text-gray-600">{label}</span>
      {children}
      {error ? (
        <span role="alert" className="block text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** Keyboard hint chip (e.g. Ctrl+K). */
export const Kbd = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border border-gray-300 bg-gray-50 px-1 font-mono text-[11px] text-gray-500">
    {children}
  </kbd>
);
