import type { FastifyInstance } from 'fastify';
import {
  ADMIN_PAGE_SIZE,
  adminStatsBody,
  adminStatsResponseSchema,
  auditGetBody,
  auditGetResponseSchema,
  dashboardBody,
  dashboardResponseSchema,
} from '../../shared/contracts/admin';
import { listPendingPhotos } from '../photos/photo-moderation';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { listPendingAdverts } from './admin-clients';
import { keepAdminStatsFresh, readAdminStats } from './admin-stats-figure';
import { listAuditTrail } from './audit-trail';

export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);
  keepAdminStatsFresh(app);

  api.post('/admin/dashboard', callOptions(dashboardBody, dashboardResponseSchema), async () => {
    const adverts = await listPendingAdverts(app.db);
    const photos = await listPendingPhotos(app.db);
    return ok('Anuncios y fotos pendientes de aprobación', { adverts, photos });
  });

  api.post('/admin/stats', callOptions(adminStatsBody, adminStatsResponseSchema), async () => {
    const { value, computedAt } = await readAdminStats(app);
    return ok('Estadísticas', { ...value, computed_at: computedAt });
  });

  api.post('/admin/audit/get', callOptions(auditGetBody, auditGetResponseSchema), async (request) => {
    const page = request.body.page ?? 1;
    const { entries, total } = await listAuditTrail(app.db, page);
    return ok('Auditoría', { entries, total, page, page_size: ADMIN_PAGE_SIZE });
  });
}
