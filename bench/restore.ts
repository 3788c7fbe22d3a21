import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { makeVerifiedSnapshot } from '../src/server/platform/backups/make-snapshot';
import { restoreSnapshot } from '../src/server/platform/backups/restore-snapshot';
import { configFromEnv } from '../src/server/platform/config';
import { createScratchDatabase, ServerProcess } from '../tests/support/server-process';
import { CLIENTS, DATASET_LABEL, loadAverage, scratchDataset } from './scale/scratch-dataset';

/**
 * `npm run bench:restore` (design.md §24; not a timed test): §17's reference data (1 000 000
 * members on PostgreSQL when DATABASE_URL is set; SCALE_CLIENTS overrides) is backed up with
 * `cita backup`'s code, restored with `cita restore`'s into a fresh database, and a server started
 * on it until /readyz answers 200: that time is printed beside the 10-minute target.
 */
const RESTORE_TARGET_S = 600;

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
const target = await createScratchDatabase();
let server: ServerProcess | undefined;
try {
  const backupStarted = performance.now();
  const outcome = await makeVerifiedSnapshot(db, config, 'manual');
  await db.destroy();
  if (!outcome.verified) throw new Error(`Respaldo no verificado: ${outcome.reason}`);
  const backupSeconds = (performance.now() - backupStarted) / 1000;
  console.log(`Respaldo verificado en ${backupSeconds.toFixed(0)} s (${outcome.sizeBytes} bytes)`);

  // The clock starts when the operator types `cita restore`, and stops when the site serves.
  const restoreStarted = performance.now();
  await restoreSnapshot({
    reference: outcome.file!,
    backupDir,
    identities: [identity],
    into: target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
    secretsOut: path.join(scratch.dataDir, 'claves.env'),
  });
  server = await ServerProcess.start({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await readyWithin(server.url, 120_000);
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;
  console.table([
    {
      medida: 'restaurar y servir (/readyz 200)',
      segundos: Number(restoreSeconds.toFixed(1)),
      meta: `≤ ${RESTORE_TARGET_S} s`,
      cumple: restoreSeconds <= RESTORE_TARGET_S ? 'sí' : 'NO',
    },
  ]);
} finally {
  await server?.stop();
  await target.drop();
  await scratch.drop();
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
