import type { FastifyInstance } from 'fastify';
import {
  COMPATIBLE_PAGE_SIZE,
  compatibleGetAnswer,
  compatibleGetBody,
} from '../../shared/contracts/compatible';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { listCompatiblePeople } from './compatible-people';

/** "Para ti": the people who suit the caller (design.md §16). */
export async function registerCompatibleRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/compatible/get', callOptions(compatibleGetBody, compatibleGetAnswer), async (request) => {
    const page = request.body?.page ?? 1;
    const { people, total } = await listCompatiblePeople(app, request.clientId, {
      page,
      ageMin: request.body?.age_min,
      ageMax: request.body?.age_max,
    });
    return ok('Personas afines a ti', { people, total, page, page_size: COMPATIBLE_PAGE_SIZE });
  });
}
