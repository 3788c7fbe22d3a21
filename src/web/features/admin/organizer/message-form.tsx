import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminEventMessageAnswer,
  MESSAGE_SEGMENT_LABELS,
  MESSAGE_SEGMENTS,
  type MessageSegment,
  NEWS_PER_WEEK,
} from '../../../../shared/contracts/organizer';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { opensWithGreeting } from '../../../../shared/domain/organizer-mail';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import { BannerSlot, bannerFrom, smallButton } from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/field';

const EVENT_SEGMENTS = MESSAGE_SEGMENTS.filter((segment) => segment !== 'news');

const people = (count: number) => `${count} ${count === 1 ? 'persona' : 'personas'}`;

/**
 * Writes to a group of a night, or (without an event) to members who asked for news: the head
 * count and a preview first, the sending after a confirmation (docs/design/25-organizers.md).
 */
export function MessageForm({ eventId }: { eventId?: number }) {
  const [segment, setSegment] = useState<MessageSegment>(eventId === undefined ? 'news' : 'confirmed');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [counted, setCounted] = useState<AdminEventMessageAnswer | null>(null);
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: (send: boolean) =>
      adminPost('admin/event/message', {
        admin_id: sessionHint('admin') ?? undefined,
        ...(eventId === undefined ? {} : { event_id: eventId }),
        segment,
        title,
        text,
        send,
      }),
    onSuccess: (answer) => {
      setCounted(answer);
      if (answer.sent) {
        setTitle('');
        setText('');
        return queryClient.invalidateQueries({ queryKey: sentKey(eventId) });
      }
    },
  });
  // What was counted no longer holds once the message or its group changes.
  const edit = (change: () => void) => {
    change();
    setCounted(null);
    call.reset();
  };
  const ready = title.trim() !== '' && text.trim() !== '';
  const formId = eventId === undefined ? 'news' : `event-${eventId}`;

  return (
    <section
      aria-labelledby={`${formId}-message`}
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id={`${formId}-message`} className="text-lg font-semibold">
        {eventId === undefined ? 'Novedades a quienes las pidieron' : 'Mensaje a los asistentes'}
      </h2>
      {eventId === undefined ? (
        <p className="text-sm text-slate-600">
          Llega a quienes eligieron «Quiero recibir novedades de eventos»; a lo más {NEWS_PER_WEEK} por semana
          a cada persona.
        </p>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Para
          <select
            className={inputClass}
            value={segment}
            onChange={(event) => edit(() => setSegment(event.target.value as MessageSegment))}
          >
            {EVENT_SEGMENTS.map((value) => (
              <option key={value} value={value}>
                {MESSAGE_SEGMENT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Asunto
        <input
          className={inputClass}
          value={title}
          maxLength={120}
          onChange={(event) => edit(() => setTitle(event.target.value))}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Mensaje
        <textarea
          className={inputClass}
          rows={5}
          maxLength={2000}
          value={text}
          onChange={(event) => edit(() => setText(event.target.value))}
        />
      </label>
      {call.isError ? <BannerSlot banner={bannerFrom(call.error)} /> : null}
      {counted && !counted.sent ? (
        <div className="flex flex-col gap-2 rounded bg-slate-50 p-3 text-sm">
          <p className="font-medium">Vista previa</p>
          <p>
            <span className="text-slate-600">Asunto:</span> {title}
          </p>
          {counted.preview ? (
            <>
              <p className="text-slate-600">Así le llega a {counted.preview.first_name} por correo:</p>
              <pre className="font-sans whitespace-pre-wrap [overflow-wrap:anywhere] rounded border border-slate-200 bg-white p-2">
                {counted.preview.text}
              </pre>
              {opensWithGreeting(text) ? (
                <p className="text-slate-600">
                  Tu mensaje empieza con un saludo: el correo no agrega «Hola {counted.preview.first_name}:».
                </p>
              ) : null}
            </>
          ) : (
            <p className="whitespace-pre-line">{text}</p>
          )}
          <p role="status">
            Llegará a {people(counted.recipients)}
            {counted.skipped > 0
              ? ` · ${people(counted.skipped)} no lo recibirán: ya tuvieron ${NEWS_PER_WEEK} novedades esta semana`
              : ''}
          </p>
        </div>
      ) : null}
      {counted?.sent ? (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          Mensaje enviado a {people(counted.recipients)}
          {counted.skipped > 0 ? ` · ${people(counted.skipped)} omitidas por el límite semanal` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton()}
          disabled={!ready || call.isPending}
          onClick={() => call.mutate(false)}
        >
          Vista previa y conteo
        </button>
        {counted && !counted.sent ? (
          <ConfirmDialog
            title="Enviar mensaje"
            question={`¿Enviar «${title}» a ${people(counted.recipients)}? Se manda por correo y aviso al teléfono.`}
            confirmLabel="Enviar"
            onConfirm={() => call.mutate(true)}
            trigger={
              <button
                type="button"
                className={smallButton('primary')}
                disabled={counted.recipients === 0 || call.isPending}
              >
                Enviar a {people(counted.recipients)}
              </button>
            }
          />
        ) : null}
      </div>
      {eventId === undefined ? null : <SentMessages eventId={eventId} />}
    </section>
  );
}

const sentKey = (eventId: number | undefined) => ['admin', 'event-messages', eventId];

/** The night's record: what was sent, when, to which group and how many people. */
function SentMessages({ eventId }: { eventId: number }) {
  const sent = useQuery({
    queryKey: sentKey(eventId),
    queryFn: () =>
      adminPost('admin/event/messages', { admin_id: sessionHint('admin') ?? undefined, event_id: eventId }),
  });
  if (sent.isError) return <BannerSlot banner={bannerFrom(sent.error)} />;
  if (!sent.data) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold">Mensajes enviados</h3>
      {sent.data.messages.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no se ha enviado ninguno sobre esta noche.</p>
      ) : (
        <ul aria-label="Mensajes enviados" className="flex flex-col gap-2 text-sm">
          {sent.data.messages.map((message) => (
            <li key={message.id}>
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium">«{message.title}»</span> · {formatInstant(message.sent_at)} ·{' '}
                  {MESSAGE_SEGMENT_LABELS[message.segment]} · {people(message.recipients)}
                  {message.skipped > 0 ? ` (${people(message.skipped)} omitidas)` : ''}
                </summary>
                <p className="mt-1 whitespace-pre-line text-slate-700">{message.text}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
