import type { FastifyInstance } from 'fastify';
import type { DB } from '../platform/db/database';
import { adminStats } from './admin-stats';

/** The row of `stored_figures` that keeps the back office's figures. */
export const ADMIN_STATS_FIGURE = 'admin-stats';

export type AdminStats = Awaited<ReturnType<typeof adminStats>>;

export interface StoredAdminStats {
  value: AdminStats;
  computedAt: string;
}

const running = new WeakMap<DB, Promise<StoredAdminStats>>();

/**
 * Computes the figures and stores them (one computation at a time on this instance). A slower
 * computation of another instance never overwrites newer figures.
 */
export function refreshAdminStats(app: FastifyInstance): Promise<StoredAdminStats> {
  const already = running.get(app.db);
  if (already) return already;
  const run = (async () => {
    const computedAt = new Date().toISOString();
    const value = await adminStats(app.db);
    await app.db
      .insertInto('stored_figures')
      .values({ name: ADMIN_STATS_FIGURE, value: JSON.stringify(value), computed_at: computedAt })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            computed_at: eb.ref('excluded.computed_at'),
          }))
          .where('stored_figures.computed_at', '<', computedAt),
      )
      .execute();
    return { value, computedAt };
  })().finally(() => running.delete(app.db));
  running.set(app.db, run);
  return run;
}

async function storedAdminStats(db: DB): Promise<StoredAdminStats | undefined> {
  const row = await db
    .selectFrom('stored_figures')
    .select(['value', 'computed_at'])
    .where('name', '=', ADMIN_STATS_FIGURE)
    .executeTakeFirst();
  return row && { value: JSON.parse(row.value) as AdminStats, computedAt: row.computed_at };
}

/**
 * What admin/stats answers: the stored figures, however old (the answer says when they were
 * computed). Only a database that never had them waits, once, for the first computation, which
 * the start-up run has already begun. STATS_MAX_AGE_SECONDS 0 computes on every read (tests).
 */
export async function readAdminStats(app: FastifyInstance): Promise<StoredAdminStats> {
  if (app.config.statsMaxAgeMs <= 0) {
    return { value: await adminStats(app.db), computedAt: new Date().toISOString() };
  }
  return (await storedAdminStats(app.db)) ?? refreshAdminStats(app);
}

/**
 * Keeps the stored figures fresh in the background: at start and every STATS_MAX_AGE_SECONDS,
 * unless another instance sharing the database refreshed them in the last half of that time.
 * Whole-site counts take seconds at a million members (docs/design/17-million.md): never in a request.
 */
export function keepAdminStatsFresh(app: FastifyInstance): void {
  const maxAgeMs = app.config.statsMaxAgeMs;
  if (maxAgeMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const refreshIfStale = async () => {
    try {
      const stored = await storedAdminStats(app.db);
      if (stored && Date.now() - Date.parse(stored.computedAt) < maxAgeMs / 2) return;
      await refreshAdminStats(app);
    } catch (error) {
      app.log.error({ err: error }, 'admin stats refresh failed');
    }
  };
  app.addHook('onReady', async () => {
    void refreshIfStale();
    timer = setInterval(refreshIfStale, maxAgeMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running.get(app.db)?.catch(() => undefined);
  });
}
