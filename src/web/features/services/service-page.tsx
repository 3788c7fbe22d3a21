import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { categoryPicture } from '../../../shared/domain/categories';
import { findService } from '../../../shared/domain/services';
import { EventPicture } from '../../components/event-picture';
import { usePageTitle } from '../../components/use-page-title';

/** /servicio/{id}: the long description and a way to its events. An unknown id shows nothing. */
export function ServicePage() {
  const { id = '' } = useParams();
  const service = findService(id);
  usePageTitle(service?.title ?? 'Servicio');
  if (!service) return <section aria-label="Servicio" className="min-h-[50vh]" />;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/servicios" className="flex items-center gap-1 text-sm font-semibold text-accent">
        <ArrowLeft className="size-4" aria-hidden /> Todos los servicios
      </Link>
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{service.title}</h1>
      <p className="mt-2 text-lg text-muted">{service.subtitle}</p>
      <EventPicture
        {...categoryPicture(service.id)}
        alt={`Ilustración del servicio ${service.title}`}
        sizes="(min-width: 768px) 720px, 100vw"
        eager
        className="mt-6 aspect-video w-full rounded-2xl object-cover"
      />
      <div className="mt-8 space-y-4 text-base leading-relaxed">
        {service.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <Link
        to={`/eventos/${service.id}`}
        className="mt-10 inline-block rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark"
      >
        Participar
      </Link>
    </article>
  );
}
