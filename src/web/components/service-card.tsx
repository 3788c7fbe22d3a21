import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { categoryPicture } from '../../shared/domain/categories';
import { SERVICE_SUMMARIES, type ServiceSummary } from '../../shared/domain/service-summaries';
import { EventPicture } from './event-picture';

/** A service in the catalogue: picture, title and subtitle, linking to its page. */
export function ServiceCard({ service, eager = false }: { service: ServiceSummary; eager?: boolean }) {
  return (
    <Link
      to={`/servicio/${service.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <EventPicture
        {...categoryPicture(service.id)}
        alt={`Ilustración del servicio ${service.title}`}
        eager={eager}
        sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
        className="aspect-video w-full object-cover"
      />
      <span className="flex flex-1 flex-col gap-2 p-5">
        <span className="text-lg font-semibold text-ink group-hover:text-accent">{service.title}</span>
        <span className="text-sm text-muted">{service.subtitle}</span>
        <span className="mt-auto flex items-center gap-1 pt-2 text-sm font-semibold text-accent">
          Conocer más <ArrowRight className="size-4" aria-hidden />
        </span>
      </span>
    </Link>
  );
}

/** The catalogue as a responsive grid of cards (landing page and /servicios, where it comes first). */
export function ServiceGrid({ eagerFirst = false }: { eagerFirst?: boolean }) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {SERVICE_SUMMARIES.map((service, index) => (
        <li key={service.id}>
          <ServiceCard service={service} eager={eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
