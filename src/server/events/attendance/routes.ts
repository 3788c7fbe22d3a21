import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientEventsAddBody,
  clientEventsAddResponseSchema,
  clientEventsCancelBody,
  clientEventsCancelResponseSchema,
  clientEventsGetBody,
  clientEventsGetResponseSchema,
} from '../../../shared/contracts/client-events';
import { idSchema } from '../../../shared/contracts/common';
import { clientTicketsAnswer } from '../../../shared/contracts/tickets';
import { formatInstant } from '../../../shared/domain/mexico-dates';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { currentAdminId, requireClient } from '../../platform/auth/guards';
import { notFound, unauthorized } from '../../platform/errors';
import { callOptions, ok, zodApp } from '../../platform/http/envelope';
import { findAdminEvent } from '../admin-events';
import { attendanceCsv } from './attendance-csv';
import { cancelOwnSignUp } from './cancel-sign-up';
import { listAttendees } from './list-attendees';
import { listClientEvents } from './list-member-events';
import { listMemberTickets } from './list-member-tickets';
import type { PlaceHooks } from './place-hooks';
import { signUpToEvent } from './sign-up';

function signUpMessage(
  created: boolean,
  statusId: number,
  position: number | null,
  dueAt: string | null,
): string {
  if (statusId === ASSISTANCE_STATUS.waiting) {
    return created
      ? `Los lugares están ocupados: quedaste en la lista de espera, lugar ${position}`
      : `Ya estabas en la lista de espera, lugar ${position}`;
  }
  if (dueAt && statusId === ASSISTANCE_STATUS.registered) {
    const until = `antes del ${formatInstant(dueAt)} para confirmar tu lugar`;
    return created ? `Te registraste: paga ${until}` : `Ya estabas registrado/a: paga ${until}`;
  }
  return created ? 'Te registraste al evento' : 'Ya estabas registrado/a en este evento';
}

/**
 * A member's own sign-ups (client/events/*) and the attendance list as CSV. The back office's
 * attendance changes arrive through event/update (event-routes.ts), as the specification says.
 */
export async function registerAttendanceRoutes(
  app: FastifyInstance,
  { hooks }: { hooks: PlaceHooks },
): Promise<void> {
  const api = zodApp(app);

  api.post(
    '/client/events/get',
    callOptions(clientEventsGetBody, clientEventsGetResponseSchema, { preHandler: requireClient }),
    async (request) => {
      return ok('Tus eventos', { events: await listClientEvents(app.db, request.clientId) });
    },
  );

  // A GET, unlike the calls: the service worker keeps this answer for the door (docs/design/21-pocket.md,
  // decision 0038), and only a GET answer can be stored in the browser's Cache Storage.
  api.get(
    '/client/tickets',
    { schema: { response: { 200: clientTicketsAnswer } }, preHandler: requireClient },
    async (request, reply) => {
      const tickets = await listMemberTickets(app.db, request.clientId);
      // Never in the HTTP cache: only the worker's own copy, which logout deletes.
      reply.header('Cache-Control', 'private, no-store');
      return ok('Tus boletos', { client_id: request.clientId, tickets });
    },
  );

  api.post(
    '/client/events/add',
    callOptions(clientEventsAddBody, clientEventsAddResponseSchema, { preHandler: requireClient }),
    async (request) => {
      const { event_id: eventId, code } = request.body;
      const result = await signUpToEvent(app, hooks, request.clientId, eventId, code);
      const message =
        result.code && result.amountCents === 0
          ? 'Tu código cubre el precio completo: tu lugar está confirmado'
          : signUpMessage(result.created, result.statusId, result.position, result.paymentDueAt);
      return ok(message, {
        assistance_id: result.assistanceId,
        created: result.created,
        status_id: result.statusId,
        position: result.position,
        payment_due_at: result.paymentDueAt,
        amount_cents: result.amountCents,
      });
    },
  );

  api.post(
    '/client/events/cancel',
    callOptions(clientEventsCancelBody, clientEventsCancelResponseSchema, { preHandler: requireClient }),
    async (request) => {
      const { assistanceId, changed } = await cancelOwnSignUp(
        app,
        hooks,
        request.clientId,
        request.body.event_id,
      );
      return ok(changed ? 'Cancelaste tu registro' : 'Tu registro ya estaba cancelado', {
        assistance_id: assistanceId,
        status_id: ASSISTANCE_STATUS.cancelled,
      });
    },
  );

  api.get(
    '/event/attendance.csv',
    {
      schema: {
        querystring: z.object({ event_id: z.coerce.number().pipe(idSchema) }),
        // Documentation only: a text/csv string is sent as it is, never through the JSON serializer.
        produces: ['text/csv'],
        response: { 200: z.string().describe('Lista de asistentes del evento en CSV (UTF-8)') },
      },
    },
    async (request, reply) => {
      if ((await currentAdminId(request)) === null) {
        throw unauthorized('Inicia sesión como administrador para continuar');
      }
      const event = await findAdminEvent(app.db, request.query.event_id);
      if (!event) throw notFound('El evento no existe');
      const csv = attendanceCsv(await listAttendees(app.db, app.config, hooks.money, event.id));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="asistentes-evento-${event.id}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
