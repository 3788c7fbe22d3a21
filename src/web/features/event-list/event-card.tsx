import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { EventListItem } from '../../../shared/contracts/events';
import { CATEGORY_TITLES, isCategoryId } from '../../../shared/domain/categories';
import { formatDateTime } from '../../../shared/domain/mexico-dates';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import { EventPicture } from '../../components/event-picture';
import { formatPlace } from '../../lib/event-facts';
import { formatPrice } from '../../lib/format';

export function EventCard({ event, eager = false }: { event: EventListItem; eager?: boolean }) {
  const soldOut = event.status_id === EVENT_STATUS.soldOut;
  const place = formatPlace(event.venue, event.city);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <Link to={`/evento/${event.id}`} className="group flex flex-1 flex-col">
        <span className="relative block">
          <EventPicture
            src={event.image}
            srcSet={event.image_srcset}
            alt={`Imagen del evento ${event.name}`}
            eager={eager}
            sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
            className="aspect-video w-full object-cover"
          />
          {soldOut ? (
            <span className="absolute top-3 right-3 rounded-full bg-ink px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
              Agotado
            </span>
          ) : null}
        </span>
        <span className="flex flex-1 flex-col gap-1 p-5">
          <span className="text-sm font-semibold text-accent">{formatDateTime(event.day, event.hour)}</span>
          <h2 className="text-lg font-semibold text-ink group-hover:text-accent">{event.name}</h2>
          {place ? (
            <span className="flex items-center gap-1 text-sm text-muted">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="[overflow-wrap:anywhere]">{place}</span>
            </span>
          ) : null}
          <span className="mt-2 grid grid-cols-2 gap-2 text-sm">
            <span>
              <span className="block text-muted">Mujeres</span>
              <span className="font-semibold">{formatPrice(event.price_w)}</span>
            </span>
            <span>
              <span className="block text-muted">Hombres</span>
              <span className="font-semibold">{formatPrice(event.price_m)}</span>
            </span>
          </span>
        </span>
      </Link>
      <ul aria-label="Categorías" className="flex flex-wrap gap-2 px-5 pb-5">
        {event.category.filter(isCategoryId).map((category) => (
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
    </article>
  );
}
