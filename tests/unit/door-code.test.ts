import { describe, expect, it } from 'vitest';
import { doorCodeOf, formatDoorCode, normalizeDoorCode } from '../../src/shared/domain/door-code';

describe('the short code typed at the door', () => {
  it('is 8 characters of Crockford base32 shown in two groups of four', () => {
    expect(doorCodeOf(new Uint8Array([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(doorCodeOf(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    expect(formatDoorCode('K7QM4D2X')).toBe('K7QM-4D2X');
  });

  it('accepts any case, with or without the dash or a space', () => {
    for (const typed of ['K7QM-4D2X', 'k7qm-4d2x', 'K7QM4D2X', 'k7Qm4D2x', ' k7qm 4d2x ']) {
      expect(normalizeDoorCode(typed)).toBe('K7QM4D2X');
    }
  });

  it('reads O as 0 and I or L as 1, as Crockford decodes them', () => {
    expect(normalizeDoorCode('OOIL-ilo0')).toBe('00111100');
  });

  it('is not a short code when a character is outside the alphabet or the length is wrong', () => {
    expect(normalizeDoorCode('K7QM-4D2U')).toBeNull();
    expect(normalizeDoorCode('K7QM-4D2')).toBeNull();
    expect(normalizeDoorCode('K7QM-4D2XA')).toBeNull();
    expect(normalizeDoorCode('K7QM_4D2X')).toBeNull();
    expect(normalizeDoorCode('abcdefghijklmnopqrstuvwxyz012345')).toBeNull();
  });
});

describe('a second scan at the door', () => {
  it('names her and the minute she came in, with the day when it was not today', async () => {
    const { alreadyCheckedIn } = await import('../../src/server/events/attendance/check-in');
    // 03:05 UTC on 13 December is 9:05 p.m. on Saturday the 12th in Mexico City.
    const arrived = '2026-12-13T03:05:00.000Z';
    expect(alreadyCheckedIn('Ana López', arrived, new Date('2026-12-13T04:00:00Z'))).toBe(
      'Ana López ya registró su llegada a las 9:05 p.m.',
    );
    expect(alreadyCheckedIn('Ana López', arrived, new Date('2026-12-15T18:00:00Z'))).toBe(
      'Ana López ya registró su llegada el sábado 12 de diciembre a las 9:05 p.m.',
    );
    expect(alreadyCheckedIn('Ana López', '2026-12-12T19:30:00.000Z', new Date('2026-12-12T20:00:00Z'))).toBe(
      'Ana López ya registró su llegada a la 1:30 p.m.',
    );
  });

  it('takes the short code typed in two groups with a space', async () => {
    const { ticketCodeSchema } = await import('../../src/shared/contracts/admin-events');
    expect(ticketCodeSchema.safeParse('mjyy kpcd').success).toBe(true);
  });
});
