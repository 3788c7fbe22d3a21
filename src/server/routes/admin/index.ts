import type { FastifyInstance } from 'fastify';
import { registerAdminAccountRoutes } from './admins';
import { registerAdminAuthRoutes } from './auth';
import { registerAdminClientRoutes } from './clients';
import { registerDashboardRoutes } from './dashboard';
import { registerAdminMatchRoutes } from './matches';

/** The back office: log-in, then calls that need an active admin's session. */
export async function registerAdminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAdminAuthRoutes);
  await app.register(registerAdminAccountRoutes);
  await app.register(registerDashboardRoutes);
  await app.register(registerAdminClientRoutes);
  await app.register(registerAdminMatchRoutes);
}
