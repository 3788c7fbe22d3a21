import os from 'node:os';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { makeVerifiedSnapshot } from '../src/server/platform/backups/make-snapshot';
import { restoreLatest } from '../src/server/platform/backups/pgbackrest';
import { restoreSnapshot } from '../src/server/platform/backups/restore-snapshot';
import { configFromEnv } from '../src/server/platform/config';
import { freePort, PrivateCluster } from '../tests/support/private-postgres';
import { createScratchDatabase, ServerProcess } from '../tests/support/server-process';
import { CLIENTS, DATASET_LABEL, loadAverage, scratchDataset } from './scale/scratch-dataset';
import { median } from './stats';

/**
 * `npm run bench:restore` (docs/design/24-backups.md; not a timed test): §17's reference data (1 000 000
 * members on PostgreSQL when DATABASE_URL is set; SCALE_CLIENTS overrides) is backed up with
 * `cita backup`'s code, restored with `cita restore`'s into a fresh database, and a server started
 * on it until /readyz answers 200: that time is printed beside the 10-minute target. Then the RPO:
 * a private PostgreSQL cluster archived by pgBackRest takes a steady stream of writes, its
 * postmaster is killed with kill -9 mid-load, the cluster is restored from the archive, and the
 * writes that did not come back are counted and printed, in seconds, beside the 60 s target.
 * Both are repeated RESTORE_RUNS times (3) on the same snapshot; their medians are printed.
 */
const RESTORE_TARGET_S = 600;
const RPO_TARGET_S = 60;
/** How long the writes run before the kill (past archive_timeout, so the bound shows), how far apart. */
const LOAD_MS = Number(process.env.RPO_LOAD_MS ?? 90_000);
const WRITE_EVERY_MS = 20;

/** Writes lost by a kill -9 mid-load, restoring from pgBackRest's archive. */
async function measureRpo(): Promise<{ acknowledged: number; restored: number; lostSeconds: number }> {
  const cluster = await PrivateCluster.start();
  try {
    const { setup } = cluster;
    const client = await cluster.client(setup.port);
    await client.query('create table escrituras (n int primary key, escrita_en timestamptz not null)');
    // The table reaches the archive before the load, so the restore has it even if no write does.
    const switched = await client.query<{ segment: string }>(
      'select pg_walfile_name(pg_switch_wal()) as segment',
    );
    const segment = switched.rows[0]?.segment ?? '';
    const archivedBy = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      if ((rows[0]?.last ?? '') >= segment) break;
      if (Date.now() > archivedBy) throw new Error('pgBackRest no archivó el WAL en 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    let acknowledged = 0;
    let lastAcknowledgedAt = 0;
    const until = Date.now() + LOAD_MS;
    while (Date.now() < until) {
      await client.query('insert into escrituras values ($1, now())', [acknowledged + 1]);
      acknowledged += 1;
      lastAcknowledgedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
    // The dying server tells the client its connection ends: expected here, not a crash.
    client.on('error', () => undefined);
    cluster.killServer(setup.dataDir);
    await client.end().catch(() => undefined);
    const restored = path.join(cluster.root, 'restaurada');
    await restoreLatest(setup, restored);
    const port = await freePort();
    await cluster.startRestored(restored, port);
    const [row] = await cluster.query<{ count: number; last: Date | null }>(
      port,
      'select count(*)::int as count, max(escrita_en) as last from escrituras',
    );
    const lastRestoredAt = row?.last ? row.last.getTime() : Date.now() - LOAD_MS;
    return {
      acknowledged,
      restored: row?.count ?? 0,
      lostSeconds: Math.max(0, (lastAcknowledgedAt - lastRestoredAt) / 1000),
    };
  } finally {
    await cluster.close();
  }
}

async function readyWithin(url: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/readyz`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('/readyz no respondió 200 a tiempo');
}

const started = performance.now();
console.log(`bench:restore — ${DATASET_LABEL}; carga del sistema ${loadAverage()}`);
const { scratch, db, loadSeconds } = await scratchDataset(CLIENTS);
console.log(`Datos de referencia cargados en ${loadSeconds.toFixed(0)} s`);
const identity = await generateX25519Identity();
const backupDir = path.join(scratch.dataDir, 'respaldos');
const config = configFromEnv({
  DATA_DIR: scratch.dataDir,
  ...(scratch.databaseUrl && { DATABASE_URL: scratch.databaseUrl }),
  BACKUP_DIR: backupDir,
  BACKUP_AGE_RECIPIENT: await identityToRecipient(identity),
  BACKUP_CONTINUOUS: '0',
});
/**
 * The snapshot is restored RESTORE_RUNS times (a fresh database each time), each followed by an
 * RPO measurement: the figures quoted are their medians. Loading 1 000 000 members and making the
 * verified snapshot come first and take most of the time, so they are done once.
 */
const RUNS = Math.max(1, Number(process.env.RESTORE_RUNS ?? 3));

/**
 * Waits, up to 45 minutes, until the machine's one-minute load is under QUIET_LOAD (unset: no
 * wait): loading the data and verifying the snapshot are not timed, so another job may finish
 * meanwhile, and the timed part then runs alone.
 */
async function waitForQuiet(): Promise<void> {
  const quiet = Number(process.env.QUIET_LOAD ?? Number.POSITIVE_INFINITY);
  const deadline = Date.now() + 45 * 60_000;
  if (os.loadavg()[0]! >= quiet) console.log(`Esperando a que la carga baje de ${quiet}…`);
  while (os.loadavg()[0]! >= quiet && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** One restore of the snapshot into a fresh database, timed until a server on it is ready. */
async function timedRestore(file: string): Promise<number> {
  const target = await createScratchDatabase();
  let server: ServerProcess | undefined;
  try {
    // The clock starts when the operator types `cita restore`, and stops when the site serves.
    const restoreStarted = performance.now();
    await restoreSnapshot({
      reference: file,
      backupDir,
      identities: [identity],
      into: target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
      secretsOut: path.join(scratch.dataDir, 'claves.env'),
    });
    server = await ServerProcess.start({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    await readyWithin(server.url, 120_000);
    return (performance.now() - restoreStarted) / 1000;
  } finally {
    await server?.stop();
    await target.drop();
  }
}

try {
  const backupStarted = performance.now();
  const outcome = await makeVerifiedSnapshot(db, config, 'manual');
  await db.destroy();
  if (!outcome.verified) throw new Error(`Respaldo no verificado: ${outcome.reason}`);
  const backupSeconds = (performance.now() - backupStarted) / 1000;
  console.log(`Respaldo verificado en ${backupSeconds.toFixed(0)} s (${outcome.sizeBytes} bytes)`);

  const restores: number[] = [];
  const lost: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    await waitForQuiet();
    const seconds = await timedRestore(outcome.file!);
    restores.push(seconds);
    // Printed at once: a later step that fails does not lose it.
    console.log(`corrida ${run}: restaurada y sirviendo en ${seconds.toFixed(1)} s (carga ${loadAverage()})`);
    const rpo = await measureRpo();
    lost.push(rpo.lostSeconds);
    console.log(
      `corrida ${run}: RPO ${rpo.lostSeconds.toFixed(1)} s — ${rpo.acknowledged} escrituras confirmadas, ${rpo.restored} restauradas desde el archivo de pgBackRest tras kill -9`,
    );
  }
  const restoreSeconds = median(restores);
  const lostSeconds = median(lost);
  console.table([
    {
      medida: `restaurar y servir (/readyz 200), mediana de ${RUNS}`,
      segundos: Number(restoreSeconds.toFixed(1)),
      meta: `≤ ${RESTORE_TARGET_S} s`,
      cumple: restoreSeconds <= RESTORE_TARGET_S ? 'sí' : 'NO',
    },
    {
      medida: `escrituras perdidas al matar el primario, mediana de ${RUNS}`,
      segundos: Number(lostSeconds.toFixed(1)),
      meta: `≤ ${RPO_TARGET_S} s`,
      cumple: lostSeconds <= RPO_TARGET_S ? 'sí' : 'NO',
    },
  ]);
} finally {
  await scratch.drop();
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
