import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRetention, RETENTION, snapshotsToKeep } from '../../src/server/platform/backups/retention';
import { snapshotBaseName, writeManifest } from '../../src/server/platform/backups/snapshot-files';

const DAY_MS = 24 * 60 * 60_000;

function nightly(days: number, from = Date.UTC(2026, 11, 31, 9)): { name: string; createdAt: Date }[] {
  return Array.from({ length: days }, (_, index) => {
    const createdAt = new Date(from - index * DAY_MS);
    return { name: createdAt.toISOString(), createdAt };
  });
}

describe('snapshotsToKeep: 7 daily, 4 weekly, 6 monthly (docs/design/24-backups.md)', () => {
  it('keeps a year of nightly snapshots down to the last 7 days, 4 weeks and 6 months', () => {
    const kept = [...snapshotsToKeep(nightly(365))].sort().reverse();
    expect(kept.slice(0, 7)).toEqual(nightly(7).map((snapshot) => snapshot.name));
    // Weekly and monthly picks are each period's newest; some coincide with the daily ones.
    expect(kept.length).toBeLessThanOrEqual(RETENTION.daily + RETENTION.weekly + RETENTION.monthly);
    expect(kept.at(-1)!.slice(0, 7)).toBe('2026-07');
  });

  it('keeps the newest, each of the most recent days, every one of the last 24 h and at most 17 older ones, whatever the dates', () => {
    const now = new Date('2027-01-01');
    const dated = fc.array(fc.date({ min: new Date('2025-01-01'), max: now, noInvalidDate: true }), {
      minLength: 1,
      maxLength: 80,
    });
    fc.assert(
      fc.property(dated, (dates) => {
        const snapshots = dates.map((createdAt, index) => ({ name: `s${index}`, createdAt }));
        const kept = snapshotsToKeep(snapshots, now);
        const recent = snapshots.filter((s) => now.getTime() - s.createdAt.getTime() <= DAY_MS);
        for (const snapshot of recent) expect(kept.has(snapshot.name)).toBe(true);
        const newestFirst = [...snapshots].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
        expect(kept.has(newestFirst[0]!.name)).toBe(true);
        expect(kept.size).toBeLessThanOrEqual(17 + recent.length);
        const days = [
          ...new Set(newestFirst.map((snapshot) => snapshot.createdAt.toISOString().slice(0, 10))),
        ];
        for (const day of days.slice(0, RETENTION.daily)) {
          expect(newestFirst.some((s) => kept.has(s.name) && s.createdAt.toISOString().startsWith(day))).toBe(
            true,
          );
        }
        // Applying the rule again to what it kept keeps all of it.
        expect(
          snapshotsToKeep(
            snapshots.filter((s) => kept.has(s.name)),
            now,
          ),
        ).toEqual(kept);
      }),
    );
  });

  it('a second backup the same day keeps the first: every snapshot of the last 24 h stays', () => {
    const now = new Date(Date.UTC(2026, 11, 31, 15));
    const morning = { name: 'manual-de-la-mañana', createdAt: new Date(Date.UTC(2026, 11, 31, 10)) };
    const afternoon = { name: 'manual-de-la-tarde', createdAt: new Date(Date.UTC(2026, 11, 31, 14)) };
    const kept = snapshotsToKeep([...nightly(30), morning, afternoon], now);
    expect(kept.has(morning.name)).toBe(true);
    expect(kept.has(afternoon.name)).toBe(true);
    expect(kept.has(nightly(1)[0]!.name)).toBe(true);
  });
});

describe('applyRetention on a folder of snapshots', () => {
  it('deletes the snapshots the rule drops (file, secrets and manifest) and day-old leftovers of killed runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-retencion-'));
    try {
      const snapshots = nightly(40);
      for (const { createdAt } of snapshots) {
        const base = snapshotBaseName(createdAt);
        const entry = (file: string) => ({ file, size: 1, sha256: 'x' });
        fs.writeFileSync(path.join(dir, `${base}.sqlite.age`), 'a');
        fs.writeFileSync(path.join(dir, `${base}.secrets.age`), 's');
        writeManifest(dir, base, {
          format: 'cita-respaldo-1',
          engine: 'sqlite',
          kind: 'nightly',
          created_at: createdAt.toISOString(),
          database: entry(`${base}.sqlite.age`),
          secrets: entry(`${base}.secrets.age`),
          tables: {},
        });
      }
      const old = path.join(dir, '.cita-2026-01-01T09-00-00-000Z.sqlite.age.partial');
      const fresh = path.join(dir, '.cita-2026-12-31T09-00-00-000Z.sqlite.age.partial');
      fs.writeFileSync(old, 'x');
      fs.writeFileSync(fresh, 'x');
      const longAgo = new Date(Date.now() - 3 * DAY_MS);
      fs.utimesSync(old, longAgo, longAgo);

      applyRetention(dir);
      const kept = snapshotsToKeep(snapshots);
      const bases = [...kept].map((name) => snapshotBaseName(new Date(name)));
      const expected = bases.flatMap((base) => [
        `${base}.manifest.json`,
        `${base}.secrets.age`,
        `${base}.sqlite.age`,
      ]);
      expect(fs.readdirSync(dir).sort()).toEqual([path.basename(fresh), ...expected].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
