import fs from 'node:fs';
import path from 'node:path';
import { listSnapshots, manifestPathFor } from './snapshot-files';

/**
 * Every snapshot of the last 24 hours (a second `cita backup` the same day never takes the first
 * one's place), and the newest of each of the last 7 days, 4 weeks and 6 months (decision 0058).
 */
export const RETENTION = { recentHours: 24, daily: 7, weekly: 4, monthly: 6 } as const;

/** The rule as the operator reads it (`cita backup`, `cita doctor`). */
export const RETENTION_RULE = `todos los de las últimas ${RETENTION.recentHours} h, ${RETENTION.daily} diarios, ${RETENTION.weekly} semanales, ${RETENTION.monthly} mensuales`;

export interface DatedSnapshot {
  name: string;
  createdAt: Date;
}

/** Monday of the snapshot's week (UTC), as 'YYYY-MM-DD': snapshots of one week share it. */
function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** The newest snapshot of each of the `count` most recent periods that have one. */
function newestPerPeriod(
  newestFirst: DatedSnapshot[],
  periodOf: (at: Date) => string,
  count: number,
): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const snapshot of newestFirst) {
    const period = periodOf(snapshot.createdAt);
    if (seen.has(period)) continue;
    if (seen.size === count) break;
    seen.add(period);
    kept.push(snapshot.name);
  }
  return kept;
}

/**
 * Which snapshots to keep: every one of the last 24 hours, and the newest of each of the last 7
 * days that have one, of the last 4 weeks and of the last 6 months (periods in UTC; the nightly one
 * runs at the same hour every day). A pure function, so the rule is tested apart from the files.
 */
export function snapshotsToKeep(snapshots: DatedSnapshot[], now = new Date()): Set<string> {
  const newestFirst = [...snapshots].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const recentSince = now.getTime() - RETENTION.recentHours * 3_600_000;
  return new Set([
    ...newestFirst
      .filter(({ createdAt }) => createdAt.getTime() >= recentSince && createdAt.getTime() <= now.getTime())
      .map(({ name }) => name),
    ...newestPerPeriod(newestFirst, (at) => at.toISOString().slice(0, 10), RETENTION.daily),
    ...newestPerPeriod(newestFirst, weekOf, RETENTION.weekly),
    ...newestPerPeriod(newestFirst, (at) => at.toISOString().slice(0, 7), RETENTION.monthly),
  ]);
}

/** Left by a run that died (kill -9, a full disk): unlisted, and gone after a day. */
const LEFTOVER_AGE_MS = 24 * 60 * 60_000;

/**
 * Deletes the snapshots the rule no longer keeps, and what interrupted runs left behind (files
 * without a manifest, older than a day so that a snapshot being written is never touched).
 * Answers the names deleted.
 */
export function applyRetention(dir: string, now = new Date()): string[] {
  const listed = listSnapshots(dir);
  const keep = snapshotsToKeep(
    listed.map(({ manifest }) => ({
      name: manifest.database.file,
      createdAt: new Date(manifest.created_at),
    })),
    now,
  );
  const deleted: string[] = [];
  const kept = new Set<string>();
  for (const { manifest, manifestPath } of listed) {
    if (keep.has(manifest.database.file)) {
      kept.add(manifest.database.file);
      kept.add(path.basename(manifestPath));
      continue;
    }
    // The manifest first: a snapshot never lingers half-deleted as a complete one.
    fs.rmSync(manifestPath, { force: true });
    for (const entry of [manifest.database, manifest.secrets]) {
      if (entry) fs.rmSync(path.join(dir, entry.file), { force: true });
    }
    deleted.push(manifest.database.file);
  }
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (kept.has(name) || !/^\.?cita-.*\.(age|partial|json)$/.test(name)) continue;
    // A complete manifest that no longer reads is damage for the operator to see (restore and
    // doctor name it), not a leftover.
    if (name.endsWith('.manifest.json') && !name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (fs.existsSync(manifestPathFor(dir, name.replace(/\.[a-z]+\.age$/, '')))) continue;
    if (now.getTime() - fs.statSync(file).mtimeMs < LEFTOVER_AGE_MS) continue;
    fs.rmSync(file, { force: true });
    deleted.push(name);
  }
  return deleted;
}
