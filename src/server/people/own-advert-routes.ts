import type { FastifyInstance } from 'fastify';
import { advertGetResponseSchema, advertUpdateBody } from '../../shared/contracts/account';
import { clientIdBody } from '../../shared/contracts/auth';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { findOwnAdvert, requestAdvertUpdate } from './own-advert';

/** The client's own advert (Mi perfil); the public list of adverts lives elsewhere. */
export async function registerClientAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/advert/get', callOptions(clientIdBody, advertGetResponseSchema), async (request) => {
    return ok('Tu anuncio', { advert: await findOwnAdvert(app.db, request.clientId) });
  });

  api.post(
    '/client/advert/update',
    callOptions(advertUpdateBody, advertGetResponseSchema),
    async (request) => {
      await requestAdvertUpdate(app.db, request.clientId, request.body.advert);
      const advert = await findOwnAdvert(app.db, request.clientId);
      const message =
        advert?.description_update === null
          ? 'Tu anuncio ya no se muestra'
          : request.body.advert.status_id === 2
            ? 'Tu anuncio ya no se muestra; el texto nuevo queda en espera de aprobación'
            : 'Enviamos tu anuncio a aprobación';
      return ok(message, { advert });
    },
  );
}
