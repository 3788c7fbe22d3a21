import type { FastifyInstance } from 'fastify';
import { registerAdvertRoutes } from './advert-routes';
import { registerClientInterestRoutes } from './interest-routes';
import { registerClientAdvertRoutes } from './own-advert-routes';

/** People: the public adverts, a member's "Para ti", her own advert and the interests between members. */
export async function registerPeopleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAdvertRoutes);
  await app.register(registerClientInterestRoutes);
  await app.register(registerClientAdvertRoutes);
}
