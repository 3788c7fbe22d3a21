import { sql } from 'kysely';
import type { DB } from '../db/database';
import { pendingMigrations } from '../db/migrate';
import type { JobQueue } from '../queue/queue';
import type { Readiness } from './readiness';

/** docs/design/23-online.md: this instance's worker must have looked for work within this time. */
export const QUEUE_HEARTBEAT_MAX_AGE_MS = 60_000;

/** The platform's own parts of readiness: the database, its migrations, this instance's worker. */
export function addPlatformReadiness(readiness: Readiness, db: DB, queue: JobQueue): void {
  readiness.add('base de datos', async () => {
    try {
      await sql`select 1`.execute(db);
      return null;
    } catch {
      return 'no responde';
    }
  });
  readiness.add('migraciones', async () => {
    const pending = await pendingMigrations(db);
    return pending.length === 0 ? null : `faltan por aplicar: ${pending.join(', ')}`;
  });
  readiness.add('cola de trabajos', async () => {
    const beat = queue.heartbeat();
    if (beat === 'off') return { note: 'esta instancia no corre trabajos (QUEUE_CONCURRENCY=0)' };
    if (beat === 'stopped') return 'detenida en esta instancia';
    if (beat > QUEUE_HEARTBEAT_MAX_AGE_MS) {
      return `no ha buscado trabajos en ${Math.round(beat / 1000)} s`;
    }
    return null;
  });
}
