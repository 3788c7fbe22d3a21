import { CalendarDays, MapPin } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AttendedEvent } from '../../../shared/contracts/client-events';
import type { MemberPayment } from '../../../shared/contracts/payments';
import { formatDateTime } from '../../../shared/domain/mexico-dates';
import { ASSISTANCE_STATUS, ASSISTANCE_STATUS_LABELS } from '../../../shared/domain/statuses';
import { useMyEvents } from '../../api/my-events';
import { useMyPayments } from '../../api/my-payments';
import { PaymentPanel } from '../../components/my-payment';
import { CancelledNotice, CancelPlaceButton, canCancel, StandingNote } from '../../components/my-place';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatPlace } from '../../lib/event-facts';
import { keepTicketsOffline } from '../../lib/offline-tickets';
import { PushOffer } from '../notifications/push-offer';
import { InvoicePanel } from './invoice-panel';

/** /asistencias: the member's sign-ups, where each stands, and the ticket of the confirmed ones. */
export function AttendancePage() {
  usePageTitle('Mis eventos');
  const events = useMyEvents();
  const payments = useMyPayments();
  const [cancelledNotice, setCancelledNotice] = useState<string | null>(null);
  // Whatever changed here (a place confirmed, cancelled), the copy kept for the door follows.
  useEffect(() => {
    if (events.data) keepTicketsOffline();
  }, [events.data]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mis eventos</h1>
      <div className="mt-6">
        <PushOffer />
      </div>
      <CancelledNotice notice={cancelledNotice} className="mt-6" />
      {events.isPending ? (
        <Spinner label="Cargando tus eventos…" />
      ) : events.data?.length ? (
        <ul className="mt-8 flex flex-col gap-4">
          {events.data.map((event) => (
            <li key={event.id}>
              <AttendedEventCard
                event={event}
                payment={payments.data?.find((payment) => payment.event_id === event.event_id)}
                onCancelled={setCancelledNotice}
              />
            </li>
          ))}
        </ul>
      ) : (
        // List failures stay silent (specification §8): the empty state is shown instead.
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">
          No has asistido a eventos, consulta{' '}
          <Link to="/servicios" className="text-accent underline">
            nuestros servicios
          </Link>
          .
        </p>
      )}
    </section>
  );
}

function AttendedEventCard({
  event,
  payment,
  onCancelled,
}: {
  event: AttendedEvent;
  payment: MemberPayment | undefined;
  onCancelled: (notice: string) => void;
}) {
  const place = formatPlace(event.venue, event.city);
  // Latecomers still need the QR at the door once the night has started, until they arrive.
  const showTicket =
    event.status_id === ASSISTANCE_STATUS.confirmed &&
    event.ticket !== null &&
    !event.checked_in &&
    !event.ended;
  return (
    <article
      aria-label={event.name}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <CalendarDays className="mt-1 size-7 shrink-0 text-accent" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold [overflow-wrap:anywhere]">
            <Link to={`/evento/${event.event_id}`} className="hover:text-accent hover:underline">
              {event.name}
            </Link>
          </h2>
          <p className="text-sm text-muted">{formatDateTime(event.day, event.hour)}</p>
          {place ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="[overflow-wrap:anywhere]">{place}</span>
            </p>
          ) : null}
        </div>
        <span className="shrink-0 rounded-full bg-cream px-3 py-1 text-xs font-semibold ring-1 ring-black/10">
          {ASSISTANCE_STATUS_LABELS[event.status_id]}
        </span>
      </div>
      <StandingNote entry={event} payment={payment} />
      {payment && showPayment(event, payment) ? <PaymentPanel payment={payment} /> : null}
      {payment?.state === 'paid' && event.status_id === ASSISTANCE_STATUS.confirmed ? (
        <InvoicePanel assistanceId={event.id} />
      ) : null}
      {showTicket && event.ticket && event.door_code ? (
        <Ticket code={event.ticket} doorCode={event.door_code} eventName={event.name} />
      ) : null}
      {event.checked_in ? (
        <Link
          to={`/evento/${event.event_id}/elecciones`}
          className="self-start rounded-full bg-accent px-4 py-2 text-sm font-semibold text-white hover:opacity-90"
        >
          Elegir a quién volver a ver
        </Link>
      ) : null}
      {event.checked_in && event.past ? (
        <Link
          to={`/valorar/${event.event_id}`}
          className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-accent underline"
        >
          Calificar la noche
        </Link>
      ) : null}
      {canCancel(event) ? (
        <CancelPlaceButton
          eventId={event.event_id}
          eventName={event.name}
          payment={payment}
          onCancelled={onCancelled}
        />
      ) : null}
    </article>
  );
}

/** A cancelled place only shows its payment while money is coming back or came back. */
function showPayment(event: AttendedEvent, payment: MemberPayment): boolean {
  if (event.past) return false;
  if (event.status_id !== ASSISTANCE_STATUS.cancelled) return true;
  return payment.state === 'refunding' || payment.state === 'refunded';
}

/**
 * The QR code shown at the door, drawn in the page, with the short code printed under it to read
 * aloud or type: nine characters on one line, never broken, on the narrowest phone.
 */
function Ticket({ code, doorCode, eventName }: { code: string; doorCode: string; eventName: string }) {
  return (
    <figure className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-black/20 p-4">
      <QRCodeSVG
        value={code}
        size={208}
        marginSize={2}
        title={`Código QR de tu boleto para ${eventName}`}
        className="h-auto w-full max-w-52"
      />
      <figcaption className="text-center">
        <span className="block text-xs text-muted">Código del boleto</span>
        <span className="font-mono text-2xl font-bold tracking-widest whitespace-nowrap">{doorCode}</span>
      </figcaption>
    </figure>
  );
}
