import type { FastifyInstance } from 'fastify';
import { clientAddBody, clientLoginResponseSchema, emptyBody, loginBody } from '../../shared/contracts/auth';
import { messageAnswer } from '../../shared/contracts/common';
import { currentClientId, endSession, startSession } from '../platform/auth/guards';
import { unauthorized } from '../platform/errors';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { authenticateClient, createClient, WRONG_CREDENTIALS } from './clients';
import { forgetLoginAttempts, loginThrottle, signUpThrottle } from './login-budgets';
import type { SignUpHooks } from './sign-up-hooks';

export async function registerClientAuthRoutes(
  app: FastifyInstance,
  { signUpHooks }: { signUpHooks: SignUpHooks },
): Promise<void> {
  const api = zodApp(app);

  api.post(
    '/client/add',
    callOptions(clientAddBody, clientLoginResponseSchema, { preHandler: signUpThrottle }),
    async (request, reply) => {
      const { client, invite } = request.body;
      const callerClientId = await currentClientId(request);
      const clientId = await createClient(app, client, (trx, id) =>
        signUpHooks.signedUp(trx, { clientId: id, invite, callerClientId }),
      );
      await startSession(request, reply, 'client', clientId);
      return ok('¡Te damos la bienvenida! Tu cuenta fue creada', { client_id: clientId });
    },
  );

  api.post(
    '/client/login',
    callOptions(loginBody, clientLoginResponseSchema, { preHandler: loginThrottle('client') }),
    async (request, reply) => {
      const { email, password } = request.body.access;
      const clientId = await authenticateClient(app.db, email, password);
      if (clientId === null) throw unauthorized(WRONG_CREDENTIALS);
      await forgetLoginAttempts(request, 'client');
      await startSession(request, reply, 'client', clientId);
      return ok('Sesión iniciada', { client_id: clientId });
    },
  );

  api.post('/client/logout', callOptions(emptyBody, messageAnswer), async (request, reply) => {
    await endSession(request, reply, 'client');
    return ok('Sesión cerrada');
  });
}
