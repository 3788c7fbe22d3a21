import { useState } from 'react';
import type { AdminAttendee, ManualPayment } from '../../../../shared/contracts/admin-events';
import { MANUAL_PAYMENT_METHODS, type ManualPaymentMethod } from '../../../../shared/contracts/payments';
import { formatCents } from '../../../../shared/domain/money';
import { smallButton } from '../../../components/admin/admin-ui';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PAYMENT_METHOD_LABELS } from '../payments/payment-labels';

/** The open voucher or transfer the admin is warned about: paying it too would be refunded. */
function pendingWarning(awaiting: 'oxxo' | 'spei'): string {
  return awaiting === 'oxxo'
    ? 'Tiene una ficha OXXO pendiente de pago: si también la paga, se le reembolsará automáticamente.'
    : 'Tiene una transferencia SPEI pendiente: si también la hace, se le reembolsará automáticamente.';
}

/** '350.00' → 35000; null when it is not an amount in pesos with at most two decimals. */
function centsOf(pesos: string): number | null {
  const normalised = pesos.trim().replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/**
 * "Confirmar" on a place that owes money (docs/design/22-places-and-money.md): the organizer says how she was paid and
 * how much (the price by default) before the place is confirmed.
 */
export function ConfirmPaidPlace({
  attendee,
  disabled,
  onConfirm,
}: {
  attendee: AdminAttendee;
  disabled: boolean;
  onConfirm: (payment: ManualPayment) => void;
}) {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  function start() {
    setMethod('cash');
    setAmount((attendee.amount_due_cents / 100).toFixed(2));
    setError(undefined);
    setOpen(true);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = centsOf(amount);
    if (cents === null || cents <= 0) {
      setError('Escribe un monto mayor que cero, en pesos (por ejemplo 350.00)');
      return;
    }
    setOpen(false);
    onConfirm({ method, amount_cents: cents });
  }

  const awaiting = attendee.payment?.awaiting;
  return (
    <>
      <button type="button" className={smallButton()} disabled={disabled} onClick={start}>
        Confirmar
      </button>
      <Modal open={open} onOpenChange={setOpen} title={`Confirmar el lugar de ${attendee.client}`}>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <p className="text-sm text-muted">
            Su lugar cuesta {formatCents(attendee.amount_due_cents)}. Indica cómo te pagó y cuánto.
          </p>
          {awaiting ? <Alert status="warning" message={pendingWarning(awaiting)} /> : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Forma de pago</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {MANUAL_PAYMENT_METHODS.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    value={option}
                    checked={method === option}
                    onChange={() => setMethod(option)}
                  />
                  {PAYMENT_METHOD_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            label="Monto recibido (MXN)"
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error}
          />
          <div className="flex justify-end gap-3">
            <button type="button" className={buttonClass('ghost')} onClick={() => setOpen(false)}>
              Volver
            </button>
            <button type="submit" className={buttonClass('primary')}>
              Confirmar lugar
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
