import type { EmblaCarouselType } from 'embla-carousel';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EventListItem } from '../../../shared/contracts/events';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_MAX_SCROLL_PX } from '../../../shared/domain/landing';
import { formatDateTime } from '../../../shared/domain/mexico-dates';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import { EventPicture } from '../../components/event-picture';
import { CarouselControls, useSelectedSlide } from '../../components/ui/carousel-controls';

/** The landing's server-rendered carousel as an island: it comes live just before its first move (decision 0055). */
export function EventCarouselIsland({ events }: { events: EventListItem[] }) {
  return <EventCarousel events={events} firstMoveAt={CAROUSEL_INTERVAL_MS} />;
}

/**
 * The landing banner (specification §2): one event per slide, wrapping arrows, and a move every
 * 4 s only while the page is near its top. It also holds still while the pointer or the keyboard
 * focus is on it, so nobody loses the slide they are reading (WCAG 2.2.2).
 */
export function EventCarousel({ events, firstMoveAt }: { events: EventListItem[]; firstMoveAt?: number }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const selected = useSelectedSlide(embla);
  const [held, setHeld] = useState(false);
  // Arrows and dots pressed before the library arrives move the carousel as soon as it does.
  const early = useRef<((carousel: EmblaCarouselType) => void)[]>([]);
  const moved = useRef(false);

  useEffect(() => {
    let carousel: EmblaCarouselType | undefined;
    let unmounted = false;
    // The slides are already in the page; the library that moves them loads after hydration.
    void import('embla-carousel').then(({ default: createCarousel }) => {
      if (unmounted || !viewportRef.current) return;
      carousel = createCarousel(viewportRef.current, { loop: true });
      for (const move of early.current.splice(0)) move(carousel);
      setEmbla(carousel);
    });
    return () => {
      unmounted = true;
      carousel?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!embla || held) return;
    // The first move keeps its time from the page's start when asked (firstMoveAt), however late
    // the carousel came live; every later one comes an interval after the one before.
    const first =
      firstMoveAt !== undefined && !moved.current
        ? Math.max(0, firstMoveAt - performance.now())
        : CAROUSEL_INTERVAL_MS;
    let timer = window.setTimeout(function moveOn() {
      moved.current = true;
      if (window.scrollY < CAROUSEL_MAX_SCROLL_PX) embla.scrollNext();
      timer = window.setTimeout(moveOn, CAROUSEL_INTERVAL_MS);
    }, first);
    return () => window.clearTimeout(timer);
  }, [embla, held, firstMoveAt]);

  const move = useCallback(
    (action: (carousel: EmblaCarouselType) => void) => {
      if (embla) action(embla);
      else early.current.push(action);
    },
    [embla],
  );
  const previous = useCallback(() => move((carousel) => carousel.scrollPrev()), [move]);
  const next = useCallback(() => move((carousel) => carousel.scrollNext()), [move]);

  function moveWithArrowKeys(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
  }

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Próximos eventos"
      className="relative"
      onKeyDown={moveWithArrowKeys}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
        <div className="flex touch-pan-y">
          {events.map((event, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; a fieldset is for form controls.
            <div
              key={event.id}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${events.length}: ${event.name}`}
              inert={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <Slide event={event} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
      <CarouselControls
        className="mt-4"
        count={events.length}
        selected={selected}
        onPrevious={previous}
        onNext={next}
        onSelect={(index) => move((carousel) => carousel.scrollTo(index))}
        previousLabel="Evento anterior"
        nextLabel="Evento siguiente"
        dotLabel={(index) => `Ir al evento ${index + 1}: ${events[index]?.name ?? ''}`}
      />
    </section>
  );
}

function Slide({ event, eager }: { event: EventListItem; eager: boolean }) {
  const soldOut = event.status_id === EVENT_STATUS.soldOut;
  return (
    <Link to={`/evento/${event.id}`} className="group grid md:grid-cols-[3fr_2fr]">
      <div className="relative">
        <EventPicture
          src={event.image}
          srcSet={event.image_srcset}
          alt={`Imagen del evento ${event.name}`}
          sizes="(min-width: 1152px) 690px, (min-width: 768px) 60vw, 100vw"
          eager={eager}
          className="aspect-video h-full w-full object-cover"
        />
        {soldOut ? (
          <div className="absolute inset-0 grid place-items-center bg-ink/55">
            <span className="-rotate-6 rounded-lg border-4 border-white px-5 py-2 text-3xl font-black tracking-widest text-white uppercase">
              Agotado
            </span>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col justify-center gap-2 p-5 md:p-8">
        <p className="text-sm font-semibold text-accent">{formatDateTime(event.day, event.hour)}</p>
        <h2 className="text-xl font-bold text-ink group-hover:text-accent md:text-3xl">{event.name}</h2>
        <p className="text-sm font-semibold text-muted">
          {soldOut ? 'Evento agotado · ver detalles' : 'Ver detalles y participar'}
        </p>
      </div>
    </Link>
  );
}
