import { clsx } from 'clsx';
import type { AttendedEvent } from '../../shared/contracts/client-events';
import type { MemberPayment } from '../../shared/contracts/payments';
import { formatInstant } from '../../shared/domain/mexico-dates';
import { formatCents } from '../../shared/domain/money';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { useCancelMyPlace } from '../api/my-events';
import { paymentSentence } from './my-payment';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';

type Standing = Pick<AttendedEvent, 'status_id' | 'position' | 'past' | 'checked_in'> &
  Partial<Pick<AttendedEvent, 'cancel_reason' | 'freed_place_due_at'>>;

/** Where the member stands and what happens next, in one sentence (docs/design/11-night-out.md). */
export function standingSentence(entry: Standing, payment?: MemberPayment): string {
  if (entry.status_id === ASSISTANCE_STATUS.cancelled) {
    if (entry.cancel_reason === 'payment_expired')
      return 'Se acabó el tiempo para pagar: el lugar pasó a otra persona';
    if (entry.cancel_reason === 'admin') return 'El equipo de Cita canceló tu lugar en este evento';
    return 'Cancelaste tu lugar en este evento';
  }
  if (entry.past) {
    return entry.checked_in === 1 ? 'Asististe a este evento' : 'Este evento ya pasó';
  }
  if (entry.status_id === ASSISTANCE_STATUS.confirmed) {
    return 'Confirmado: muestra tu código QR en la entrada';
  }
  if (entry.status_id === ASSISTANCE_STATUS.waiting) {
    return `Lista de espera: lugar ${entry.position ?? '—'}`;
  }
  // A place given from the waiting list says so on the site, not only by e-mail (docs/design/21-pocket.md).
  if (entry.freed_place_due_at && (!payment || payment.state === 'due')) {
    return `Se liberó un lugar, es tuyo: te lo apartamos hasta el ${formatInstant(entry.freed_place_due_at)}`;
  }
  if (payment && (payment.state === 'due' || payment.state === 'awaiting')) return paymentSentence(payment);
  return 'Te contactaremos para confirmar tu lugar y el pago';
}

const TONES: Record<number, string> = {
  [ASSISTANCE_STATUS.registered]: 'bg-accent-soft text-accent-dark',
  [ASSISTANCE_STATUS.confirmed]: 'bg-emerald-100 text-emerald-900',
  [ASSISTANCE_STATUS.waiting]: 'bg-amber-100 text-amber-900',
  [ASSISTANCE_STATUS.cancelled]: 'bg-slate-200 text-slate-700',
};

/** The member's standing as a highlighted line. */
export function StandingNote({
  entry,
  payment,
  className,
}: {
  entry: Standing;
  payment?: MemberPayment;
  className?: string;
}) {
  return (
    <p
      className={clsx(
        'rounded-lg px-4 py-3 text-sm font-semibold',
        TONES[entry.status_id] ?? TONES[ASSISTANCE_STATUS.registered],
        className,
      )}
    >
      {standingSentence(entry, payment)}
    </p>
  );
}

/** A place or waiting-list spot the member can still give up: not cancelled, event not started. */
export function canCancel(entry: Standing): boolean {
  return entry.status_id !== ASSISTANCE_STATUS.cancelled && !entry.past;
}

/** What happens to a paid place's money if she cancels now (docs/design/15-payments.md), said before she confirms. */
function refundSentence(payment: MemberPayment | undefined): string {
  if (payment?.state !== 'paid' || payment.method === 'cash') return '';
  // The hours are the server's rule (REFUND_HOURS), never a figure of the page's own.
  if (payment.refund_until) {
    return ` Como faltan más de ${payment.refund_hours} horas, te devolveremos el pago completo (${formatCents(payment.amount_cents)}).`;
  }
  return ` Faltan menos de ${payment.refund_hours} horas para el evento: el pago no se reembolsa.`;
}

/**
 * The line that confirms a cancellation. The status region is always in the page, so a screen reader
 * announces the line when it appears; the button that was pressed is gone by then.
 */
export function CancelledNotice({ notice, className }: { notice: string | null; className?: string }) {
  return (
    <p
      role="status"
      className={
        notice
          ? clsx('rounded-lg bg-emerald-100 px-4 py-3 text-sm font-semibold text-emerald-900', className)
          : 'sr-only'
      }
    >
      {notice}
    </p>
  );
}

/**
 * 'Cancelar mi lugar' behind a confirmation: the place goes to the next person waiting; on a paid
 * place the question says whether the money comes back. `onCancelled` gets the confirmation to show
 * outside this button, which the refreshed standing removes.
 */
export function CancelPlaceButton({
  eventId,
  eventName,
  payment,
  onCancelled,
}: {
  eventId: number;
  eventName: string;
  payment?: MemberPayment;
  onCancelled: (notice: string) => void;
}) {
  const cancel = useCancelMyPlace();
  const confirmCancel = () => {
    // Not mutate's own callbacks: they would not run once the refreshed standing removes this button.
    // A refusal shows in the ErrorAlert above the button.
    cancel.mutateAsync(eventId).then(
      () => onCancelled(`Cancelaste tu lugar en «${eventName}».`),
      () => undefined,
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <ErrorAlert error={cancel.error} />
      <ConfirmDialog
        trigger={
          <Button variant="secondary" disabled={cancel.isPending} className="w-full">
            {cancel.isPending ? 'Cancelando…' : 'Cancelar mi lugar'}
          </Button>
        }
        title="Cancelar mi lugar"
        question={`¿Seguro que quieres cancelar tu lugar en «${eventName}»? Si hay alguien en lista de espera, el lugar será para esa persona.${refundSentence(payment)}`}
        confirmLabel="Sí, cancelar mi lugar"
        cancelLabel="No, conservarlo"
        destructive
        onConfirm={confirmCancel}
      />
    </div>
  );
}
