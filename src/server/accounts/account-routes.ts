import type { FastifyInstance } from 'fastify';
import {
  deactivateBody,
  passwordUpdateBody,
  profileResponseSchema,
  profileUpdateBody,
} from '../../shared/contracts/account';
import { messageAnswer } from '../../shared/contracts/common';
import { endSession, requireClient, startSession } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { changePassword, eraseClient, findClientProfile, updateProfile } from './account';
import { ownPasswordThrottle } from './login-budgets';
import type { MemberStatusHooks } from './member-status-hooks';
import type { ProfileHooks } from './profile-hooks';

/** Mi perfil's edit modal and Configuración's two forms (docs/design/05-beyond-the-spec.md: they work here). */
export async function registerClientAccountRoutes(
  app: FastifyInstance,
  options: { statusHooks: MemberStatusHooks; profileHooks: ProfileHooks },
): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post(
    '/client/profile/update',
    callOptions(profileUpdateBody, profileResponseSchema),
    async (request) => {
      await updateProfile(app.db, options.profileHooks, request.clientId, request.body.profile);
      return ok('Tus datos se guardaron', { profile: await findClientProfile(app.db, request.clientId) });
    },
  );

  api.post(
    '/client/password/update',
    callOptions(passwordUpdateBody, messageAnswer, { preHandler: ownPasswordThrottle }),
    async (request, reply) => {
      const { current, new: next } = request.body.password;
      await changePassword(app.db, request.clientId, current, next);
      // Every other session ended with the old password; this device goes on with a new session id.
      await startSession(request, reply, 'client', request.clientId);
      return ok('Tu contraseña se cambió. Cerramos tu sesión en los demás dispositivos.');
    },
  );

  api.post(
    '/client/deactivate',
    callOptions(deactivateBody, messageAnswer, { preHandler: ownPasswordThrottle }),
    async (request, reply) => {
      await eraseClient(
        app.db,
        app.personalData,
        app.config,
        app.config.emailHashKey,
        request.clientId,
        request.body.password,
        options.statusHooks,
      );
      app.queue.wake();
      await endSession(request, reply, 'client');
      return ok('Tu cuenta fue desactivada y tu información eliminada');
    },
  );
}
