import type { FastifyInstance } from 'fastify';
import {
  clientEventsAddBody,
  clientEventsCancelBody,
  clientEventsGetBody,
} from '../../shared/contracts/client-events';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { requireClient } from '../platform/auth/guards';
import { ok, zodApp } from '../platform/http/envelope';
import { cancelOwnSignUp, listClientEvents, signUpToEvent } from './sign-ups';

function signUpMessage(created: boolean, statusId: number, position: number | null): string {
  if (statusId === ASSISTANCE_STATUS.waiting) {
    return created
      ? `Los lugares están ocupados: quedaste en la lista de espera, lugar ${position}`
      : `Ya estabas en la lista de espera, lugar ${position}`;
  }
  return created ? 'Te registraste al evento' : 'Ya estabas registrado/a en este evento';
}

export async function registerClientEventRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post('/client/events/get', { schema: { body: clientEventsGetBody } }, async (request) => {
    return ok('Tus eventos', { events: await listClientEvents(app.db, request.clientId) });
  });

  api.post('/client/events/add', { schema: { body: clientEventsAddBody } }, async (request) => {
    const result = await signUpToEvent(app, request.clientId, request.body.event_id);
    return ok(signUpMessage(result.created, result.statusId, result.position), {
      assistance_id: result.assistanceId,
      created: result.created,
      status_id: result.statusId,
      position: result.position,
    });
  });

  api.post('/client/events/cancel', { schema: { body: clientEventsCancelBody } }, async (request) => {
    const { assistanceId, changed } = await cancelOwnSignUp(app, request.clientId, request.body.event_id);
    return ok(changed ? 'Cancelaste tu registro' : 'Tu registro ya estaba cancelado', {
      assistance_id: assistanceId,
      status_id: ASSISTANCE_STATUS.cancelled,
    });
  });
}
