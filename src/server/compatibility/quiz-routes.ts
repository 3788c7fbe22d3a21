import type { FastifyInstance } from 'fastify';
import { quizzGetResponseSchema } from '../../shared/contracts/account';
import { clientIdBody } from '../../shared/contracts/auth';
import { messageAnswer } from '../../shared/contracts/common';
import { quizzAddBody } from '../../shared/contracts/quiz';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { findQuizAnswers, saveQuizAnswers } from './quiz';

export async function registerClientQuizRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/quizz/add', callOptions(quizzAddBody, messageAnswer), async (request) => {
    const { client_id: _sessionDecides, ...answers } = request.body.quizz;
    await saveQuizAnswers(app.db, request.clientId, answers);
    return ok('Gracias por responder el quiz');
  });

  api.post('/client/quizz/get', callOptions(clientIdBody, quizzGetResponseSchema), async (request) => {
    return ok('Tus respuestas', { quizz: await findQuizAnswers(app.db, request.clientId) });
  });
}
