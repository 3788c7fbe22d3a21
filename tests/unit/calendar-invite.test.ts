import { describe, expect, it } from 'vitest';
import {
  buildCalendarInvite,
  escapeIcsText,
  foldIcsLine,
  mexicoLocalToUtc,
} from '../../src/server/services/calendar-invite';

describe('calendar invite', () => {
  it('escapes backslashes, commas, semicolons and line breaks', () => {
    expect(escapeIcsText('a\\b, c; d\ne')).toBe('a\\\\b\\, c\\; d\\ne');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const folded = foldIcsLine(`SUMMARY:${'ñ'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ñ'.repeat(60)}`);
  });

  it('turns Mexico City wall time into UTC', () => {
    expect(mexicoLocalToUtc('2030-01-15', '20:00').toISOString()).toBe('2030-01-16T02:00:00.000Z');
  });

  it('writes one VEVENT with CRLF line ends', () => {
    const ics = buildCalendarInvite(
      {
        uid: 'x@cita.mx',
        day: '2030-06-01',
        hour: '09:30',
        durationMinutes: 180,
        summary: 'Cena',
        description: 'Uno\nDos',
        url: 'http://localhost/evento/1',
      },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(ics).toContain('\r\nDTSTART:20300601T153000Z\r\nDTEND:20300601T183000Z\r\n');
    expect(ics).toContain('DESCRIPTION:Uno\\nDos');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
});
