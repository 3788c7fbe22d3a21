import type { FastifyInstance } from 'fastify';
import { messageAnswer } from '../../shared/contracts/common';
import {
  picksGetBody,
  picksGetResponseSchema,
  picksUpdateBody,
  roundsBody,
  roundsResponseSchema,
} from '../../shared/contracts/match-cards';
import { requireAdmin, requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { registerPicksCloseJob } from './close-picks';
import { eventRounds } from './event-rounds';
import { getPicks, updatePicks } from './picks';

/** The night itself (docs/design/12-match-cards.md): the host's rounds and the members' match cards. */
export async function registerMatchCardRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  registerPicksCloseJob(app);

  api.post(
    '/event/rounds',
    callOptions(roundsBody, roundsResponseSchema, { preHandler: requireAdmin }),
    async (request) => {
      const rounds = await eventRounds(
        app.db,
        request.adminId,
        request.body.event_id,
        request.body.round_minutes,
      );
      return ok('Rondas del evento', rounds);
    },
  );

  api.post(
    '/client/picks/get',
    callOptions(picksGetBody, picksGetResponseSchema, { preHandler: requireClient }),
    async (request) => {
      return ok('Tus elecciones', await getPicks(app.db, request.clientId, request.body.event_id));
    },
  );

  api.post(
    '/client/picks/update',
    callOptions(picksUpdateBody, messageAnswer, { preHandler: requireClient }),
    async (request) => {
      await updatePicks(app, request.clientId, request.body.event_id, request.body.picks);
      return ok('Guardamos tu elección');
    },
  );
}
