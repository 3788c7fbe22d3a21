import type { ReactNode } from 'react';
import type { EventDetails } from '../../../shared/contracts/events';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** What the actions below an event's prices depend on: the props of its island. */
export type EventActionFacts = Pick<
  EventDetails,
  'id' | 'name' | 'past' | 'status_id' | 'price_now' | 'price_until' | 'available_w' | 'available_m'
> & {
  /** Someone pays for a place: a promo code may apply. */
  paid: boolean;
};

export function eventActionFacts({
  id,
  name,
  past,
  status_id,
  price_w,
  price_m,
  price_now,
  price_until,
  available_w,
  available_m,
}: EventDetails): EventActionFacts {
  return {
    id,
    name,
    past,
    status_id,
    price_now,
    price_until,
    available_w,
    available_m,
    paid: price_w > 0 || price_m > 0,
  };
}

/** The sign-up button's label when a place is free (a code then adds its price). */
export const PARTICIPATE = 'Participar';

/** Past events say so; Agotado still takes sign-ups, onto the waiting list (decision 0020). */
export function SignUpChoice({
  event,
  participate,
}: {
  event: EventActionFacts;
  participate: (label: string) => ReactNode;
}) {
  if (event.past) {
    return (
      <p className="mt-6 rounded-lg bg-slate-200 px-4 py-3 text-center font-semibold text-ink">
        Este evento ya pasó
      </p>
    );
  }
  if (event.status_id === EVENT_STATUS.soldOut) {
    return (
      <>
        <p className="mt-6 rounded-lg bg-ink px-4 py-3 text-center font-semibold text-white">
          Evento agotado
        </p>
        {participate('Anotarme en la lista de espera')}
      </>
    );
  }
  return participate(PARTICIPATE);
}

export function ParticipateButton({
  label,
  onPress,
  pending = false,
  error = null,
}: {
  label: string;
  onPress: () => void;
  pending?: boolean;
  error?: unknown;
}) {
  return (
    <div className="mt-6 flex flex-col gap-3">
      <ErrorAlert error={error} />
      <Button onClick={onPress} disabled={pending} className="w-full">
        {pending ? 'Registrando…' : label}
      </Button>
    </div>
  );
}
