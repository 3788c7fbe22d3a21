import type { FastifyInstance } from 'fastify';
import { passwordForgotBody, passwordResetBody } from '../../shared/contracts/account';
import { messageAnswer } from '../../shared/contracts/common';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { forgotPasswordThrottle } from './login-budgets';
import { FORGOT_ANSWER, registerResetLinkJob, requestResetLink, resetPassword } from './password-reset';

/** /reestablecer: calls a visitor makes, so no session is required. */
export async function registerPasswordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  registerResetLinkJob(app);

  api.post(
    '/client/password/forgot',
    callOptions(passwordForgotBody, messageAnswer, { preHandler: forgotPasswordThrottle }),
    async (request) => {
      // The same queued job for every e-mail: whether it has an account shows in neither answer nor timing.
      await requestResetLink(app, request.body.email);
      return ok(FORGOT_ANSWER);
    },
  );

  api.post('/client/password/reset', callOptions(passwordResetBody, messageAnswer), async (request) => {
    await resetPassword(app.db, request.body.token, request.body.password);
    return ok('Tu contraseña se cambió. Ya puedes iniciar sesión con la nueva.');
  });
}
