import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  lastMessageWhen,
  messageDay,
  messageTime,
} from '../../src/web/features/messages/day-label';
import {
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  reconnectDelay,
} from '../../src/web/features/messages/reconnect-delay';

// 25 November 2026, 12:00 in Mexico City (UTC−6).
const NOW = new Date('2026-11-25T18:00:00Z');

describe('day separators and hours of a conversation, in Mexico City time', () => {
  it('says "Hoy" and "Ayer" by the Mexico City calendar, not the UTC one', () => {
    // 25 Nov 02:00 UTC is still the 24th, 20:00, in Mexico City.
    expect(dayLabel(messageDay('2026-11-25T02:00:00Z'), NOW)).toBe('Ayer');
    expect(dayLabel(messageDay('2026-11-25T06:30:00Z'), NOW)).toBe('Hoy');
    expect(dayLabel(messageDay('2026-11-23T18:00:00Z'), NOW)).toBe('lunes 23 de noviembre');
  });

  it('crosses a month and a year for "Ayer"', () => {
    expect(dayLabel('2026-12-31', new Date('2027-01-01T18:00:00Z'))).toBe('Ayer');
    expect(dayLabel('2026-12-30', new Date('2027-01-01T18:00:00Z'))).toBe(
      'miércoles 30 de diciembre de 2026',
    );
  });

  it('writes a message’s hour and the list’s time in the site’s style', () => {
    expect(messageTime('2026-11-25T02:05:00Z')).toBe('8:05 p.m.');
    expect(lastMessageWhen('2026-11-25T16:30:00Z', NOW)).toBe('10:30 a.m.');
    expect(lastMessageWhen('2026-11-24T16:30:00Z', NOW)).toBe('Ayer');
  });
});

describe('waiting before the live channel knocks again', () => {
  it('doubles the wait after each failure, between half and all of it', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_FIRST_DELAY_MS / 2);
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_FIRST_DELAY_MS);
    expect(reconnectDelay(3, () => 1)).toBe(RECONNECT_FIRST_DELAY_MS * 8);
    expect(reconnectDelay(3, () => 0)).toBe(RECONNECT_FIRST_DELAY_MS * 4);
  });

  it('never waits longer than the ceiling, however long the outage', () => {
    expect(reconnectDelay(40, () => 1)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(reconnectDelay(1000, () => 0.5)).toBeLessThanOrEqual(RECONNECT_MAX_DELAY_MS);
  });
});
