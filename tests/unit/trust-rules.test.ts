import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell } from '../../src/server/events/attendance/attendance-csv';
import { isSafeText } from '../../src/shared/contracts/common';
import { whatsappLink } from '../../src/shared/domain/whatsapp';

describe('whatsappLink', () => {
  it('gives Mexican numbers the country code 52, however they are written', () => {
    expect(whatsappLink('55 1234 5678')).toBe('https://wa.me/525512345678');
    expect(whatsappLink('(33) 1234-5678')).toBe('https://wa.me/523312345678');
    expect(whatsappLink('+52 1 55 1234 5678')).toBe('https://wa.me/525512345678');
    expect(whatsappLink('044 55 1234 5678')).toBe('https://wa.me/525512345678');
    expect(whatsappLink('52 55 1234 5678')).toBe('https://wa.me/525512345678');
  });

  it('keeps another country code and refuses what is not a phone', () => {
    expect(whatsappLink('+1 415 555 0100')).toBe('https://wa.me/14155550100');
    expect(whatsappLink('0034 612 345 678')).toBe('https://wa.me/34612345678');
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('12345')).toBeNull();
    expect(whatsappLink('1'.repeat(16))).toBeNull();
  });
});

describe('isSafeText', () => {
  it('accepts Spanish, emoji (surrogate pairs) and right-to-left letters', () => {
    for (const text of ['Begoña Peña', 'Hola 😊', 'مرحبا', '']) expect(isSafeText(text)).toBe(true);
  });

  it('refuses NUL, lone surrogates and bidi overrides', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\udfff', '\u202eevil', '\u2066a\u2069']) {
      expect(isSafeText(text)).toBe(false);
    }
  });
});

describe('neutraliseCsvCell', () => {
  it('turns formula starts into text and leaves the rest alone', () => {
    for (const cell of ['=HYPERLINK("x")', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseCsvCell('Begoña')).toBe('Begoña');
    expect(neutraliseCsvCell('55 1234 5678')).toBe('55 1234 5678');
  });
});
