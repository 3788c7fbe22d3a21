import { describe, expect, it } from 'vitest';
import { maskContacts } from '../../src/server/matches/messages/mask-contacts';

describe('maskContacts (design.md §20)', () => {
  it.each([
    ['Llámame al 55 1234 5678', 'Llámame al [número oculto]'],
    ['mi cel: +52 (55) 1234-5678.', 'mi cel: [número oculto].'],
    ['escríbeme a lucia.perez@correo.mx', 'escríbeme a [correo oculto]'],
    ['mira https://example.org/foto?id=1 y www.cita.mx', 'mira [enlace oculto] y [enlace oculto]'],
    ['mi insta está en instagram.com/lucia', 'mi insta está en [enlace oculto]'],
    ['wa.me/525512345678', '[enlace oculto]'],
  ])('hides contact details: %s', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });

  it.each([
    'Nos vemos el 25/11/2026 a las 8:30',
    'Tengo 2 perros y 3 gatos. ¿Y tú?',
    'El evento es el 2026-11-25, ¿vas?',
    'Jajaja... sí!',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(maskContacts(text)).toBe(text);
  });
});
