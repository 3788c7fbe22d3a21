import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useId } from 'react';

/** The 'Contactados' checkbox of the matches and attendance tables. */
export function ContactedCheckbox({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
        className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Checkbox.Indicator>
          <Check className="size-4 text-white" aria-hidden />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="text-sm">
        Contactados
      </label>
    </div>
  );
}
