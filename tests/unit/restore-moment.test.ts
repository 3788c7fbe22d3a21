import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseRestoreMoment } from '../../src/server/platform/backups/point-in-time';

describe('the moment `cita restore latest --at` names', () => {
  it("keeps the milliseconds of the README's «now», so the drill restores the last second's writes", () => {
    // The README's own command: a moment cut to the second lost up to a second of acknowledged writes.
    const now = execFileSync('date', ['-u', '+%Y-%m-%d %H:%M:%S.%3NZ'], { encoding: 'utf8' }).trim();
    const parsed = parseRestoreMoment(now);
    expect(parsed?.toISOString()).toBe(`${now.slice(0, 10)}T${now.slice(11, -1)}Z`);
    expect(parsed?.getUTCMilliseconds()).toBe(Number(now.slice(-4, -1)));
  });

  it('reads a moment without an offset as Mexico City time, and refuses what is not a moment', () => {
    expect(parseRestoreMoment('2026-12-13 21:05')?.toISOString()).toBe('2026-12-14T03:05:00.000Z');
    expect(parseRestoreMoment('2026-12-13 21:05:30.25')?.toISOString()).toBe('2026-12-14T03:05:30.250Z');
    expect(parseRestoreMoment('2026-12-13T21:05:00-06:00')?.toISOString()).toBe('2026-12-14T03:05:00.000Z');
    expect(parseRestoreMoment('ayer')).toBeNull();
  });
});
