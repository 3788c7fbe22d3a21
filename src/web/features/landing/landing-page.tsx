import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { COUNTER_CAPS } from '../../../shared/domain/landing';
import { apiPost } from '../../api/client';
import { useLandingEvents } from '../../api/public-events';
import { Island } from '../../components/islands/island';
import { ServiceGrid } from '../../components/service-card';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { CommunityCounters } from './community-counters';
import { EventCarousel } from './event-carousel';

export function LandingPage() {
  usePageTitle('Eventos para solteros en México');
  const events = useLandingEvents();
  const bannerEvents = events.data ?? [];
  const stats = useQuery({
    queryKey: ['stats'],
    queryFn: () => apiPost('stats/get', {}),
    select: (response) => response.stats,
  });

  return (
    <>
      <section className="bg-gradient-to-b from-accent-soft to-cream">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-12 md:pt-12">
          <h1 className="text-3xl font-bold text-ink sm:text-4xl md:text-5xl">Conoce a alguien de verdad</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">
            Speed dating, citas a ciegas, fiestas y experiencias para solteros en México. Personas reales,
            eventos cuidados.
          </p>
          <div className="mt-8">
            {events.isPending ? <Spinner label="Cargando eventos…" /> : null}
            {events.isSuccess && bannerEvents.length === 0 ? (
              <p className="rounded-2xl bg-white p-6 text-center text-muted">No hay eventos próximos</p>
            ) : null}
            {bannerEvents.length > 0 ? (
              <Island name="event-carousel" component={EventCarousel} props={{ events: bannerEvents }} />
            ) : null}
          </div>
        </div>
      </section>

      <Island
        name="community-counters"
        component={CommunityCounters}
        props={{ targets: stats.data ?? COUNTER_CAPS }}
      />

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="services-title" className="text-2xl font-bold md:text-3xl">
              Nuestros servicios
            </h2>
            <p className="mt-2 text-muted">Elige cómo quieres conocer a tu próxima cita.</p>
          </div>
          <Link to="/servicios" className="flex items-center gap-1 text-sm font-semibold text-accent">
            Ver todos los servicios <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
        <ServiceGrid />
      </section>

      <section className="bg-accent-soft">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Tu próxima cita empieza aquí</h2>
            <p className="mt-2 text-muted">Revisa el calendario y aparta tu lugar antes de que se agote.</p>
          </div>
          <Link
            to="/eventos"
            className="rounded-full bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
          >
            Ver próximos eventos
          </Link>
        </div>
      </section>
    </>
  );
}
