import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CompatiblePerson } from '../../../shared/contracts/compatible';
import type { PersonAdvert } from '../../../shared/contracts/people';
import { QUIZ_NEEDED } from '../../../shared/domain/compatibility';
import { GENDERS, type GenderId } from '../../../shared/domain/genders';
import { totalLabel } from '../../../shared/domain/totals';
import { ApiError } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';
import { Island } from '../../components/islands/island';
import { PersonPhoto, type PhotoSource } from '../../components/person-photo';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';
import { formatPersonFacts } from '../../lib/format';
import { PERSON_CARD_SIZES, useCompatiblePeople, usePeopleAdverts } from './api';
import { type ListedPerson, PercentBadge, SignUpInvitation, useVisitor } from './person-bits';

const PersonPanel = lazy(() => import('./person-panel').then((module) => ({ default: module.PersonPanel })));

/** What the list shows: a member's "Para ti", everyone, or one gender. */
type View = 'para-ti' | 'todos' | GenderId;

const GENDER_VIEWS: { view: View; label: string }[] = [
  { view: 'todos', label: 'Todos' },
  ...GENDERS.map((gender) => ({ view: gender.id, label: gender.label })),
];
const MEMBER_VIEWS: { view: View; label: string }[] = [
  { view: 'para-ti', label: 'Para ti' },
  ...GENDER_VIEWS,
];

function listedPerson({ advert_id, name, ...person }: CompatiblePerson): ListedPerson {
  return { ...person, id: advert_id, client: name };
}

/**
 * The view lives in the address (?genero=2, ?vista=todos), so a reload or 'back' keeps it. A member
 * opens on "Para ti" (docs/design/16-para-ti.md); a visitor on everyone.
 */
function useView(member: boolean): [View, (view: View) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('genero'));
  const gender = GENDERS.find((option) => option.id === value)?.id;
  const view: View = gender ?? (member && params.get('vista') !== 'todos' ? 'para-ti' : 'todos');
  const setView = (next: View) =>
    setParams(
      typeof next === 'number'
        ? { genero: String(next) }
        : next === 'todos' && member
          ? { vista: 'todos' }
          : {},
      { replace: true },
    );
  return [view, setView];
}

/**
 * Back from logging in to mark an interest (?anuncio=7), the visitor finds the profile she was
 * reading open again; the parameter is then dropped so closing the panel stays closed.
 */
function useReopenedAdvert(people: PersonAdvert[], open: (advert: PersonAdvert) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('anuncio');
  const found = wanted === null ? undefined : people.find((advert) => String(advert.id) === wanted);
  useEffect(() => {
    if (!found) return;
    open(found);
    setParams(
      (current) => {
        current.delete('anuncio');
        return current;
      },
      { replace: true },
    );
  }, [found, open, setParams]);
}

/** /personas: on the visitors' server-rendered page, the whole list is an island. */
export function PeoplePage() {
  return <Island name="people" component={PeopleBrowser} props={{}} />;
}

/** Published adverts, filtered by gender, with the full profile in a side panel. */
export function PeopleBrowser() {
  usePageTitle('Personas');
  const member = useSessionHint('client') !== null;
  const [view, setView] = useView(member);
  const [selected, setSelected] = useState<ListedPerson | null>(null);
  // The panel's code loads with the first profile opened, and stays for the next ones.
  const [panelWanted, setPanelWanted] = useState(false);
  const open = useCallback((person: ListedPerson) => {
    setSelected(person);
    setPanelWanted(true);
  }, []);
  const forYou = view === 'para-ti';
  const [onlyVerified, setOnlyVerified] = useState(false);
  const adverts = usePeopleAdverts(typeof view === 'number' ? view : undefined, onlyVerified);
  const compatible = useCompatiblePeople(forYou, onlyVerified);
  const pages = adverts.data?.pages ?? [];
  const people: ListedPerson[] = forYou
    ? (compatible.data?.pages.flatMap((page) => page.people.map(listedPerson)) ?? [])
    : pages.flatMap((page) => page.adverts);
  const total = forYou
    ? totalLabel(compatible.data?.pages[0]?.total ?? 0, false)
    : totalLabel(pages[0]?.total ?? 0, pages[0]?.total_estimated);
  const list = forYou ? compatible : adverts;
  useReopenedAdvert(people, open);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold md:text-4xl">Personas</h1>
      <p className="mt-2 text-muted">
        Conoce a quienes buscan lo mismo que tú. Si alguien te interesa, díselo.
      </p>

      <fieldset className="mt-6">
        <legend className="sr-only">Qué personas ver</legend>
        <div className="flex flex-wrap gap-2">
          {(member ? MEMBER_VIEWS : GENDER_VIEWS).map((option) => {
            const active = option.view === view;
            return (
              <button
                key={option.label}
                type="button"
                aria-pressed={active}
                onClick={() => setView(option.view)}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 ${
                  active
                    ? 'bg-accent text-white ring-accent'
                    : 'bg-white text-ink ring-black/10 hover:text-accent'
                }`}
              >
                {option.label}
              </button>
            );
          })}
        </div>
        <label className="mt-3 inline-flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={onlyVerified}
            onChange={(event) => setOnlyVerified(event.target.checked)}
            className="size-5"
          />
          Sólo verificadas
        </label>
      </fieldset>

      {forYou && compatible.error instanceof ApiError && compatible.error.httpStatus === 409 ? (
        <QuizInvitation message={compatible.error.message} onSeeEveryone={() => setView('todos')} />
      ) : list.isPending ? (
        <Spinner label="Cargando personas…" />
      ) : !list.data ? (
        <div className="mt-8">
          <ErrorAlert error={list.error} />
        </div>
      ) : people.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">
          {forYou
            ? 'Todavía no hay personas afines a ti con anuncio publicado. Vuelve pronto o mira a todos.'
            : view === 'todos'
              ? 'Todavía no hay anuncios publicados. Vuelve pronto.'
              : 'No hay anuncios publicados en esta categoría. Prueba con otra.'}
        </p>
      ) : (
        <>
          {forYou ? (
            <p className="mt-6 text-sm text-muted">
              Las personas más afines a ti según el cuestionario, de la más a la menos compatible.
            </p>
          ) : null}
          <ul aria-label="Anuncios" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {people.map((advert, index) => (
              <li key={advert.id}>
                {/* Only the first photo is on a phone's first screen; the rest load as they near it. */}
                <PersonCard advert={advert} eager={index === 0} onOpen={() => open(advert)} />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center gap-3">
            <p className="text-sm text-muted">
              Mostrando {people.length} de {total}
            </p>
            {list.hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Cargando…' : 'Ver más'}
              </Button>
            ) : null}
            <ErrorAlert error={list.error} />
          </div>
        </>
      )}

      {panelWanted ? (
        <Suspense fallback={null}>
          <PersonPanel person={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** "Para ti" before the quiz: the server's reason and the way to fix it. */
function QuizInvitation({ message, onSeeEveryone }: { message: string; onSeeEveryone: () => void }) {
  const needsQuiz = message === QUIZ_NEEDED;
  return (
    <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-black/5">
      <p className="max-w-md text-ink">
        {needsQuiz
          ? 'Responde el cuestionario de compatibilidad (20 preguntas, unos 5 minutos) y te mostramos a las personas más afines a ti, con lo que tienen en común.'
          : message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to={needsQuiz ? '/quiz' : '/perfil'}
          className="rounded-full bg-accent px-5 py-2 font-semibold text-white hover:bg-accent-dark"
        >
          {needsQuiz ? 'Responder el cuestionario' : 'Ir a mi perfil'}
        </Link>
        <Button variant="secondary" onClick={onSeeEveryone}>
          Ver a todos
        </Button>
      </div>
    </div>
  );
}

/** The advert's main photo: the card-sized URL, with the other sizes when the server lists them. */
function mainPhoto(advert: PersonAdvert): PhotoSource | null {
  if (advert.photo === null) return null;
  return { url: advert.photo, srcset: advert.photos[0]?.srcset };
}

function PersonCard({ advert, eager, onOpen }: { advert: ListedPerson; eager: boolean; onOpen: () => void }) {
  const visitor = useVisitor();
  const photo = mainPhoto(advert);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <div className="relative">
        <PersonPhoto
          photo={photo}
          alt={`Foto de ${advert.client}`}
          sizes={PERSON_CARD_SIZES}
          width={480}
          height={480}
          eager={eager}
          className="aspect-square w-full"
        />
        {visitor && photo ? <SignUpInvitation /> : null}
        {advert.percent === undefined ? null : (
          <PercentBadge percent={advert.percent} className="absolute top-3 left-3" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold wrap-anywhere">{advert.client}</h2>
        <VerifiedBadges verified={advert.verified} gender={advert.gender} />
        <p className="text-sm text-muted wrap-anywhere">{formatPersonFacts(advert)}</p>
        <p className="mt-3 line-clamp-3 flex-1 text-ink wrap-anywhere">{advert.description}</p>
        <Button variant="secondary" className="mt-4 self-start" onClick={onOpen}>
          Ver perfil
        </Button>
      </div>
    </article>
  );
}
