import { clsx } from 'clsx';
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClass } from './field';

/**
 * A labelled native select: on phones it opens the system picker, and it costs no JavaScript.
 * `marked` adds the specification's asterisk; options may be disabled (spec §5's 'Activo').
 */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: ReactNode;
    options: readonly { value: number | string; label: string; disabled?: boolean }[];
    error?: string | undefined;
    marked?: boolean;
  }
>(function SelectField({ label, options, error, marked, className, id, ...props }, ref) {
  const selectId = id ?? props.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
        {marked ? <span aria-hidden> *</span> : null}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-required={marked || undefined}
        className={clsx(inputClass, className)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
});
