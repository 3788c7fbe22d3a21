import type { FastifyInstance } from 'fastify';
import { clientIdBody } from '../../../shared/contracts/auth';
import { requireClient } from '../../plugins/auth';
import { findClientProfile } from '../../services/account';
import { ok, zodApp } from '../envelope';

export async function registerClientProfileRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post('/client/profile', { schema: { body: clientIdBody } }, async (request) => {
    return ok('Perfil', { profile: await findClientProfile(app.db, request.clientId) });
  });
}
