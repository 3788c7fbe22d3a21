import type { FastifyInstance } from 'fastify';
import { profileResponseSchema } from '../../shared/contracts/account';
import { clientIdBody } from '../../shared/contracts/auth';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { findClientProfile } from './account';

export async function registerClientProfileRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/profile', callOptions(clientIdBody, profileResponseSchema), async (request) => {
    return ok('Perfil', { profile: await findClientProfile(app.db, request.clientId) });
  });
}
