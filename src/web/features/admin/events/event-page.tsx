import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type AdminAttendee, canConfirm } from '../../../../shared/contracts/admin-events';
import { isAdminEventDetails } from '../../../../shared/contracts/event-answers';
import { cityLabel } from '../../../../shared/domain/cities';
import { genderLabel } from '../../../../shared/domain/genders';
import { formatDateTime } from '../../../../shared/domain/mexico-dates';
import { formatCents } from '../../../../shared/domain/money';
import { formatPhone } from '../../../../shared/domain/phone-display';
import { placesAvailableLabel } from '../../../../shared/domain/places';
import { foldForSearch } from '../../../../shared/domain/search-text';
import {
  ASSISTANCE_STATUS,
  ASSISTANCE_STATUS_LABELS,
  EVENT_STATUS_LABELS,
} from '../../../../shared/domain/statuses';
import { adminPost, readAsDataUrl } from '../../../api/admin';
import { answerOf, sessionHint } from '../../../api/client';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  EmptyState,
  SearchBox,
  smallButton,
  Table,
  Tag,
} from '../../../components/admin/admin-ui';
import { ContactedCheckbox } from '../../../components/admin/contacted-checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { formatAgeBand, formatDuration } from '../../../lib/event-facts';
import { formatPrice } from '../../../lib/format';
import { EventRatings } from '../organizer/event-ratings';
import { EventReportPanel } from '../organizer/event-report';
import { MessageForm } from '../organizer/message-form';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_TONES,
} from '../payments/payment-labels';
import { NightPanel } from '../rounds/night-panel';
import { ConfirmPaidPlace } from './confirm-paid-place';
import { EventForm } from './event-form';

/** 'Lista de espera · lugar 2', 'Cancelado'…: an attendee's status as the organizer reads it. */
function attendeeStatus(attendee: AdminAttendee): string {
  const label = ASSISTANCE_STATUS_LABELS[attendee.status_id] ?? '';
  return attendee.status_id === ASSISTANCE_STATUS.waiting && attendee.position !== null
    ? `${label} · lugar ${attendee.position}`
    : label;
}

const STATUS_TONES: Record<number, 'slate' | 'red' | 'amber' | 'green'> = {
  [ASSISTANCE_STATUS.registered]: 'slate',
  [ASSISTANCE_STATUS.confirmed]: 'green',
  [ASSISTANCE_STATUS.waiting]: 'amber',
  [ASSISTANCE_STATUS.cancelled]: 'red',
};

function matchesAttendee(attendee: AdminAttendee, needle: string): boolean {
  return [attendee.client, attendee.email, attendee.phone, attendee.instagram].some((value) =>
    foldForSearch(value).includes(needle),
  );
}

export function EventPage() {
  const eventId = Number(useParams().id);
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const [search, setSearch] = useState('');
  const queryKey = ['admin', 'event', eventId];
  const details = useQuery({
    queryKey,
    queryFn: async () =>
      answerOf(
        await adminPost('event/details', { admin_id: sessionHint('admin') ?? undefined, event_id: eventId }),
        isAdminEventDetails,
      ),
  });
  usePageTitle(details.data?.event.name ?? 'Evento');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'events'] }),
    ]);
  // The chosen file is read inside the call so a read failure is reported like the server's.
  const callUpdate = async ({ image, ...body }: { image?: File | null } & Record<string, unknown>) =>
    adminPost('event/update', image ? { ...body, image: await readAsDataUrl(image) } : body);
  const update = useMutation({
    mutationFn: callUpdate,
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: refresh,
  });
  // «Actualizar evento» answers beside its button, at the bottom of the form (not at the page's top).
  const saveEvent = useMutation({ mutationFn: callUpdate, onSettled: refresh });
  const saveResult: Banner = saveEvent.isSuccess
    ? { status: 'success', message: saveEvent.data.message }
    : saveEvent.isError
      ? bannerFrom(saveEvent.error)
      : null;

  if (details.isPending) return <Spinner />;
  if (details.isError) return <BannerSlot banner={bannerFrom(details.error)} />;
  const { event, assistance } = details.data;
  const needle = foldForSearch(search);
  const shown = assistance.filter((attendee) => matchesAttendee(attendee, needle));

  return (
    <section className="flex flex-col gap-6">
      <Link to="/admin/events" className="text-sm text-slate-600 underline">
        ← Eventos
      </Link>
      <BannerSlot banner={banner} />
      <div className="grid gap-4 lg:grid-cols-[1fr_1fr]">
        <article className="rounded border border-slate-200 bg-white p-4">
          <img
            src={event.image}
            srcSet={event.image_srcset}
            sizes="(min-width: 1024px) 50vw, 100vw"
            alt={event.name}
            className="mb-3 aspect-video w-full rounded bg-slate-100 object-contain"
          />
          <h1 className="text-2xl font-bold">{event.name}</h1>
          <p className="text-slate-600">
            {event.day ? formatDateTime(event.day, event.hour) : 'Sin fecha'} ·{' '}
            {EVENT_STATUS_LABELS[event.status_id]}
          </p>
          <p className="mt-2 text-sm">
            Hombres: {formatPrice(event.price_m)} · Mujeres: {formatPrice(event.price_w)}
          </p>
          <p className="mt-2 text-sm">
            {[event.venue, event.address, cityLabel(event.city)].filter(Boolean).join(', ')}
          </p>
          <p className="text-sm">
            {[formatDuration(event.duration_minutes), formatAgeBand(event.age_min, event.age_max)]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-2 text-sm whitespace-pre-line">{event.description}</p>
          <h2 className="mt-4 font-semibold">Disponibilidad</h2>
          <ul className="text-sm">
            <li>
              Mujeres: {placesAvailableLabel(event.available_w)} ({event.confirmed_w} de {event.limit_w}{' '}
              confirmadas)
            </li>
            <li>
              Hombres: {placesAvailableLabel(event.available_m)} ({event.confirmed_m} de {event.limit_m}{' '}
              confirmados)
            </li>
            <li>
              Lugares apartados: mujeres {event.held_w} · hombres {event.held_m}
            </li>
            <li>
              Lista de espera: mujeres {event.waiting_w} · hombres {event.waiting_m}
            </li>
          </ul>
          <h2 className="mt-4 font-semibold">Pagos</h2>
          <p className="text-sm">
            Pagados {details.data.payments.paid} · pendientes {details.data.payments.pending} · ingresos{' '}
            {formatCents(details.data.payments.revenue_cents)} · reembolsado{' '}
            {formatCents(details.data.payments.refunded_cents)}{' '}
            <Link to={`/admin/pagos?evento=${event.id}`} className="text-accent underline">
              Ver pagos
            </Link>
          </p>
          <h2 className="mt-4 font-semibold">Llegadas</h2>
          <p className="text-sm">
            Mujeres {event.checked_in_w} · hombres {event.checked_in_m} · LGBTQ+ {event.checked_in_x}
          </p>
          <Link to={`/admin/event/${event.id}/entrada`} className={`mt-3 ${smallButton('primary')}`}>
            <ScanLine className="size-4" aria-hidden /> Registrar llegadas en la entrada
          </Link>
        </article>
        <EventForm
          key={`${event.id}-${event.image}-${event.name}-${event.status_id}`}
          event={event}
          saving={saveEvent.isPending}
          result={saveResult}
          onEdit={() => {
            if (!saveEvent.isIdle) saveEvent.reset();
          }}
          onSave={(fields, image) => {
            setBanner(null);
            saveEvent.mutate({ event: { ...fields, id: event.id }, image });
          }}
        />
      </div>

      <NightPanel eventId={event.id} totals={details.data.picks} />

      <div className="grid gap-4 lg:grid-cols-3">
        <EventReportPanel eventId={event.id} />
        <EventRatings eventId={event.id} />
        <MessageForm eventId={event.id} />
      </div>

      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Asistentes</h2>
          <div className="flex gap-2">
            <a className={smallButton()} href={`/api/event/attendance.csv?event_id=${event.id}`} download>
              <Download className="size-4" aria-hidden /> Exportar CSV
            </a>
            <ConfirmDialog
              trigger={
                <button type="button" className={smallButton('danger')} disabled={assistance.length === 0}>
                  Eliminar lista
                </button>
              }
              question="¿Deseas eliminar la lista completa de asistentes? Esta acción no se puede deshacer"
              onConfirm={() => update.mutate({ clean_id: event.id })}
            />
          </div>
        </div>
        <SearchBox
          label="Buscar por nombre, correo, teléfono o Instagram"
          value={search}
          onChange={setSearch}
        />
        {shown.length === 0 ? (
          <EmptyState text="No hay asistentes" />
        ) : (
          <Table
            head={[
              'Nombre',
              'Correo',
              'Teléfono',
              'Instagram',
              'Género',
              'Estado',
              'Asistencia',
              'Pago',
              'Llegada',
              'Contacto',
            ]}
          >
            {shown.map((attendee) => (
              <tr key={attendee.id}>
                <Cell label="Nombre" className="font-medium">
                  {attendee.client}
                </Cell>
                <Cell label="Correo">{attendee.email}</Cell>
                <Cell label="Teléfono">{formatPhone(attendee.phone)}</Cell>
                <Cell label="Instagram">{attendee.instagram}</Cell>
                <Cell label="Género">{genderLabel(attendee.gender)}</Cell>
                <Cell label="Estado">
                  <Tag tone={STATUS_TONES[attendee.status_id] ?? 'slate'}>{attendeeStatus(attendee)}</Tag>
                </Cell>
                <Cell label="Asistencia">
                  <div className="flex flex-wrap items-center gap-2">
                    {attendee.status_id === ASSISTANCE_STATUS.cancelled ||
                    attendee.status_id === ASSISTANCE_STATUS.waiting ? null : attendee.status_id === 2 &&
                      attendee.payment?.status === 'manual' ? (
                      <ConfirmDialog
                        trigger={
                          <button
                            type="button"
                            className={smallButton('primary')}
                            disabled={update.isPending}
                          >
                            Confirmado
                          </button>
                        }
                        title="Deshacer la confirmación"
                        question={`¿Deshacer la confirmación de ${attendee.client}? El pago registrado a mano (${formatCents(attendee.payment.amount_cents)}) se anulará y su lugar quedará apartado para que pague.`}
                        confirmLabel="Sí, deshacer"
                        onConfirm={() => update.mutate({ assistance: { id: attendee.id, status_id: 1 } })}
                      />
                    ) : attendee.status_id === 2 ? (
                      <button
                        type="button"
                        className={smallButton('primary')}
                        disabled={update.isPending}
                        onClick={() => update.mutate({ assistance: { id: attendee.id, status_id: 1 } })}
                      >
                        Confirmado
                      </button>
                    ) : canConfirm(attendee, event) && attendee.amount_due_cents > 0 ? (
                      <ConfirmPaidPlace
                        attendee={attendee}
                        disabled={update.isPending}
                        onConfirm={(payment) =>
                          update.mutate({ assistance: { id: attendee.id, status_id: 2, payment } })
                        }
                      />
                    ) : canConfirm(attendee, event) ? (
                      <button
                        type="button"
                        className={smallButton()}
                        disabled={update.isPending}
                        onClick={() => update.mutate({ assistance: { id: attendee.id, status_id: 2 } })}
                      >
                        Confirmar
                      </button>
                    ) : (
                      <span className="text-slate-500">Sin lugares</span>
                    )}
                    {attendee.status_id !== ASSISTANCE_STATUS.cancelled && !event.past ? (
                      <ConfirmDialog
                        trigger={
                          <button type="button" className={smallButton('danger')} disabled={update.isPending}>
                            Cancelar
                          </button>
                        }
                        title="Cancelar lugar"
                        question={`¿Cancelar el lugar de ${attendee.client}? Si alguien espera un lugar, será para esa persona.`}
                        confirmLabel="Sí, cancelar"
                        destructive
                        onConfirm={() =>
                          update.mutate({
                            assistance: { id: attendee.id, status_id: ASSISTANCE_STATUS.cancelled },
                          })
                        }
                      />
                    ) : null}
                  </div>
                </Cell>
                <Cell label="Pago">
                  {attendee.payment ? (
                    <Tag tone={PAYMENT_STATUS_TONES[attendee.payment.status]}>
                      {PAYMENT_STATUS_LABELS[attendee.payment.status]}
                      {attendee.payment.method ? ` · ${PAYMENT_METHOD_LABELS[attendee.payment.method]}` : ''}{' '}
                      · {formatCents(attendee.payment.amount_cents)}
                    </Tag>
                  ) : (
                    '—'
                  )}
                </Cell>
                <Cell label="Llegada">{attendee.checked_in === 1 ? 'Llegó' : '—'}</Cell>
                <Cell label="Contacto">
                  <ContactedCheckbox
                    checked={attendee.contacted === 1}
                    disabled={update.isPending}
                    onChange={(checked) =>
                      update.mutate({ contacted: { id: attendee.id, contacted: checked ? 1 : 0 } })
                    }
                  />
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </section>
  );
}
