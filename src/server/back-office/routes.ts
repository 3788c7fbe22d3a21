import type { FastifyInstance } from 'fastify';
import type { MemberStatusHooks } from '../accounts/member-status-hooks';
import { registerAdminAuthRoutes } from './admin-auth-routes';
import { registerAdminAccountRoutes } from './admin-routes';
import { registerBackupJobs } from './backup-alerts';
import { registerBackupRoutes } from './backup-routes';
import { registerAdminClientRoutes } from './client-management-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerAdminReportRoutes } from './report-routes';

/** The back office: log-in, then calls that need an active admin's session. */
export async function registerBackOfficeRoutes(
  app: FastifyInstance,
  options: { statusHooks: MemberStatusHooks },
): Promise<void> {
  await app.register(registerAdminAuthRoutes);
  await app.register(registerAdminAccountRoutes);
  await app.register(registerDashboardRoutes);
  await app.register(registerAdminClientRoutes, { statusHooks: options.statusHooks });
  await app.register(registerAdminReportRoutes);
  await app.register(registerBackupRoutes);
  registerBackupJobs(app);
}
