import type { FastifyInstance } from 'fastify';
import {
  ADMIN_PAGE_SIZE,
  clientsGetBody,
  clientsGetResponseSchema,
  clientsUpdateBody,
} from '../../shared/contracts/admin';
import { messageAnswer } from '../../shared/contracts/common';
import type { MemberStatusHooks } from '../accounts/member-status-hooks';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { listClients, moderateAdvert, setClientStatus } from './admin-clients';

const DECISION_MESSAGES = {
  approve: 'Anuncio aprobado',
  reject: 'Anuncio rechazado',
  deactivate: 'Anuncio desactivado',
} as const;

export async function registerAdminClientRoutes(
  app: FastifyInstance,
  options: { statusHooks: MemberStatusHooks },
): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/clients/get', callOptions(clientsGetBody, clientsGetResponseSchema), async (request) => {
    const page = request.body.page ?? 1;
    const { clients, ...paging } = await listClients(app.db, request.body.search, page, request.body.cursor);
    return ok('Clientes', { clients, ...paging, page, page_size: ADMIN_PAGE_SIZE });
  });

  api.post('/admin/clients/update', callOptions(clientsUpdateBody, messageAnswer), async (request) => {
    const body = request.body;
    if (body.client) {
      await setClientStatus(
        app.db,
        options.statusHooks,
        request.adminId,
        body.client.id,
        body.client.status_id,
      );
      return ok(body.client.status_id === 2 ? 'Cliente eliminado' : 'Cliente reactivado');
    }
    const decision = await moderateAdvert(app.db, request.adminId, body.advert!);
    return ok(DECISION_MESSAGES[decision]);
  });
}
