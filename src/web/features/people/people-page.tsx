import { Check, Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type CompatiblePerson, QUIZ_NEEDED } from '../../../shared/contracts/compatible';
import type { PersonAdvert } from '../../../shared/contracts/people';
import { GENDERS, type GenderId, genderLabel } from '../../../shared/domain/genders';
import { totalLabel } from '../../../shared/domain/totals';
import { ApiError } from '../../api/client';
import { useMyInterests } from '../../api/interests';
import { useSessionHint } from '../../api/session';
import { PersonPhoto, type PhotoSource } from '../../components/person-photo';
import { PhotoGallery } from '../../components/photo-gallery';
import { SafetyActions } from '../../components/safety-actions';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatPersonFacts } from '../../lib/format';
import { useLoginLink } from '../auth/login-return';
import { useAddInterest, useCompatiblePeople, usePeopleAdverts } from './api';

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

/** A card of either list; "Para ti" adds how well she fits and why. */
type ListedPerson = PersonAdvert & { percent?: number; reasons?: string[] };

function listedPerson({ advert_id, name, ...person }: CompatiblePerson): ListedPerson {
  return { ...person, id: advert_id, client: name };
}

/**
 * The view lives in the address (?genero=2, ?vista=todos), so a reload or 'back' keeps it. A member
 * opens on "Para ti" (design.md §16); a visitor on everyone.
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

/** /personas: published adverts, filtered by gender, with the full profile in a side panel. */
export function PeoplePage() {
  usePageTitle('Personas');
  const member = useSessionHint('client') !== null;
  const [view, setView] = useView(member);
  const [selected, setSelected] = useState<ListedPerson | null>(null);
  const forYou = view === 'para-ti';
  const adverts = usePeopleAdverts(typeof view === 'number' ? view : undefined);
  const compatible = useCompatiblePeople(forYou);
  const pages = adverts.data?.pages ?? [];
  const people: ListedPerson[] = forYou
    ? (compatible.data?.pages.flatMap((page) => page.people.map(listedPerson)) ?? [])
    : pages.flatMap((page) => page.adverts);
  const total = forYou
    ? totalLabel(compatible.data?.pages[0]?.total ?? 0, false)
    : totalLabel(pages[0]?.total ?? 0, pages[0]?.total_estimated);
  const list = forYou ? compatible : adverts;
  useReopenedAdvert(people, setSelected);

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
                <PersonCard advert={advert} eager={index === 0} onOpen={() => setSelected(advert)} />
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

      <SidePanel
        open={selected !== null}
        onOpenChange={(open) => !open && setSelected(null)}
        title={selected?.client ?? ''}
      >
        {selected ? <PersonProfile advert={selected} onBlocked={() => setSelected(null)} /> : null}
      </SidePanel>
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

/** "85 % afín": on a "Para ti" card and in its panel; visitors never see one. */
function PercentBadge({ percent, className = '' }: { percent: number; className?: string }) {
  return (
    <span
      className={`rounded-full bg-accent px-3 py-1 text-sm font-semibold text-white shadow-sm ${className}`}
    >
      {percent} % afín
    </span>
  );
}

/** Visitors see blurred photos (design §10); the way to see them clear is an account. */
function useVisitor(): boolean {
  const clientId = useSessionHint('client');
  const adminId = useSessionHint('admin');
  return clientId === null && adminId === null;
}

function SignUpInvitation() {
  return (
    <div className="absolute inset-0 flex items-end justify-center p-3">
      <Link
        to="/registrarse"
        className="rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-accent-dark shadow-sm ring-1 ring-black/10 hover:bg-white hover:underline"
      >
        Regístrate para ver sus fotos
      </Link>
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
          sizes="(min-width: 1152px) 365px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 2rem)"
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
        <h2 className="text-lg font-semibold">{advert.client}</h2>
        <p className="text-sm text-muted wrap-anywhere">{formatPersonFacts(advert)}</p>
        <p className="mt-3 line-clamp-3 flex-1 text-ink wrap-anywhere">{advert.description}</p>
        <Button variant="secondary" className="mt-4 self-start" onClick={onOpen}>
          Ver perfil
        </Button>
      </div>
    </article>
  );
}

/** The side panel's full profile and the interest button (hidden on one's own advert, spec §5). */
function PersonProfile({ advert, onBlocked }: { advert: ListedPerson; onBlocked: () => void }) {
  const clientId = useSessionHint('client');
  const visitor = useVisitor();
  return (
    <div className="flex flex-1 flex-col gap-6">
      <PhotoGallery
        photos={advert.photos}
        name={advert.client}
        sizes="(min-width: 448px) 400px, calc(100vw - 3rem)"
        overlay={visitor && advert.photos.length > 0 ? <SignUpInvitation /> : null}
      />
      <div>
        <dl className="grid gap-1 text-sm">
          {advert.age === null ? null : (
            <div className="flex gap-2">
              <dt className="text-muted">Edad</dt>
              <dd className="font-medium">{advert.age} años</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="text-muted">Género</dt>
            <dd className="font-medium">{genderLabel(advert.gender)}</dd>
          </div>
          {advert.occupation ? (
            <div className="flex gap-2">
              <dt className="text-muted">Ocupación</dt>
              <dd className="font-medium wrap-anywhere">{advert.occupation}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {advert.percent === undefined ? null : (
        <div>
          <PercentBadge percent={advert.percent} />
          {advert.reasons && advert.reasons.length > 0 ? (
            <ul aria-label="Lo que tienen en común" className="mt-3 grid gap-1 text-sm">
              {advert.reasons.map((reason) => (
                <li key={reason} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                  {reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <div>
        <h3 className="font-semibold">Sobre mí</h3>
        <p className="mt-2 leading-relaxed whitespace-pre-line wrap-anywhere">{advert.description}</p>
      </div>
      <InterestAction advert={advert} />
      {clientId !== null && clientId !== advert.client_id ? (
        <SafetyActions targetClientId={advert.client_id} name={advert.client} onBlocked={onBlocked} />
      ) : null}
    </div>
  );
}

function InterestAction({ advert }: { advert: PersonAdvert }) {
  const clientId = useSessionHint('client');
  const navigate = useNavigate();
  const loginLink = useLoginLink();
  const addInterest = useAddInterest();
  const interests = useMyInterests(clientId !== null);

  if (clientId === advert.client_id) {
    return <p className="rounded-lg bg-cream px-4 py-3 text-sm text-muted">Este es tu anuncio.</p>;
  }
  const known = interests.data && [...interests.data.interested, ...interests.data.mutual];
  if (clientId !== null && known?.some((entry) => entry.client_id === advert.client_id)) {
    return (
      <p className="rounded-lg bg-accent-soft px-4 py-3 text-sm text-accent-dark">
        Ya te interesa {advert.client}.{' '}
        <Link to="/intereses" className="font-semibold underline">
          Ver mis intereses
        </Link>
      </p>
    );
  }

  // Visitors log in first (spec §5); a success goes to /intereses (spec §4).
  const markInterest = () => {
    if (clientId === null) {
      navigate(loginLink('interes', { anuncio: String(advert.id) }));
      return;
    }
    addInterest.mutate(advert.id, {
      onSuccess: () => navigate('/intereses'),
      onError: (error) => {
        if (error instanceof ApiError && error.httpStatus === 401)
          navigate(loginLink('interes', { anuncio: String(advert.id) }));
      },
    });
  };

  return (
    <div className="mt-auto flex flex-col gap-3">
      <ErrorAlert error={addInterest.error} />
      <Button onClick={markInterest} disabled={addInterest.isPending} className="w-full">
        <Heart className="size-4" aria-hidden />
        {addInterest.isPending ? 'Guardando…' : 'Me interesa'}
      </Button>
    </div>
  );
}
