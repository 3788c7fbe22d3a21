import type { FastifyInstance } from 'fastify';
import { clientIdBody } from '../../shared/contracts/auth';
import { quizzAddBody } from '../../shared/contracts/quiz';
import { requireClient } from '../platform/auth/guards';
import { ok, zodApp } from '../platform/http/envelope';
import { findQuizAnswers, saveQuizAnswers } from './quiz';

export async function registerClientQuizRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post('/client/quizz/add', { schema: { body: quizzAddBody } }, async (request) => {
    const { client_id: _sessionDecides, ...answers } = request.body.quizz;
    await saveQuizAnswers(app.db, request.clientId, answers);
    return ok('Gracias por responder el quiz');
  });

  api.post('/client/quizz/get', { schema: { body: clientIdBody } }, async (request) => {
    return ok('Tus respuestas', { quizz: await findQuizAnswers(app.db, request.clientId) });
  });
}
