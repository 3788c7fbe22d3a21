import type { ReactNode } from 'react';

/** A code's discount as the admin types it: a percentage or an amount in pesos. */
export type DiscountKind = 'percent' | 'amount';

const KINDS: { kind: DiscountKind; label: string }[] = [
  { kind: 'percent', label: 'Porcentaje' },
  { kind: 'amount', label: 'Pesos' },
];

/** The label of the discount's figure for the chosen kind. */
export function discountValueLabel(kind: DiscountKind): string {
  return kind === 'percent' ? 'Porcentaje (1 a 100)' : 'Pesos de descuento';
}

/**
 * Said when the kind changes under a typed figure: the figure is cleared, never carried over (50 %
 * silently becoming $50).
 */
export function kindSwitchNote(kind: DiscountKind): string {
  return kind === 'percent'
    ? 'Cambiaste a porcentaje: borramos la cantidad en pesos, escribe el porcentaje.'
    : 'Cambiaste a pesos: borramos el porcentaje, escribe cuántos pesos se descuentan.';
}

/** The discount's kind as one radio group (the codes' form and the invite reward's card). */
export function DiscountKindChoice({
  legend,
  name,
  kind,
  onChange,
  children,
}: {
  legend: string;
  /** The group's name: arrow keys move within it. */
  name: string;
  kind: DiscountKind;
  onChange: (kind: DiscountKind) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex gap-4 text-sm">
        {KINDS.map((option) => (
          <label key={option.kind} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={kind === option.kind}
              onChange={() => onChange(option.kind)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/** The body's two exclusive fields from the kind and the figure typed. */
export function discountOf(
  kind: DiscountKind,
  value: number,
): { percent_off: number | null; amount_off: number | null } {
  return { percent_off: kind === 'percent' ? value : null, amount_off: kind === 'amount' ? value : null };
}
