import { z } from 'zod';
import type { CounterKey } from '../domain/landing';

export const statsGetBody = z.object({}).optional();

export interface StatsGetResponse {
  status: 'success';
  message: string;
  /** The figure each landing counter climbs to. */
  stats: Record<CounterKey, number>;
}
