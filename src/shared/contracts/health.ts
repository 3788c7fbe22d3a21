import { z } from 'zod';
import { successAnswer } from './common';

/** GET /api/health: the database answers (200), or it does not (503, for the load balancer). */
export const healthResponseSchemas = {
  200: successAnswer({}),
  503: z.object({ status: z.literal('danger'), message: z.string() }),
};

/** One part of GET /readyz: the database, its migrations, this instance's worker, later backups. */
export const readinessPartSchema = z.object({ name: z.string(), ready: z.boolean(), detail: z.string() });

/** GET /readyz (design.md §23): 200 when every part is ready, 503 naming the ones that are not. */
export const readyzResponseSchemas = {
  200: successAnswer({ parts: z.array(readinessPartSchema) }),
  503: z.object({ status: z.literal('danger'), message: z.string(), parts: z.array(readinessPartSchema) }),
};
