import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppConfig } from '../config';
import { sqliteFileIn } from '../db/sqlite-file';
import { type LitestreamSupervisor, replicaFolder, STALL_AFTER_MS, stalledReason } from './litestream';

export const REPLICA_PART = 'réplica continua';

/**
 * The continuous replica's health where the operator looks (decisions 0058 and 0059): a part of
 * backup health (a warning in /readyz's body that never takes traffic away, the «Respaldos» card,
 * `cita_backup_warning`, the admins' e-mail once per stall) and `cita_replica_lag_seconds`.
 */
export function reportReplicaHealth(app: FastifyInstance, replica: LitestreamSupervisor): void {
  app.backupHealth.add(REPLICA_PART, async () => {
    const health = replica.health();
    if (health.ok) return null;
    const reason = health.reason ?? 'La réplica continua no avanza';
    return { warning: reason, detail: reason, episode: (replica.incidentSince ?? new Date()).toISOString() };
  });
  new Gauge({
    name: 'cita_replica_lag_seconds',
    help: 'Cuánto lleva esperando la escritura más antigua que aún no llegó a la réplica continua (Litestream); 0 si ninguna espera',
    registers: [app.metrics.registry],
    collect() {
      this.set(replica.health().lagSeconds);
    },
  });
}

/** When Litestream last finished a file in the replica folder (its `.tmp` files are unfinished). */
function newestReplicaWrite(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  let newest = 0;
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.tmp')) continue;
    try {
      const stat = fs.statSync(path.join(folder, name));
      if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
    } catch {
      // removed by Litestream's retention while we read the folder
    }
  }
  return newest;
}

function walWrittenAt(config: AppConfig): number {
  try {
    return fs.statSync(`${sqliteFileIn(config.dataDir)}-wal`).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * `cita doctor`'s view, from another process: whether the database's last write is in the replica
 * folder. A write younger than STALL_AFTER_MS gets that long to arrive before it counts as stalled.
 */
export async function replicaHealthOnDisk(config: AppConfig): Promise<{ ok: boolean; detail: string }> {
  const folder = replicaFolder(config.backups.dir ?? '');
  const written = walWrittenAt(config);
  for (;;) {
    const shipped = newestReplicaWrite(folder);
    if (written <= shipped) {
      return {
        ok: true,
        detail: written
          ? `la última escritura de la base ya está en ${folder}`
          : `nada pendiente de enviar a ${folder}`,
      };
    }
    const waited = Date.now() - written;
    if (waited > STALL_AFTER_MS) return { ok: false, detail: stalledReason(waited / 1000) };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
