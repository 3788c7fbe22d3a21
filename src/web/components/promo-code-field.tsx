import { useEffect, useId, useRef, useState } from 'react';
import { formatCents } from '../../shared/domain/money';
import { useCheckCode } from '../api/promo-codes';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { Field } from './ui/field';

/** A code the server accepted for her, and the price she pays with it. */
export interface CheckedCode {
  code: string;
  listPriceCents: number;
  priceCents: number;
  /** Her gender: the line of the event's prices the code changes. */
  gender: number;
}

/**
 * "¿Tienes un código?" (docs/design/25-organizers.md): she types a code and sees the price before she signs up or
 * pays. The server checks it (and counts wrong ones); the price shown is the server's.
 */
export function PromoCodeField({
  eventId,
  checked,
  onChange,
}: {
  eventId: number;
  checked: CheckedCode | null;
  onChange: (code: CheckedCode | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const check = useCheckCode();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The box opens below «Participar» on a phone: she types at once, without looking for it.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  if (checked) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
        <p>
          Código <strong>{checked.code}</strong> aplicado: pagas{' '}
          <strong>{formatCents(checked.priceCents)}</strong> en lugar de {formatCents(checked.listPriceCents)}
          .
        </p>
        <button type="button" className="font-semibold text-accent underline" onClick={() => onChange(null)}>
          Quitar código
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="self-start text-sm font-semibold text-accent underline"
        onClick={() => setOpen(true)}
      >
        ¿Tienes un código?
      </button>
    );
  }
  const apply = () => {
    check.mutate(
      { event_id: eventId, code: typed.trim() },
      {
        onSuccess: (answer) =>
          onChange({
            code: answer.code,
            listPriceCents: answer.list_price_cents,
            priceCents: answer.price_cents,
            gender: answer.gender,
          }),
      },
    );
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <ErrorAlert error={check.error} />
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field
            ref={input}
            id={inputId}
            label="Código de descuento"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={20}
            required
          />
        </div>
        <Button type="submit" variant="secondary" disabled={check.isPending || typed.trim() === ''}>
          {check.isPending ? 'Revisando…' : 'Aplicar'}
        </Button>
      </div>
    </form>
  );
}
