import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import {
  eventAddBody,
  eventAddResponseSchema,
  eventUpdateAnswer,
  eventUpdateBody,
} from '../../shared/contracts/admin-events';
import {
  type EventGetBody,
  eventDetailsAnswer,
  eventDetailsBody,
  eventGetAnswer,
  eventGetBody,
} from '../../shared/contracts/events';
import { closePicksByAdmin } from '../match-cards/close-picks';
import { pickTotals } from '../match-cards/picks';
import { mainPhotos } from '../photos/photo-sources';
import { currentAdminId, currentClientId, requireAdmin } from '../platform/auth/guards';
import { notFound } from '../platform/errors';
import { IMAGE_BODY_LIMIT } from '../platform/http/body-limits';
import { CachedBody, sendJson } from '../platform/http/cached-body';
import { callOptions, JSON_TYPE, ok, zodApp } from '../platform/http/envelope';
import { frontAnswerOptions } from '../platform/http/front-answers';
import { verifiedMarkOf } from '../verification/verified-marks';
import { addEvent, findAdminEvent, listAdminEvents, updateEvent } from './admin-events';
import { checkIn } from './attendance/check-in';
import { cleanAttendance } from './attendance/clean-attendance';
import { listAttendees } from './attendance/list-attendees';
import { setAttendeeContacted } from './attendance/mark-contacted';
import type { PlaceHooks } from './attendance/place-hooks';
import { attendeeStatusMessage, setAttendeeStatus } from './attendance/set-attendee-status';
import { countCompatibleAttendees } from './compatible-attendees';
import { findPublicEvent, listPublicEvents } from './public-events';

/**
 * The admin view of event/get and event/details needs an admin session AND a body admin_id
 * naming that admin (the back office sends it): the public pages of a browser where an admin
 * is also logged in keep the public view and its shapes.
 */
async function wantsAdminView(request: FastifyRequest): Promise<boolean> {
  const bodyAdminId = (request.body as { admin_id?: number } | undefined)?.admin_id;
  return bodyAdminId !== undefined && bodyAdminId === (await currentAdminId(request));
}

/** Where the answer every visitor shares for these filters is kept. */
function visitorsKey(body: EventGetBody | undefined): string {
  return `events.json:${body?.category ?? ''}:${body?.city ?? ''}`;
}

/** The event calls: public lists and details, and the back office's admin view and changes. */
export async function registerEventRoutes(
  app: FastifyInstance,
  { hooks }: { hooks: PlaceHooks },
): Promise<void> {
  const api = zodApp(app);
  const keptList = (body: EventGetBody | undefined) =>
    body?.admin_id === undefined ? app.readCache.peek<CachedBody>(visitorsKey(body)) : undefined;

  api.post(
    '/event/get',
    callOptions(eventGetBody, eventGetAnswer, frontAnswerOptions({ kept: keptList })),
    async (request, reply) => {
      if (await wantsAdminView(request)) {
        const page = request.body?.page ?? 1;
        const { events, ...paging } = await listAdminEvents(app.db, request.body?.search, page);
        return sendJson(
          request,
          reply,
          ok('Eventos', { events, ...paging, page, page_size: ADMIN_PAGE_SIZE }),
        );
      }
      const category = request.body?.category;
      const city = request.body?.city;
      // Serialised (and compressed) once per cached list, not per request.
      const body = await app.readCache.get(visitorsKey(request.body), async () => {
        const events = await app.readCache.get(`events:${category ?? ''}:${city ?? ''}`, () =>
          listPublicEvents(app.db, category, city),
        );
        return new CachedBody(JSON.stringify(ok('Eventos', { events })), JSON_TYPE);
      });
      return body.send(request, reply);
    },
  );

  api.post('/event/details', callOptions(eventDetailsBody, eventDetailsAnswer), async (request) => {
    if (await wantsAdminView(request)) {
      const event = await findAdminEvent(app.db, request.body.event_id);
      if (!event) throw notFound('El evento no existe');
      return ok('Evento', {
        event,
        assistance: await listAttendees(app.db, app.config, hooks.money, event.id),
        picks: await pickTotals(app.db, event.id),
        payments: await hooks.money.eventSummary(app.db, event.id),
      });
    }
    const event = await findPublicEvent(app.db, request.body.event_id);
    if (!event) throw notFound('El evento no existe o ya no está disponible');
    const clientId = await currentClientId(request);
    const compatibleCount =
      clientId === null ? undefined : await countCompatibleAttendees(app.db, event.id, clientId);
    return ok(
      'Evento',
      compatibleCount === undefined ? { event } : { event, compatible_count: compatibleCount },
    );
  });

  api.post(
    '/event/add',
    callOptions(eventAddBody, eventAddResponseSchema, {
      bodyLimit: IMAGE_BODY_LIMIT,
      preHandler: requireAdmin,
    }),
    async (request) => {
      const eventId = await addEvent(app, request.adminId, request.body.event, request.body.image);
      return ok('Evento creado', { event_id: eventId });
    },
  );

  api.post(
    '/event/update',
    callOptions(eventUpdateBody, eventUpdateAnswer, {
      bodyLimit: IMAGE_BODY_LIMIT,
      preHandler: requireAdmin,
    }),
    async (request) => {
      const body = request.body;
      if (body.event) {
        await updateEvent(app, request.adminId, body.event, body.image);
        return ok('Evento actualizado');
      }
      if (body.assistance) {
        const { id, status_id: statusId, payment } = body.assistance;
        await setAttendeeStatus(app, hooks, request.adminId, id, statusId, payment);
        return ok(attendeeStatusMessage(body.assistance.status_id));
      }
      if (body.checkin) {
        const arrival = await checkIn(
          app.db,
          hooks,
          request.adminId,
          body.checkin.event_id,
          body.checkin.code,
        );
        // A listener may have queued mail (an invitation's reward): sent now rather than at the next poll.
        app.queue.wake();
        const [photos, verified] = await Promise.all([
          mainPhotos(app.db, [arrival.clientId], 'member'),
          verifiedMarkOf(app.db, arrival.clientId),
        ]);
        const photo = photos.get(arrival.clientId);
        return ok(`Bienvenida/o: ${arrival.name}`, {
          assistance_id: arrival.assistanceId,
          client_id: arrival.clientId,
          name: arrival.name,
          gender: arrival.gender,
          photo: photo ? { url: photo.url, srcset: photo.srcset } : null,
          verified,
        });
      }
      if (body.contacted) {
        await setAttendeeContacted(app.db, request.adminId, body.contacted.id, body.contacted.contacted);
        return ok('Asistente actualizado');
      }
      if (body.picks_close) {
        const outcome = await closePicksByAdmin(app, request.adminId, body.picks_close);
        return ok(
          outcome.closed
            ? `Elecciones cerradas: ${outcome.mutual === 1 ? '1 coincidencia mutua' : `${outcome.mutual} coincidencias mutuas`}`
            : 'Las elecciones ya estaban cerradas',
          outcome,
        );
      }
      const removed = await cleanAttendance(app.db, hooks, request.adminId, body.clean_id!);
      return ok(`Se eliminó la lista de asistentes (${removed})`);
    },
  );
}
