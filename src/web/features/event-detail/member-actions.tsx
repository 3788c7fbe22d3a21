import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { ApiError } from '../../api/client';
import { useMyEvents } from '../../api/my-events';
import { useMyPayments } from '../../api/my-payments';
import { useSessionHint } from '../../api/session-hint';
import { IslandQueryClient } from '../../components/islands/island-query-client';
import { PaymentPanel } from '../../components/my-payment';
import { CancelledNotice, CancelPlaceButton, canCancel, StandingNote } from '../../components/my-place';
import { type CheckedCode, PromoCodeField } from '../../components/promo-code-field';
import { useLoginLink } from '../auth/login-return';
import { earnPushOffer } from '../notifications/offer-flag';
import { useCompatibleCount, useSignUpToEvent } from './api';
import { EventPrices, priceLabel } from './event-prices';
import { type EventActionFacts, PARTICIPATE, ParticipateButton, SignUpChoice } from './sign-up-choice';

/** "3 personas muy afines a ti ya se registraron": a count, never who (docs/design/16-para-ti.md). */
function CompatibleAttendees({ eventId, past }: { eventId: number; past: boolean }) {
  const count = useCompatibleCount(eventId).data;
  if (past || count === undefined || count === null || count < 1) return null;
  return (
    <p className="mt-4 flex items-center gap-2 rounded-lg bg-accent-soft px-4 py-3 text-sm font-semibold text-accent-dark">
      <Sparkles className="size-4 shrink-0" aria-hidden />
      {count === 1
        ? '1 persona muy afín a ti ya se registró'
        : `${count} personas muy afines a ti ya se registraron`}
    </p>
  );
}

/** The member's own sign-up to this event, if she has one (the latest one), and its payment. */
function useMyEntry(eventId: number) {
  const clientId = useSessionHint('client');
  const mine = useMyEvents(clientId !== null);
  const payments = useMyPayments(clientId !== null);
  if (clientId === null) return { entry: undefined, payment: undefined };
  return {
    entry: mine.data?.find((entry) => entry.event_id === eventId),
    payment: payments.data?.find((payment) => payment.event_id === eventId),
  };
}

/** A member who holds or waits for a place sees it, and what to do next; others can sign up. */
export function MemberActions({ event }: { event: EventActionFacts }) {
  const { entry, payment } = useMyEntry(event.id);
  const [cancelledNotice, setCancelledNotice] = useState<string | null>(null);
  // Held here, not in the sign-up: the price list above shows what the code changes.
  const [code, setCode] = useState<CheckedCode | null>(null);
  const active = entry !== undefined && entry.status_id !== ASSISTANCE_STATUS.cancelled;
  return (
    <>
      <EventPrices event={event} code={active ? null : code} />
      <CompatibleAttendees eventId={event.id} past={event.past} />
      <CancelledNotice notice={active ? null : cancelledNotice} className="mt-6" />
      {active || (entry && event.past) ? (
        <div className="mt-6 flex flex-col gap-3">
          <StandingNote entry={entry} payment={payment} />
          {payment && active && !entry.past ? <PaymentPanel payment={payment} withCode /> : null}
          {entry.status_id === ASSISTANCE_STATUS.confirmed && !entry.past ? (
            <Link to="/asistencias" className="text-center text-sm font-semibold text-accent underline">
              Ver mi código QR
            </Link>
          ) : null}
          {canCancel(entry) ? (
            <CancelPlaceButton
              eventId={event.id}
              eventName={event.name}
              payment={payment}
              onCancelled={setCancelledNotice}
            />
          ) : null}
        </div>
      ) : (
        <SignUpChoice
          event={event}
          participate={(label) => (
            <MemberSignUp eventId={event.id} paid={event.paid} label={label} code={code} onCode={setCode} />
          )}
        />
      )}
    </>
  );
}

/**
 * Signs up and lands on /asistencias (specification §5); an expired session logs in again. With
 * a code the button says what she will pay.
 */
function MemberSignUp({
  eventId,
  paid,
  label,
  code,
  onCode,
}: {
  eventId: number;
  paid: boolean;
  label: string;
  code: CheckedCode | null;
  onCode: (code: CheckedCode | null) => void;
}) {
  const navigate = useNavigate();
  const loginLink = useLoginLink();
  const signUp = useSignUpToEvent();
  const participate = () => {
    // Not mutate's own callbacks: the refreshed sign-up replaces this button before they would run.
    signUp.mutateAsync({ eventId, code: code?.code }).then(
      () => {
        earnPushOffer('sign-up');
        navigate('/asistencias');
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.httpStatus === 401) navigate(loginLink('evento'));
      },
    );
  };
  return (
    <>
      <ParticipateButton
        label={code && label === PARTICIPATE ? `Participar por ${priceLabel(code.priceCents)}` : label}
        onPress={participate}
        pending={signUp.isPending}
        error={signUp.error}
      />
      {/* Below the button, so that the button does not move when the member's part appears. */}
      {paid ? (
        <div className="mt-3 flex flex-col">
          <PromoCodeField eventId={eventId} checked={code} onChange={onCode} />
        </div>
      ) : null}
    </>
  );
}

/** The island of a server-rendered event page: there is no app around it to lend its query cache. */
export function MemberActionsIsland(props: { event: EventActionFacts }) {
  return (
    <IslandQueryClient>
      <MemberActions {...props} />
    </IslandQueryClient>
  );
}
