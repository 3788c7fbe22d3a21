import { CalendarDays, Clock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { EventDetails } from '../../../shared/contracts/events';
import { CATEGORY_TITLES, isCategoryId } from '../../../shared/domain/categories';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import { ApiError } from '../../api/client';
import { useSessionHint } from '../../api/session';
import { EventPicture } from '../../components/event-picture';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatDay, formatHour, formatPrice } from '../../lib/format';
import { useLoginLink } from '../auth/login-return';
import { useEventDetails, useSignUpToEvent } from './api';

/** /evento/{id}: one event, its prices per gender and the 'Participar' button. */
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
              {formatDay(event.day)}
            </span>
            <span className="inline-flex items-center gap-2">
              <Clock className="size-5" aria-hidden />
              {formatHour(event.hour)}
            </span>
          </p>
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
          <dl className="mt-3 grid gap-2">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted">Mujeres</dt>
              <dd className="font-semibold">{formatPrice(event.price_w)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted">Hombres</dt>
              <dd className="font-semibold">{formatPrice(event.price_m)}</dd>
            </div>
          </dl>
          {soldOut ? (
            <p className="mt-6 rounded-lg bg-ink px-4 py-3 text-center font-semibold text-white">
              Evento agotado
            </p>
          ) : (
            <ParticipateButton eventId={event.id} />
          )}
        </aside>
      </div>
    </article>
  );
}

/** Visitors go to log in (specification §5); clients sign up and land on /asistencias. */
function ParticipateButton({ eventId }: { eventId: number }) {
  const clientId = useSessionHint('client');
  const navigate = useNavigate();
  const loginLink = useLoginLink();
  const signUp = useSignUpToEvent();

  const participate = () => {
    if (clientId === null) {
      navigate(loginLink('evento'));
      return;
    }
    signUp.mutate(eventId, {
      onSuccess: () => navigate('/asistencias'),
      onError: (error) => {
        if (error instanceof ApiError && error.httpStatus === 401) navigate(loginLink('evento'));
      },
    });
  };

  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="text-center text-sm font-semibold text-accent">Poca disponibilidad</p>
      <ErrorAlert error={signUp.error} />
      <Button onClick={participate} disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? 'Registrando…' : 'Participar'}
      </Button>
    </div>
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
