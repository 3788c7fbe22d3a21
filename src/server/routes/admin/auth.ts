import type { FastifyInstance } from 'fastify';
import { emptyBody, loginBody } from '../../../shared/contracts/auth';
import { unauthorized } from '../../errors';
import { endSession, startSession } from '../../plugins/auth';
import { authenticateAdmin } from '../../services/admins';
import { WRONG_CREDENTIALS } from '../../services/clients';
import { ok, zodApp } from '../envelope';
import { forgetLoginAttempts, loginThrottle } from '../login-throttle';

export async function registerAdminAuthRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post(
    '/admin/login',
    { schema: { body: loginBody }, preHandler: loginThrottle('admin') },
    async (request, reply) => {
      const { email, password } = request.body.access;
      const adminId = await authenticateAdmin(app.db, email, password);
      if (adminId === null) throw unauthorized(WRONG_CREDENTIALS);
      await forgetLoginAttempts(request, 'admin');
      await startSession(request, reply, 'admin', adminId);
      return ok('Sesión iniciada', { admin_id: adminId });
    },
  );

  api.post('/admin/logout', { schema: { body: emptyBody } }, async (request, reply) => {
    await endSession(request, reply, 'admin');
    return ok('Sesión cerrada');
  });
}
