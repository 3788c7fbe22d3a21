import { CalendarDays, Clock, Hourglass, MapPin, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { EventDetails } from '../../../shared/contracts/events';
import { CATEGORY_TITLES, isCategoryId } from '../../../shared/domain/categories';
import { cityLabel } from '../../../shared/domain/cities';
import { formatDate, formatTime } from '../../../shared/domain/mexico-dates';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import { EventPicture } from '../../components/event-picture';
import { Island } from '../../components/islands/island';
import { ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatAgeBand, formatDuration, mapsUrl } from '../../lib/event-facts';
import { useEventDetails } from './api';
import { EventActions } from './event-actions';
import { eventActionFacts } from './sign-up-choice';

/** /evento/{id}: one event, where and how long, its prices and places per gender, and the member's place. */
export function EventDetailPage() {
  const eventId = Number(useParams().id);
  const details = useEventDetails(eventId);
  const event = details.data;
  usePageTitle(event?.name ?? 'Evento');

  if (!Number.isInteger(eventId) || eventId <= 0 || event === null) return <EventNotFound />;
  if (details.isError) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-10">
        <ErrorAlert error={details.error} />
      </section>
    );
  }
  if (!event) return <Spinner label="Cargando evento…" />;
  return <EventDetailView event={event} />;
}

function EventDetailView({ event }: { event: EventDetails }) {
  const soldOut = event.status_id === EVENT_STATUS.soldOut;
  const categories = event.category.filter(isCategoryId);
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <div className="relative overflow-hidden rounded-2xl shadow-sm ring-1 ring-black/5">
        <EventPicture
          src={event.image}
          srcSet={event.image_srcset}
          alt={`Imagen del evento ${event.name}`}
          sizes="(min-width: 1024px) 1024px, 100vw"
          eager
          className="aspect-video w-full object-cover"
        />
        {soldOut ? (
          <div className="absolute inset-0 flex items-center justify-center bg-ink/60">
            <span className="-rotate-6 rounded-lg border-4 border-white px-6 py-2 text-3xl font-extrabold tracking-widest text-white uppercase md:text-5xl">
              Agotado
            </span>
          </div>
        ) : null}
      </div>

      <div className="mt-8 grid gap-8 md:grid-cols-[2fr_1fr]">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">{event.name}</h1>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-1 font-semibold text-accent">
            <span className="inline-flex items-center gap-2">
              <CalendarDays className="size-5" aria-hidden />
              {formatDate(event.day)}
            </span>
            <span className="inline-flex items-center gap-2">
              <Clock className="size-5" aria-hidden />
              {formatTime(event.hour)}
            </span>
          </p>
          <EventFacts event={event} />
          {categories.length > 0 ? (
            <ul aria-label="Categorías" className="mt-4 flex flex-wrap gap-2">
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    to={`/eventos/${category}`}
                    className="block rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-dark hover:bg-accent hover:text-white"
                  >
                    {CATEGORY_TITLES[category]}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {event.description ? (
            <p className="mt-6 leading-relaxed whitespace-pre-line text-ink">{event.description}</p>
          ) : null}
        </div>

        <aside className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
          <h2 className="text-lg font-semibold">Precios</h2>
          <Island name="event-actions" component={EventActions} props={{ event: eventActionFacts(event) }} />
        </aside>
      </div>
    </article>
  );
}

/** Venue with a map link, address, duration and age band. */
function EventFacts({ event }: { event: EventDetails }) {
  const ageBand = formatAgeBand(event.age_min, event.age_max);
  return (
    <dl className="mt-5 grid gap-3 text-ink">
      {event.venue || event.address ? (
        <div className="flex gap-3">
          <dt>
            <MapPin className="mt-0.5 size-5 text-accent" aria-hidden />
            <span className="sr-only">Lugar</span>
          </dt>
          <dd className="min-w-0">
            {event.venue ? <span className="block font-semibold">{event.venue}</span> : null}
            <span className="block text-muted [overflow-wrap:anywhere]">
              {[event.address, cityLabel(event.city)].filter(Boolean).join(', ')}
            </span>
            <a
              href={mapsUrl(event)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-semibold text-accent underline"
            >
              Ver en el mapa
            </a>
          </dd>
        </div>
      ) : null}
      <div className="flex gap-3">
        <dt>
          <Hourglass className="size-5 text-accent" aria-hidden />
          <span className="sr-only">Duración</span>
        </dt>
        <dd>{formatDuration(event.duration_minutes)}</dd>
      </div>
      {ageBand ? (
        <div className="flex gap-3">
          <dt>
            <Users className="size-5 text-accent" aria-hidden />
            <span className="sr-only">Edades</span>
          </dt>
          <dd>{ageBand}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function EventNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">Este evento no existe o ya no está disponible</h1>
      <p className="mt-3 text-muted">Quizá cambió de fecha o se suspendió. Mira los próximos eventos.</p>
      <Link to="/eventos" className="mt-6 inline-block text-accent underline">
        Ver próximos eventos
      </Link>
    </section>
  );
}
