import type { FastifyInstance } from 'fastify';
import { messageAnswer } from '../../shared/contracts/common';
import { reportsGetBody, reportsGetResponseSchema, reportsUpdateBody } from '../../shared/contracts/trust';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { decideReport, listReports } from './report-queue';

const DECISION_MESSAGES = {
  hide_advert: 'Reporte resuelto: el anuncio ya no se muestra',
  deactivate: 'Reporte resuelto: la cuenta quedó desactivada',
  none: 'Reporte resuelto',
  dismissed: 'Reporte descartado',
} as const;

export async function registerAdminReportRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/reports/get', callOptions(reportsGetBody, reportsGetResponseSchema), async (request) => {
    return ok('Reportes', { reports: await listReports(app.db, request.body.status_id) });
  });

  api.post('/admin/reports/update', callOptions(reportsUpdateBody, messageAnswer), async (request) => {
    const decision = request.body.report;
    await decideReport(app.db, request.adminId, decision);
    const message =
      decision.status_id === 3 ? DECISION_MESSAGES.dismissed : DECISION_MESSAGES[decision.action ?? 'none'];
    return ok(message);
  });
}
