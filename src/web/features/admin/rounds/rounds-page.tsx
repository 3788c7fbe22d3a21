import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Maximize, Pause, Play, Printer, SkipForward, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RoundsResponse } from '../../../../shared/contracts/match-cards';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import { type Banner, BannerSlot, bannerFrom, smallButton } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { formatClock, useCountdown } from './use-countdown';

type Round = RoundsResponse['rounds'][number];

/**
 * /admin/event/:id/rondas: the host's screen of a speed-dating night (docs/design/12-match-cards.md): the table
 * plan to print, and a big-screen mode with the round, its countdown and who sits where.
 */
export function RoundsPage() {
  const eventId = Number(useParams().id);
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const [bigScreen, setBigScreen] = useState(false);
  const queryKey = ['admin', 'rounds', eventId];
  const rounds = useQuery({
    queryKey,
    queryFn: () =>
      adminPost('event/rounds', {
        admin_id: sessionHint('admin') ?? undefined,
        event_id: eventId,
      }),
  });
  usePageTitle(rounds.data ? `Rondas · ${rounds.data.event_name}` : 'Rondas');
  const saveMinutes = useMutation({
    mutationFn: (minutes: number) => adminPost('event/rounds', { event_id: eventId, round_minutes: minutes }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      setBanner({ status: 'success', message: `Cada ronda dura ${data.round_minutes} minutos` });
    },
    onError: (error) => setBanner(bannerFrom(error)),
  });

  if (rounds.isPending) return <Spinner />;
  if (rounds.isError) return <BannerSlot banner={bannerFrom(rounds.error)} />;
  const plan = rounds.data;
  const names = new Map(plan.people.map((person) => [person.client_id, person.name]));
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;

  if (bigScreen) {
    return <BigScreen plan={plan} nameOf={nameOf} onExit={() => setBigScreen(false)} />;
  }

  function submitMinutes(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minutes = Number(new FormData(event.currentTarget).get('round_minutes'));
    saveMinutes.mutate(minutes);
  }

  return (
    <section className="flex flex-col gap-5">
      <Link to={`/admin/event/${eventId}`} className="text-sm text-slate-600 underline print:hidden">
        ← Evento
      </Link>
      <BannerSlot banner={banner} />
      <div>
        <h1 className="text-2xl font-bold">Rondas · {plan.event_name}</h1>
        <p className="text-slate-600">
          {plan.rounds.length} {plan.rounds.length === 1 ? 'ronda' : 'rondas'} de {plan.round_minutes} minutos
          · {plan.people.length} personas{' '}
          {plan.source === 'checked_in'
            ? 'que registraron su llegada'
            : 'confirmadas (aún nadie registra su llegada)'}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <form onSubmit={submitMinutes} className="flex items-end gap-2">
          <label className="flex flex-col text-sm">
            Minutos por ronda
            <input
              key={plan.round_minutes}
              name="round_minutes"
              type="number"
              min={1}
              max={60}
              required
              defaultValue={plan.round_minutes}
              className="w-24 rounded border border-slate-300 bg-white px-2 py-1.5"
            />
          </label>
          <button type="submit" className={smallButton()} disabled={saveMinutes.isPending}>
            Guardar
          </button>
        </form>
        <button type="button" className={smallButton()} onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> Imprimir plan
        </button>
        <button
          type="button"
          className={smallButton('primary')}
          disabled={plan.rounds.length === 0}
          onClick={() => setBigScreen(true)}
        >
          <Maximize className="size-4" aria-hidden /> Pantalla grande
        </button>
      </div>
      {plan.rounds.length === 0 ? (
        <p className="rounded border border-slate-200 bg-white p-6 text-center text-slate-600">
          Aún no hay parejas posibles: hacen falta al menos una mujer y un hombre, o dos personas LGBTQ+.
        </p>
      ) : (
        <ol className="grid gap-4 md:grid-cols-2 xl:grid-cols-3 print:block">
          {plan.rounds.map((round) => (
            <li
              key={round.round}
              className="rounded border border-slate-200 bg-white p-4 break-inside-avoid print:mb-4 print:border-slate-400"
            >
              <h2 className="font-semibold">
                Ronda {round.round} de {plan.rounds.length}
              </h2>
              <RoundTables round={round} nameOf={nameOf} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function restingLabel(count: number): string {
  return count === 1 ? 'Descansa' : 'Descansan';
}

function RoundTables({ round, nameOf }: { round: Round; nameOf: (id: number) => string }) {
  return (
    <>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {round.pairs.map((pair) => (
          <li key={pair.table} className="flex gap-2">
            <span className="w-16 shrink-0 font-medium">Mesa {pair.table}</span>
            <span>
              {nameOf(pair.a)} y {nameOf(pair.b)}
            </span>
          </li>
        ))}
      </ul>
      {round.resting.length > 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {restingLabel(round.resting.length)}: {round.resting.map(nameOf).join(', ')}
        </p>
      ) : null}
    </>
  );
}

/** The projector view: dark, large type, the round's countdown and its tables. */
function BigScreen({
  plan,
  nameOf,
  onExit,
}: {
  plan: RoundsResponse;
  nameOf: (id: number) => string;
  onExit: () => void;
}) {
  const [index, setIndex] = useState(0);
  const countdown = useCountdown(plan.round_minutes * 60);
  const round = plan.rounds[index] as Round;
  const last = index === plan.rounds.length - 1;

  useEffect(() => {
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    return () => {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  function nextRound() {
    setIndex((current) => Math.min(current + 1, plan.rounds.length - 1));
    countdown.reset();
  }

  const button =
    'inline-flex min-h-12 items-center gap-2 rounded-lg border-2 border-white/70 px-4 py-2 text-lg font-semibold hover:bg-white/10 disabled:opacity-40';
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-neutral-950 p-4 text-white sm:p-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-3xl font-bold sm:text-5xl">
            Ronda {round.round} de {plan.rounds.length}
          </p>
          <button type="button" className={button} onClick={onExit}>
            <X className="size-5" aria-hidden /> Salir
          </button>
        </div>
        <p
          role="timer"
          aria-label="Tiempo restante"
          className={`text-center font-mono text-7xl font-bold tabular-nums sm:text-[10rem] ${
            countdown.remainingSeconds === 0 ? 'text-rose-400' : ''
          }`}
        >
          {formatClock(countdown.remainingSeconds)}
        </p>
        {countdown.remainingSeconds === 0 ? (
          <p className="text-center text-3xl font-bold text-rose-300">
            {last ? '¡Fin de la última ronda!' : '¡Tiempo! Cambio de mesa'}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-3">
          {countdown.running ? (
            <button type="button" className={button} onClick={countdown.pause}>
              <Pause className="size-5" aria-hidden /> Pausar
            </button>
          ) : (
            <button type="button" className={button} onClick={countdown.start}>
              <Play className="size-5" aria-hidden /> Iniciar
            </button>
          )}
          <button type="button" className={button} onClick={nextRound} disabled={last}>
            <SkipForward className="size-5" aria-hidden /> Siguiente ronda
          </button>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {round.pairs.map((pair) => (
            <li key={pair.table} className="rounded-xl border-2 border-white/30 p-4">
              <p className="text-lg text-neutral-300">Mesa {pair.table}</p>
              <p className="text-2xl font-semibold sm:text-3xl">
                {nameOf(pair.a)} y {nameOf(pair.b)}
              </p>
            </li>
          ))}
        </ul>
        {round.resting.length > 0 ? (
          <p className="text-xl text-neutral-300">
            {restingLabel(round.resting.length)}: {round.resting.map(nameOf).join(', ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
