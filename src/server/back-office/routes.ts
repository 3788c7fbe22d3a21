import type { FastifyInstance } from 'fastify';
import { registerAdminAuthRoutes } from './admin-auth-routes';
import { registerAdminAccountRoutes } from './admin-routes';
import { registerAdminClientRoutes } from './client-management-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerAdminReportRoutes } from './report-routes';

/** The back office: log-in, then calls that need an active admin's session. */
export async function registerBackOfficeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAdminAuthRoutes);
  await app.register(registerAdminAccountRoutes);
  await app.register(registerDashboardRoutes);
  await app.register(registerAdminClientRoutes);
  await app.register(registerAdminReportRoutes);
}
