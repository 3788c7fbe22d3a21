import { clsx } from 'clsx';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'w-full rounded-lg border border-black/15 bg-white px-3 py-2.5 text-base outline-none focus:border-accent focus:ring-2 focus:ring-accent/20';

/** A labelled input; `marked` adds the specification's asterisk to the label and aria-required. */
export const Field = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | undefined; marked?: boolean }
>(function Field({ label, error, marked, className, id, ...props }, ref) {
  const inputId = id ?? props.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
        {marked ? <span aria-hidden> *</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-required={marked || undefined}
        className={clsx(inputClass, className)}
        {...props}
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
});
