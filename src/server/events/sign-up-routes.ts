import type { FastifyInstance } from 'fastify';
import { clientEventsAddBody, clientEventsGetBody } from '../../shared/contracts/client-events';
import { requireClient } from '../platform/auth/guards';
import { ok, zodApp } from '../platform/http/envelope';
import { listClientEvents, signUpToEvent } from './sign-ups';

export async function registerClientEventRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post('/client/events/get', { schema: { body: clientEventsGetBody } }, async (request) => {
    return ok('Tus eventos', { events: await listClientEvents(app.db, request.clientId) });
  });

  api.post('/client/events/add', { schema: { body: clientEventsAddBody } }, async (request) => {
    const { assistanceId, created } = await signUpToEvent(app, request.clientId, request.body.event_id);
    return ok(created ? 'Te registraste al evento' : 'Ya estabas registrado/a en este evento', {
      assistance_id: assistanceId,
      created,
    });
  });
}
