import { z } from 'zod';
import { COUNTER_KEYS } from '../domain/landing';
import { successAnswer } from './common';

export const statsGetBody = z.object({}).optional();

export const statsGetResponseSchema = successAnswer({
  /** The figure each landing counter climbs to. */
  stats: z.record(z.enum(COUNTER_KEYS), z.number()),
});
export type StatsGetResponse = z.infer<typeof statsGetResponseSchema>;
