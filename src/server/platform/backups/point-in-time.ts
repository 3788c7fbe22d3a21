import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import type { AppConfig } from '../config';
import { sqliteFileIn } from '../db/sqlite-file';
import { litestreamRestore, litestreamSetup } from './litestream';
import { finishRestore } from './restore-snapshot';
import { partialPathFor, SnapshotRefused } from './snapshot-files';
import { checkedSqliteFigures } from './sqlite-snapshot';
import type { TableFigures } from './table-figures';

const MOMENT =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The instant `--at` names: `2026-12-13 21:05`, with seconds and milliseconds if wanted, in Mexico
 * City time unless an offset (`Z`, `-06:00`) is given. Null when it is not such a moment.
 */
export function parseRestoreMoment(text: string): Date | null {
  const match = MOMENT.exec(text.trim());
  if (!match) return null;
  const [, day = '', hours = '', minutes = '', seconds = '00', millis = '0', offset] = match;
  if (offset) {
    const zone = offset === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
    const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis.padEnd(3, '0')}${zone}`);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const at = mexicoLocalToUtc(day, `${hours}:${minutes}`);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(at.getTime() + Number(seconds) * 1000 + Number(millis.padEnd(3, '0')));
}

export interface PointInTimeRestore {
  tables: TableFigures;
  /** The moment the restored database is from: `at`, or the replica's last write when it ends sooner. */
  restoredTo: Date;
  /** The replica's last write (to the second) when it ends before `at`: what was asked is not all there. */
  replicaEndedSooner: Date | null;
  /** What the lost database left in the folder, renamed so that SQLite never reads it. */
  setAside: string[];
}

/** The suffix of the lost database's leftovers once set aside. */
const LEFTOVER_SUFFIX = '.de-la-base-perdida';

/**
 * A database deleted after a crash leaves its `-wal` and `-shm` behind; SQLite would replay that
 * WAL into the restored file opened under the same name (decision 0059). Without their database
 * they hold nothing a restore can use: they are renamed, not deleted, for whoever looks later.
 */
function setAsideLeftovers(target: string): string[] {
  const setAside: string[] = [];
  for (const suffix of ['-wal', '-shm']) {
    const file = `${target}${suffix}`;
    if (!fs.existsSync(file)) continue;
    fs.renameSync(file, `${file}${LEFTOVER_SUFFIX}`);
    setAside.push(`${file}${LEFTOVER_SUFFIX}`);
  }
  return setAside;
}

/**
 * `cita restore latest --at TIME` on SQLite: Litestream rebuilds, from the continuous replica
 * (BACKUP_DIR/litestream or the bucket), the database as it was at `at` into a fresh data folder;
 * it is integrity-checked, brought to this version's schema and quarantined like any restore.
 */
export async function restoreSqliteAt(
  config: AppConfig,
  at: Date,
  intoDataDir: string,
): Promise<PointInTimeRestore> {
  if (!config.backups.dir) throw new SnapshotRefused('Para restaurar a un momento hace falta BACKUP_DIR');
  const target = sqliteFileIn(intoDataDir);
  if (fs.existsSync(target)) {
    throw new SnapshotRefused(
      `Ya hay una base en ${target}: se restaura solo en una base nueva (--into otra carpeta)`,
    );
  }
  fs.mkdirSync(intoDataDir, { recursive: true });
  const setAside = setAsideLeftovers(target);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-litestream-'));
  const partial = partialPathFor(target);
  fs.rmSync(partial, { force: true });
  try {
    const setup = litestreamSetup(config.dataDir, config.backups.dir, config.backups.s3, scratch);
    let until: Date | null;
    try {
      ({ replicatedUntil: until } = await litestreamRestore(setup, partial, at));
    } catch (error) {
      // execFile's error carries what Litestream printed; its message only the command line.
      const printed = error as { stdout?: string; stderr?: string };
      const said = String(
        printed.stderr || printed.stdout || (error instanceof Error ? error.message : error),
      ).trim();
      throw new SnapshotRefused(
        /no matching backups|no snapshots available|no generations|cannot find/i.test(said)
          ? `La réplica continua no tiene la base en ${at.toISOString()} (¿era antes de su primer respaldo?)`
          : `Litestream no pudo restaurar: ${said}`,
      );
    }
    const tables = await checkedSqliteFigures(partial);
    // `until` is cut to the second: only a moment past that whole second is beyond the replica.
    const replicaEndedSooner = until && at.getTime() >= until.getTime() + 1000 ? until : null;
    const restoredTo = replicaEndedSooner ?? at;
    fs.renameSync(partial, target);
    await finishRestore({ dataDir: intoDataDir }, `réplica continua al ${restoredTo.toISOString()}`);
    return { tables, restoredTo, replicaEndedSooner, setAside };
  } finally {
    fs.rmSync(partial, { force: true });
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${partial}${suffix}`, { force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
