import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Camera, CameraOff, CheckCircle2, CircleAlert, CircleX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type AdminAttendee,
  type CheckinResponse,
  isCheckIn,
  ticketCodeSchema,
} from '../../../../shared/contracts/admin-events';
import { validationMessage } from '../../../../shared/contracts/common';
import { isAdminEventDetails } from '../../../../shared/contracts/event-answers';
import { genderLabel } from '../../../../shared/domain/genders';
import { formatDate, formatDateTime } from '../../../../shared/domain/mexico-dates';
import { dayInMexicoCity } from '../../../../shared/domain/mexico-time';
import { foldForSearch } from '../../../../shared/domain/search-text';
import { ASSISTANCE_STATUS } from '../../../../shared/domain/statuses';
import { adminPost } from '../../../api/admin';
import { ApiError, answerOf, errorMessage, sessionHint } from '../../../api/client';
import { BannerSlot, bannerFrom, SearchBox, smallButton } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadges } from '../../../components/ui/verified-badges';
import { usePageTitle } from '../../../components/use-page-title';
import type { ScannerControls } from './ticket-scanner';

type Outcome =
  | { kind: 'arrived'; arrival: CheckinResponse }
  | { kind: 'repeated'; message: string }
  | { kind: 'refused'; message: string };

function outcomeOf(error: unknown): Outcome {
  // 409: the ticket is good but was already used (docs/design/11-night-out.md).
  if (error instanceof ApiError && error.httpStatus === 409)
    return { kind: 'repeated', message: error.message };
  return { kind: 'refused', message: errorMessage(error) };
}

/** /admin/event/{id}/entrada: the organizer's phone at the door — scan, type or find by name. */
export function DoorPage() {
  const eventId = Number(useParams().id);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const queryKey = ['admin', 'event', eventId];
  const details = useQuery({
    queryKey,
    queryFn: async () =>
      answerOf(
        await adminPost('event/details', { admin_id: sessionHint('admin') ?? undefined, event_id: eventId }),
        isAdminEventDetails,
      ),
  });
  usePageTitle(details.data ? `Entrada: ${details.data.event.name}` : 'Entrada');
  const checkIn = useMutation({
    mutationFn: async (code: string) =>
      answerOf(
        await adminPost('event/update', {
          admin_id: sessionHint('admin') ?? undefined,
          checkin: { event_id: eventId, code },
        }),
        isCheckIn,
      ),
    onMutate: () => setOutcome(null),
    onSuccess: (response) => setOutcome({ kind: 'arrived', arrival: response }),
    onError: (error) => setOutcome(outcomeOf(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  /** Answers whether she came in, so the typed box can clear itself for the next guest. */
  const submitCode = async (code: string): Promise<boolean> => {
    const parsed = ticketCodeSchema.safeParse(code);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setOutcome({ kind: 'refused', message: issue ? validationMessage(issue) : 'El código no es válido' });
      return false;
    }
    try {
      await checkIn.mutateAsync(parsed.data);
      return true;
    } catch {
      // onError has shown why.
      return false;
    }
  };

  if (details.isPending) return <Spinner />;
  if (details.isError) return <BannerSlot banner={bannerFrom(details.error)} />;
  const { event, assistance } = details.data;

  return (
    <section className="mx-auto flex max-w-lg flex-col gap-5">
      <Link to={`/admin/event/${event.id}`} className="text-sm text-slate-600 underline">
        ← {event.name}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Entrada</h1>
        <p className="text-slate-700">
          {formatDateTime(event.day, event.hour)}
          {event.venue ? ` · ${event.venue}` : ''}
        </p>
      </div>
      <NotTonight day={event.day} />
      <Arrivals w={event.checked_in_w} m={event.checked_in_m} x={event.checked_in_x} />
      <OutcomePanel outcome={outcome} pending={checkIn.isPending} reserve={scanning} />
      {outcome?.kind === 'arrived' ? (
        <FaceMatch key={outcome.arrival.assistance_id} eventId={event.id} arrival={outcome.arrival} />
      ) : null}
      <CameraScanner on={scanning} onToggle={setScanning} onCode={submitCode} />
      <CodeForm onSubmit={submitCode} pending={checkIn.isPending} />
      <ConfirmedList attendees={assistance} pending={checkIn.isPending} onCheckIn={submitCode} />
    </section>
  );
}

/**
 * The door page opened on another day is most often the wrong event: said before anyone is
 * registered, and kept in view while the staff work.
 */
function NotTonight({ day }: { day: string }) {
  const today = dayInMexicoCity();
  if (day === today) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
      {day > today
        ? `Este evento es el ${formatDate(day)}: hoy todavía no es el día. Revisa que sea el evento correcto antes de registrar llegadas.`
        : `Este evento fue el ${formatDate(day)}. Revisa que sea el evento correcto antes de registrar llegadas.`}
    </p>
  );
}

function Arrivals({ w, m, x }: { w: number; m: number; x: number }) {
  const counts = [
    ['Mujeres', w],
    ['Hombres', m],
    ['LGBTQ+', x],
  ] as const;
  return (
    <dl aria-label="Llegadas" className="grid grid-cols-3 gap-2 text-center">
      {counts.map(([label, count]) => (
        <div key={label} className="rounded border border-slate-200 bg-white p-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-2xl font-bold">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Big and coloured: read at arm's length in a dark bar. While the camera runs its place is kept,
 * so the preview does not jump at each scan; before that it takes no room and the actions stay
 * on a phone's first screen.
 */
function OutcomePanel({
  outcome,
  pending,
  reserve,
}: {
  outcome: Outcome | null;
  pending: boolean;
  reserve: boolean;
}) {
  return (
    <div aria-live="polite" className={clsx(reserve && 'min-h-24')}>
      {pending ? <Spinner label="Registrando…" /> : null}
      {outcome?.kind === 'arrived' ? (
        <div role="status" className={panelClass('bg-emerald-600')}>
          <CheckCircle2 className="size-10 shrink-0" aria-hidden />
          <div>
            <p className="text-2xl font-bold [overflow-wrap:anywhere]">{outcome.arrival.name}</p>
            <p className="text-lg">{genderLabel(outcome.arrival.gender)} · Llegada registrada</p>
          </div>
        </div>
      ) : null}
      {outcome?.kind === 'repeated' ? (
        <div role="alert" className={panelClass('bg-amber-500 text-ink')}>
          <CircleAlert className="size-10 shrink-0" aria-hidden />
          <p className="text-2xl font-bold">{outcome.message}</p>
        </div>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <div role="alert" className={panelClass('bg-red-700')}>
          <CircleX className="size-10 shrink-0" aria-hidden />
          <p className="text-xl font-bold">{outcome.message}</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * docs/design/27-verified.md: her main photo, large, beside her name; «Coincide» gives her the
 * dated «Verificada en persona», «No coincide» tells her nothing and sends her photos to the
 * moderators with this night.
 */
function FaceMatch({ eventId, arrival }: { eventId: number; arrival: CheckinResponse }) {
  const compare = useMutation({
    mutationFn: async (match: boolean) =>
      adminPost('admin/event/face-match', {
        admin_id: sessionHint('admin') ?? undefined,
        event_id: eventId,
        client_id: arrival.client_id,
        match,
      }),
  });
  if (!arrival.photo) {
    return (
      <p className="rounded-lg border border-slate-300 bg-white p-4 text-lg font-semibold">
        Sin foto: no hay con qué compararla
      </p>
    );
  }
  return (
    <figure className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <img
        src={arrival.photo.url}
        srcSet={arrival.photo.srcset}
        sizes="(max-width: 32rem) 100vw, 32rem"
        alt={`Foto principal de ${arrival.name}`}
        className="max-h-[28rem] w-full rounded object-contain"
      />
      <figcaption className="text-lg font-semibold [overflow-wrap:anywhere]">
        ¿Es {arrival.name}?
        {/* After «Coincide» the answer's marks, so the door sees the badge it just gave. */}
        <VerifiedBadges verified={compare.data?.verified ?? arrival.verified} gender={arrival.gender} />
      </figcaption>
      {compare.isSuccess ? (
        <p role="status" className="text-lg font-semibold">
          {compare.data.message}
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <button
            type="button"
            disabled={compare.isPending}
            onClick={() => compare.mutate(true)}
            className="min-h-12 rounded-lg bg-emerald-700 px-4 text-lg font-bold text-white"
          >
            Coincide
          </button>
          <button
            type="button"
            disabled={compare.isPending}
            onClick={() => compare.mutate(false)}
            className="min-h-12 rounded-lg bg-red-700 px-4 text-lg font-bold text-white"
          >
            No coincide
          </button>
        </div>
      )}
      {compare.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(compare.error)}
        </p>
      ) : null}
    </figure>
  );
}

const panelClass = (colour: string) => clsx('flex items-center gap-4 rounded-lg p-5 text-white', colour);

/** The camera starts on request (the browser asks for permission then) and stops on leaving. */
function CameraScanner({
  on,
  onToggle,
  onCode,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  onCode: (code: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<ScannerControls | null>(null);
  // The running scanner keeps one callback; it reads the latest handler through this ref.
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  }, [onCode]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!on || !video.current) return;
    const preview = video.current;
    let stopped = false;
    // The decoder (jsQR) loads only when the camera is used, not for typed codes.
    import('./ticket-scanner')
      .then(({ scanTickets }) => scanTickets(preview, (code) => latestOnCode.current(code)))
      .then((started) => {
        if (stopped) started.stop();
        else controls.current = started;
      })
      .catch(() => {
        setProblem('No pudimos usar la cámara. Revisa el permiso del navegador o escribe el código.');
        onToggle(false);
      });
    return () => {
      stopped = true;
      controls.current?.stop();
      controls.current = null;
    };
  }, [on, onToggle]);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={clsx(smallButton(on ? 'default' : 'primary'), 'justify-center py-3 text-base')}
        onClick={() => {
          setProblem(null);
          onToggle(!on);
        }}
      >
        {on ? <CameraOff className="size-5" aria-hidden /> : <Camera className="size-5" aria-hidden />}
        {on ? 'Detener cámara' : 'Escanear con la cámara'}
      </button>
      {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Vista de la cámara"
        className={clsx('aspect-square w-full rounded bg-black object-cover', !on && 'hidden')}
      />
    </div>
  );
}

/** After each guest the box is ready for the next: emptied when she came in, selected when not. */
function CodeForm({ onSubmit, pending }: { onSubmit: (code: string) => Promise<boolean>; pending: boolean }) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const arrived = await onSubmit(code);
    if (arrived) setCode('');
    input.current?.focus();
    if (!arrived) input.current?.select();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor="ticket-code" className="text-sm font-medium">
        Código del boleto
      </label>
      <div className="flex gap-2">
        <input
          id="ticket-code"
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-describedby="ticket-code-hint"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-3 py-2 font-mono text-base"
        />
        <button type="submit" className={smallButton('primary')} disabled={pending}>
          Registrar
        </button>
      </div>
      <p id="ticket-code-hint" className="text-sm text-slate-600">
        Los 8 caracteres bajo el QR, como K7QM-4D2X; mayúsculas o minúsculas, con o sin guion.
      </p>
    </form>
  );
}

/** Search by name among the confirmed: for a phone without its ticket. */
function ConfirmedList({
  attendees,
  pending,
  onCheckIn,
}: {
  attendees: AdminAttendee[];
  pending: boolean;
  onCheckIn: (code: string) => void;
}) {
  const [search, setSearch] = useState('');
  const needle = foldForSearch(search);
  const confirmed = attendees.filter(
    (attendee) => attendee.status_id === ASSISTANCE_STATUS.confirmed && attendee.ticket !== null,
  );
  const shown = confirmed.filter((attendee) => foldForSearch(attendee.client).includes(needle));
  return (
    <div>
      <h2 className="mb-2 text-lg font-semibold">Confirmados ({confirmed.length})</h2>
      <SearchBox label="Buscar por nombre" value={search} onChange={setSearch} />
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">Nadie confirmado con ese nombre</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {shown.map((attendee) => (
            <li key={attendee.id} aria-label={attendee.client} className="flex items-center gap-3 p-3">
              <span className="min-w-0 flex-1">
                <span className="block font-medium [overflow-wrap:anywhere]">{attendee.client}</span>
                <span className="text-sm text-slate-600">{genderLabel(attendee.gender)}</span>
              </span>
              {attendee.checked_in === 1 ? (
                <span className="text-sm font-semibold text-emerald-700">Ya llegó</span>
              ) : (
                <button
                  type="button"
                  className={smallButton()}
                  disabled={pending}
                  onClick={() => attendee.ticket && onCheckIn(attendee.ticket)}
                >
                  Registrar llegada
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
