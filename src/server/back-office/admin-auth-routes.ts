import type { FastifyInstance } from 'fastify';
import {
  adminFirstAccessBody,
  adminLoginResponseSchema,
  emptyBody,
  loginBody,
} from '../../shared/contracts/auth';
import { messageAnswer } from '../../shared/contracts/common';
import { WRONG_CREDENTIALS } from '../accounts/clients';
import { forgetLoginAttempts, loginThrottle } from '../accounts/login-budgets';
import { endSession, startSession } from '../platform/auth/guards';
import { unauthorized } from '../platform/errors';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { useFirstAdminLink } from './admin-first-access';
import { authenticateAdmin } from './admins';

export async function registerAdminAuthRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post(
    '/admin/login',
    callOptions(loginBody, adminLoginResponseSchema, { preHandler: loginThrottle('admin') }),
    async (request, reply) => {
      const { email, password } = request.body.access;
      const adminId = await authenticateAdmin(app.db, email, password);
      if (adminId === null) throw unauthorized(WRONG_CREDENTIALS);
      await forgetLoginAttempts(request, 'admin');
      await startSession(request, reply, 'admin', adminId);
      return ok('Sesión iniciada', { admin_id: adminId });
    },
  );

  api.post(
    '/admin/first-access',
    callOptions(adminFirstAccessBody, adminLoginResponseSchema),
    async (request, reply) => {
      const adminId = await useFirstAdminLink(app.db, request.body.token, request.body.password);
      await startSession(request, reply, 'admin', adminId);
      return ok('Contraseña guardada; ya tienes la sesión iniciada', { admin_id: adminId });
    },
  );

  api.post('/admin/logout', callOptions(emptyBody, messageAnswer), async (request, reply) => {
    await endSession(request, reply, 'admin');
    return ok('Sesión cerrada');
  });
}
