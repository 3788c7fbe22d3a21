import type { DB } from '../db/database';
import type { BackupKind } from '../db/schema';

export interface BackupRecord {
  id: number;
  startedAt: string;
  kind: BackupKind;
  engine: 'sqlite' | 'postgres';
  file: string | null;
  destination: string;
  sizeBytes: number | null;
  durationMs: number;
  verified: boolean;
  reason: string | null;
  tableCounts: Record<string, number> | null;
}

export type NewBackupRecord = Omit<BackupRecord, 'id'>;

export async function recordBackup(db: DB, record: NewBackupRecord): Promise<number> {
  const row = await db
    .insertInto('backups')
    .values({
      started_at: record.startedAt,
      kind: record.kind,
      engine: record.engine,
      file: record.file,
      destination: record.destination,
      size_bytes: record.sizeBytes,
      duration_ms: record.durationMs,
      verified: record.verified ? 1 : 0,
      reason: record.reason,
      table_counts: record.tableCounts ? JSON.stringify(record.tableCounts) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest snapshot attempts, newest first. */
export async function listBackups(db: DB, limit: number): Promise<BackupRecord[]> {
  const rows = await db
    .selectFrom('backups')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startedAt: row.started_at,
    kind: row.kind,
    engine: row.engine,
    file: row.file,
    destination: row.destination,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    durationMs: row.duration_ms,
    verified: row.verified === 1,
    reason: row.reason,
    tableCounts: row.table_counts ? (JSON.parse(row.table_counts) as Record<string, number>) : null,
  }));
}

/** The newest attempt, verified or not (for /metrics and the back office); null before the first. */
export async function latestBackup(db: DB): Promise<BackupRecord | null> {
  return (await listBackups(db, 1))[0] ?? null;
}

/** The newest verified snapshot's time and size, or null when none was ever verified. */
export async function latestVerified(
  db: DB,
): Promise<{ startedAt: string; sizeBytes: number; kind: BackupKind; file: string | null } | null> {
  const row = await db
    .selectFrom('backups')
    .select(['started_at', 'size_bytes', 'kind', 'file'])
    .where('verified', '=', 1)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { startedAt: row.started_at, sizeBytes: Number(row.size_bytes ?? 0), kind: row.kind, file: row.file }
    : null;
}

/** The newest verified snapshot's time, or null when none was ever verified. */
export async function latestVerifiedAt(db: DB): Promise<string | null> {
  return (await latestVerified(db))?.startedAt ?? null;
}
