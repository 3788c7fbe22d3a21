import type { FastifyInstance } from 'fastify';
import { messageAnswer } from '../../shared/contracts/common';
import {
  blockBody,
  blocksGetBody,
  blocksGetResponseSchema,
  dataExportAnswer,
  dataExportBody,
  reportAnswer,
  reportBody,
} from '../../shared/contracts/trust';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { exportPersonalData, readablePersonalData } from '../platform/personal-data';
import type { BlockHooks } from './block-hooks';
import { blockClient, listBlocks, unblockClient } from './blocks';
import { createReport } from './reports';

/** A member's safety and privacy calls (docs/design/13-trust.md). */
export async function registerTrustRoutes(
  app: FastifyInstance,
  options: { blockHooks: BlockHooks },
): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/block', callOptions(blockBody, messageAnswer), async (request) => {
    await blockClient(app.db, options.blockHooks, request.clientId, request.body.target_client_id);
    return ok('Bloqueaste a esta persona: ya no se verán en Cita');
  });

  api.post('/client/unblock', callOptions(blockBody, messageAnswer), async (request) => {
    await unblockClient(app.db, request.clientId, request.body.target_client_id);
    return ok('Desbloqueaste a esta persona');
  });

  api.post('/client/blocks/get', callOptions(blocksGetBody, blocksGetResponseSchema), async (request) => {
    return ok('Personas bloqueadas', { blocks: await listBlocks(app.db, request.clientId) });
  });

  api.post('/client/report', callOptions(reportBody, reportAnswer), async (request) => {
    const reportId = await createReport(app.db, request.clientId, request.body);
    return ok('Gracias por avisarnos: un administrador revisará tu reporte', { report_id: reportId });
  });

  api.post('/client/data/export', callOptions(dataExportBody, dataExportAnswer), async (request) => {
    const data = await exportPersonalData(app.personalData, app.db, request.clientId, {
      publicUrl: app.config.publicUrl,
      payments: app.config.payments,
    });
    return ok('Tus datos', { data, readable: readablePersonalData(data) });
  });
}
