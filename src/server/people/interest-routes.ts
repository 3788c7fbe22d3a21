import type { FastifyInstance } from 'fastify';
import { messageAnswer } from '../../shared/contracts/common';
import {
  interestedAddBody,
  interestedAddResponseSchema,
  interestedGetBody,
  interestedGetResponseSchema,
  interestedUpdateBody,
} from '../../shared/contracts/interests';
import { withdrawInterest } from '../matches/interests/withdraw-interest';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { addInterest, listInterests } from './interests';

export async function registerClientInterestRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post(
    '/client/interested/get',
    callOptions(interestedGetBody, interestedGetResponseSchema),
    async (request) => {
      return ok('Tus intereses', await listInterests(app.db, request.clientId));
    },
  );

  api.post(
    '/client/interested/add',
    callOptions(interestedAddBody, interestedAddResponseSchema),
    async (request) => {
      const { interestId, created, mutual } = await addInterest(
        app,
        request.clientId,
        request.body.interes.interested_id,
      );
      const message = mutual
        ? '¡El interés es mutuo!'
        : created
          ? 'Guardamos tu interés'
          : 'Ya habías mostrado interés en esta persona';
      return ok(message, { interest_id: interestId, created, mutual });
    },
  );

  api.post('/client/interested/update', callOptions(interestedUpdateBody, messageAnswer), async (request) => {
    const { name } = await withdrawInterest(app, request.clientId, request.body.interes.id);
    return ok(`Quitaste tu interés en ${name}`);
  });
}
