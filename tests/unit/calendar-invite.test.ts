import { describe, expect, it } from 'vitest';
import { buildCalendarInvite } from '../../src/server/events/attendance/calendar-invite';
import { mexicoLocalToUtc } from '../../src/shared/domain/mexico-time';

const EVENT = {
  uid: 'x@cita.mx',
  day: '2030-06-01',
  hour: '09:30',
  durationMinutes: 180,
  summary: 'Cena, vino; y plática',
  description: 'Uno\nDos',
  url: 'http://localhost/evento/1',
};

describe('calendar invite', () => {
  it('turns Mexico City wall time into UTC', () => {
    expect(mexicoLocalToUtc('2030-01-15', '20:00').toISOString()).toBe('2030-01-16T02:00:00.000Z');
    expect(mexicoLocalToUtc('2030-06-01', '09:30').toISOString()).toBe('2030-06-01T15:30:00.000Z');
  });

  it('writes one VEVENT in UTC with CRLF line ends and escaped text', () => {
    const ics = buildCalendarInvite(EVENT);
    expect(ics).toMatch(/\r\nDTSTART:20300601T153000Z\r\n/);
    expect(ics).toMatch(/\r\nDURATION:PT180M\r\n/);
    expect(ics).toContain('SUMMARY:Cena\\, vino\\; y plática');
    expect(ics).toContain('DESCRIPTION:Uno\\nDos');
    expect(ics).toContain('UID:x@cita.mx');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  // The package folds at 75 characters rather than octets (RFC 5545 says SHOULD); calendar
  // apps read either, and no character is ever split.
  it('folds long lines at 75 characters without splitting a character', () => {
    const ics = buildCalendarInvite({ ...EVENT, summary: 'ñ'.repeat(100) });
    for (const line of ics.split('\r\n')) expect([...line].length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${'ñ'.repeat(100)}`);
  });
});
