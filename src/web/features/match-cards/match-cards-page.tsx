import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { PickPerson } from '../../../shared/contracts/match-cards';
import { formatInstant } from '../../../shared/domain/mexico-dates';
import { ApiError, errorMessage } from '../../api/client';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';
import { usePicks, useSavePick } from './api';

/** An ISO instant as Mexico City reads it, ending a sentence: 'sábado 28 de noviembre, 8:00 p.m.'. */
function momentSentence(iso: string): string {
  const text = formatInstant(iso);
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * /evento/:id/elecciones: the match cards of a night out (docs/design/12-match-cards.md), made for a phone in a
 * dim bar: dark, high contrast, one large Sí and No per person, saved as they are tapped.
 */
export function MatchCardsPage() {
  const eventId = Number(useParams().id);
  usePageTitle('Tus elecciones');
  const picks = usePicks(eventId);
  const save = useSavePick(eventId);

  let body: ReactNode;
  if (picks.isPending) {
    body = <Notice role="status">Cargando tus elecciones…</Notice>;
  } else if (picks.isError) {
    const status = picks.error instanceof ApiError ? picks.error.httpStatus : 0;
    body = (
      <Notice title={status === 403 ? 'Aún no registras tu llegada' : 'No pudimos abrir tus elecciones'}>
        {status === 403
          ? 'Las elecciones son para quienes registraron su llegada al evento. Muestra tu código QR en la entrada y vuelve a esta página.'
          : errorMessage(picks.error)}
      </Notice>
    );
  } else {
    const data = picks.data;
    if (!data.open && !data.closed) {
      body = (
        <Notice title="Todavía no abren">
          {data.opens_at
            ? `Las elecciones abren cuando empieza el evento: ${momentSentence(data.opens_at)}`
            : 'Las elecciones abren cuando empieza el evento.'}
        </Notice>
      );
    } else {
      body = (
        <>
          {data.closed ? (
            <Notice title="Las elecciones cerraron">
              Si alguien que elegiste también te eligió, te avisamos por correo y aparece en{' '}
              <Link to="/intereses" className="font-semibold text-white underline">
                Mis intereses
              </Link>{' '}
              y en{' '}
              <Link to="/mensajes" className="font-semibold text-white underline">
                Mensajes
              </Link>
              , donde ya pueden escribirse.
            </Notice>
          ) : (
            <p className="text-base text-neutral-300">
              Marca a quién te gustaría volver a ver. Nadie sabrá tu respuesta: solo si los dos dicen «Sí» les
              avisamos a ambos.
              {data.closes_at ? ` Puedes cambiarla hasta el ${momentSentence(data.closes_at)}` : null}
            </p>
          )}
          {save.isError ? (
            <p
              role="alert"
              className="rounded-xl border-2 border-red-400 bg-red-950 p-4 text-base text-red-100"
            >
              {errorMessage(save.error)}
            </p>
          ) : null}
          {data.people.length === 0 ? (
            <Notice>Todavía no hay más personas registradas en el evento.</Notice>
          ) : (
            <ul className="flex flex-col gap-4">
              {data.people.map((person) => (
                <PersonCard
                  key={person.client_id}
                  person={person}
                  editable={data.open}
                  onPick={(pick) => save.mutate({ clientId: person.client_id, pick })}
                />
              ))}
            </ul>
          )}
        </>
      );
    }
  }

  return (
    <main className="min-h-dvh bg-neutral-950 px-4 py-6 text-white">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <header className="flex items-center justify-between gap-3">
          <Link to="/asistencias" className="text-base text-neutral-300 underline">
            ← Mis eventos
          </Link>
          <span className="font-bold text-rose-300">Cita</span>
        </header>
        <div>
          <h1 className="text-3xl font-bold">Tus elecciones</h1>
          {picks.data ? <p className="mt-1 text-lg text-neutral-300">{picks.data.event_name}</p> : null}
        </div>
        {body}
      </div>
    </main>
  );
}

function Notice({ title, role, children }: { title?: string; role?: 'status'; children: ReactNode }) {
  return (
    <div role={role} className="rounded-2xl border-2 border-neutral-700 bg-neutral-900 p-5 text-lg">
      {title ? <h2 className="mb-2 text-xl font-bold">{title}</h2> : null}
      <p className="text-neutral-200">{children}</p>
    </div>
  );
}

function PersonCard({
  person,
  editable,
  onPick,
}: {
  person: PickPerson;
  editable: boolean;
  onPick: (pick: 0 | 1) => void;
}) {
  const initial = Array.from(person.name)[0] ?? '?';
  return (
    <li className="rounded-2xl border-2 border-neutral-700 bg-neutral-900 p-4">
      <div className="flex items-center gap-4">
        {person.photo ? (
          <img src={person.photo} alt="" className="size-20 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-neutral-700 text-3xl font-bold"
          >
            {initial}
          </span>
        )}
        <div>
          <h2 className="text-2xl font-bold">{person.name}</h2>
          {person.age !== null ? <p className="text-lg text-neutral-300">{person.age} años</p> : null}
          <VerifiedBadges verified={person.verified} gender={person.gender} />
        </div>
      </div>
      <fieldset className="mt-4 grid grid-cols-2 gap-3">
        <legend className="sr-only">¿Quieres volver a ver a {person.name}?</legend>
        <PickButton pressed={person.picked === 1} disabled={!editable} onClick={() => onPick(1)} tone="yes">
          <Check className="size-7" aria-hidden /> Sí
        </PickButton>
        <PickButton pressed={person.picked === 0} disabled={!editable} onClick={() => onPick(0)} tone="no">
          <X className="size-7" aria-hidden /> No
        </PickButton>
      </fieldset>
    </li>
  );
}

function PickButton({
  pressed,
  disabled,
  onClick,
  tone,
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  tone: 'yes' | 'no';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'flex min-h-16 items-center justify-center gap-2 rounded-xl border-4 text-2xl font-bold transition disabled:cursor-not-allowed',
        pressed
          ? tone === 'yes'
            ? 'border-emerald-300 bg-emerald-400 text-neutral-950'
            : 'border-white bg-white text-neutral-950'
          : 'border-neutral-500 bg-transparent text-white',
        disabled && !pressed && 'opacity-50',
      )}
    >
      {children}
    </button>
  );
}
