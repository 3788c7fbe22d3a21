import { z } from 'zod';
import { successAnswer } from './common';

/** GET /api/health: the database answers (200), or it does not (503, for the load balancer). */
export const healthResponseSchemas = {
  200: successAnswer({}),
  503: z.object({ status: z.literal('danger'), message: z.string() }),
};

/** One part of GET /readyz: the database, its migrations, this instance's worker, later backups. */
export const readinessPartSchema = z.object({
  name: z.string(),
  ready: z.boolean(),
  detail: z.string(),
  /** Ready, yet something for the operator to look at (the backups' health). */
  warning: z.boolean().optional(),
});

/** `parte: motivo` for every part that warns; warnings never make an instance unready. */
const readinessWarningsSchema = z.array(z.string());

/**
 * GET /readyz (decision 0058): 200 when this instance can serve (database, migrations, its queue),
 * with the backups' warnings named; 503 naming the parts that are not ready.
 */
export const readyzResponseSchemas = {
  200: successAnswer({ parts: z.array(readinessPartSchema), warnings: readinessWarningsSchema }),
  503: z.object({
    status: z.literal('danger'),
    message: z.string(),
    parts: z.array(readinessPartSchema),
    warnings: readinessWarningsSchema,
  }),
};
