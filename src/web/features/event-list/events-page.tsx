import { Link, Navigate, NavLink, useLocation, useParams, useSearchParams } from 'react-router';
import type { EventListItem } from '../../../shared/contracts/events';
import { CATEGORY_IDS, CATEGORY_TITLES, isCategoryId } from '../../../shared/domain/categories';
import { CITIES, type CityCode, cityLabel } from '../../../shared/domain/cities';
import { usePublicEvents } from '../../api/public-events';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { EventCard } from './event-card';

/** The city of ?ciudad=, when it is one of the list; anything else shows every city. */
function useCityFilter(): CityCode | undefined {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('ciudad');
  return CITIES.find((city) => city.code === code)?.code;
}

/** /eventos and /eventos/{categoria}, optionally ?ciudad=…: upcoming events, all or of one category. */
export function EventsPage() {
  const { category } = useParams();
  const city = useCityFilter();
  const base =
    category && isCategoryId(category) ? `Eventos de ${CATEGORY_TITLES[category]}` : 'Próximos eventos';
  const title = city ? `${base} en ${cityLabel(city)}` : base;
  usePageTitle(title);
  // /eventos/{id} is a second address of an event's page.
  if (category && /^\d+$/.test(category)) return <Navigate to={`/evento/${category}`} replace />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mt-2 text-muted">Aparta tu lugar: los cupos son limitados para cada evento.</p>
      <CityFilter selected={city} />
      <CategoryFilter />
      {category === undefined ? (
        <AllEvents city={city} />
      ) : (
        <CategoryEvents category={category} city={city} />
      )}
    </section>
  );
}

/** Plain links (?ciudad=…): the filter works before the page's JavaScript arrives, or without it. */
function CityFilter({ selected }: { selected: CityCode | undefined }) {
  const { pathname } = useLocation();
  const chip = (active: boolean) =>
    `block rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
      active ? 'bg-ink text-white ring-ink' : 'bg-white text-ink ring-black/10 hover:text-accent'
    }`;
  return (
    <nav aria-label="Ciudades" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={pathname}
            className={chip(selected === undefined)}
            aria-current={selected ? undefined : 'page'}
          >
            Todas las ciudades
          </Link>
        </li>
        {CITIES.map((city) => (
          <li key={city.code}>
            <Link
              to={{ pathname, search: `?ciudad=${city.code}` }}
              className={chip(selected === city.code)}
              aria-current={selected === city.code ? 'page' : undefined}
            >
              {city.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategoryFilter() {
  const params = new URLSearchParams(useLocation().search);
  // Another category starts at its first page.
  params.delete('pagina');
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const chip = ({ isActive }: { isActive: boolean }) =>
    `block rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
      isActive ? 'bg-accent text-white ring-accent' : 'bg-white text-ink ring-black/10 hover:text-accent'
    }`;
  return (
    <nav aria-label="Categorías de eventos" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <NavLink to={{ pathname: '/eventos', search }} end className={chip}>
            Todos
          </NavLink>
        </li>
        {CATEGORY_IDS.map((id) => (
          <li key={id}>
            <NavLink to={{ pathname: `/eventos/${id}`, search }} className={chip}>
              {CATEGORY_TITLES[id]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AllEvents({ city }: { city: CityCode | undefined }) {
  const events = usePublicEvents(undefined, city);
  if (events.isPending) return <Spinner label="Cargando eventos…" />;
  if (!events.data?.length) {
    return (
      <EmptyState text={city ? `No hay eventos próximos en ${cityLabel(city)}` : 'No hay eventos próximos'} />
    );
  }
  return <EventGrid events={events.data} />;
}

function CategoryEvents({ category, city }: { category: string; city: CityCode | undefined }) {
  const events = usePublicEvents(category, city);
  const others = usePublicEvents(undefined, city);
  if (events.isPending) return <Spinner label="Cargando eventos…" />;
  if (events.data?.length) return <EventGrid events={events.data} />;
  return (
    <>
      <EmptyState text="No hay eventos próximos de esta categoría" />
      <h2 className="mt-10 text-2xl font-bold">Conoce otros eventos que te pueden interesar</h2>
      <OtherEvents events={others.data} loading={others.isPending} />
    </>
  );
}

function OtherEvents({ events, loading }: { events: EventListItem[] | undefined; loading: boolean }) {
  if (loading) return <Spinner label="Cargando eventos…" />;
  if (!events?.length) return <EmptyState text="No hay eventos próximos" />;
  return <EventGrid events={events} />;
}

/** Events a page of the list shows: the next 24, then ?pagina=2… (120 cards made a 300 KB page). */
export const EVENTS_PAGE_SIZE = 24;

function EventGrid({ events }: { events: EventListItem[] }) {
  const [searchParams] = useSearchParams();
  const pages = Math.ceil(events.length / EVENTS_PAGE_SIZE);
  const asked = Number.parseInt(searchParams.get('pagina') ?? '1', 10);
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const shown = events.slice((page - 1) * EVENTS_PAGE_SIZE, page * EVENTS_PAGE_SIZE);
  return (
    <>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((event, index) => (
          <li key={event.id}>
            <EventCard event={event} eager={index === 0} />
          </li>
        ))}
      </ul>
      {pages > 1 ? <EventPager page={page} pages={pages} /> : null}
    </>
  );
}

/** Plain links (?pagina=…, keeping ?ciudad=): they work before the page's JavaScript arrives. */
function EventPager({ page, pages }: { page: number; pages: number }) {
  const { pathname, search } = useLocation();
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('pagina');
    else params.set('pagina', String(target));
    const query = params.toString();
    return { pathname, search: query ? `?${query}` : '' };
  };
  const link = 'rounded-full bg-white px-4 py-2 text-sm font-medium ring-1 ring-black/10 hover:text-accent';
  return (
    <nav aria-label="Páginas de eventos" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link} rel="prev">
          Anterior
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={link} rel="next">
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}

function EmptyState({ text }: { text: string }) {
  return <p className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">{text}</p>;
}
