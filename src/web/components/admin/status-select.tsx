import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';

/** A labelled Radix select over numeric codes (event and admin statuses). */
export function StatusSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: Record<number, string>;
  onChange: (value: number) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium" id={`label-${label}`}>
        {label}
      </span>
      <Select.Root value={String(value)} onValueChange={(next) => onChange(Number(next))}>
        <Select.Trigger
          aria-labelledby={`label-${label}`}
          className="flex items-center justify-between rounded border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <Select.Value />
          <Select.Icon>
            <ChevronDown className="size-4" aria-hidden />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            className="z-[60] rounded border border-slate-200 bg-white shadow-lg"
          >
            <Select.Viewport className="p-1">
              {Object.entries(options).map(([code, text]) => (
                <Select.Item
                  key={code}
                  value={code}
                  className="flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  <Select.ItemText>{text}</Select.ItemText>
                  <Select.ItemIndicator>
                    <Check className="size-4" aria-hidden />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
