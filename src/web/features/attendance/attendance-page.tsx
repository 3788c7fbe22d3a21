import { CalendarDays, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AttendedEvent } from '../../../shared/contracts/client-events';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatDay, formatHour } from '../../lib/format';
import { useMyEvents } from './api';

/** /asistencias: the events the client signed up for. */
export function AttendancePage() {
  usePageTitle('Mis eventos');
  const events = useMyEvents();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mis eventos</h1>
      {events.isPending ? (
        <Spinner label="Cargando tus eventos…" />
      ) : events.data?.length ? (
        <ul className="mt-8 flex flex-col gap-3">
          {events.data.map((event) => (
            <li key={event.id}>
              <AttendedEventRow event={event} />
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

function AttendedEventRow({ event }: { event: AttendedEvent }) {
  const confirmed = event.status_id === ASSISTANCE_STATUS.confirmed;
  return (
    <Link
      to={`/evento/${event.event_id}`}
      className="group flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 hover:ring-accent"
    >
      <CalendarDays className="size-8 shrink-0 text-accent" aria-hidden />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold [overflow-wrap:anywhere] group-hover:text-accent">{event.name}</span>
        <span className="text-sm text-muted">
          {formatDay(event.day)} · {formatHour(event.hour)}
        </span>
      </span>
      <span
        className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${
          confirmed ? 'bg-emerald-100 text-emerald-900' : 'bg-accent-soft text-accent-dark'
        }`}
      >
        {confirmed ? 'Confirmado' : 'Registrado'}
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
    </Link>
  );
}
