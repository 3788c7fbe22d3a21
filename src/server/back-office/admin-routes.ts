import type { FastifyInstance } from 'fastify';
import {
  adminAddBody,
  adminAddResponseSchema,
  adminGetResponseSchema,
  adminProfileBody,
  adminProfileResponseSchema,
  adminUpdateBody,
} from '../../shared/contracts/admin';
import { adminIdBody } from '../../shared/contracts/auth';
import { adminOwnPasswordThrottle } from '../accounts/login-budgets';
import { requireAdmin, sessionToken } from '../platform/auth/guards';
import { notFound } from '../platform/errors';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { createAdmin, findAdminAccount, updateAdmin } from './admins';

export async function registerAdminAccountRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/get', callOptions(adminIdBody, adminGetResponseSchema), async () => {
    const admins = await app.db
      .selectFrom('admins')
      .select(['id', 'status_id', 'name', 'email', 'date_creation'])
      .orderBy('id')
      .execute();
    return ok('Administradores', { admins });
  });

  api.post('/admin/add', callOptions(adminAddBody, adminAddResponseSchema), async (request) => {
    const adminId = await createAdmin(app.db, request.body.admin, request.adminId);
    return ok('Administrador agregado', { admin_id: adminId });
  });

  api.post('/admin/profile', callOptions(adminProfileBody, adminProfileResponseSchema), async (request) => {
    const admin = await findAdminAccount(app.db, request.body.profile_id);
    if (!admin) throw notFound('El administrador no existe');
    return ok('Administrador', { admin });
  });

  api.post(
    '/admin/update',
    callOptions(adminUpdateBody, adminProfileResponseSchema, { preHandler: adminOwnPasswordThrottle }),
    async (request) => {
      await updateAdmin(app.db, request.adminId, sessionToken(request, 'admin'), request.body.admin);
      const admin = await findAdminAccount(app.db, request.body.admin.id);
      if (!admin) throw notFound('El administrador no existe');
      return ok('Administrador actualizado', { admin });
    },
  );
}
