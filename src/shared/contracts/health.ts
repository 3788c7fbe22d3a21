import { z } from 'zod';
import { successAnswer } from './common';

/** GET /api/health: the database answers (200), or it does not (503, for the load balancer). */
export const healthResponseSchemas = {
  200: successAnswer({}),
  503: z.object({ status: z.literal('danger'), message: z.string() }),
};
