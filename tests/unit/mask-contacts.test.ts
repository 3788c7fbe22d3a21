import { describe, expect, it } from 'vitest';
import { maskContacts } from '../../src/server/matches/messages/mask-contacts';

describe('maskContacts (docs/design/20-mensajes.md)', () => {
  it.each([
    ['Llámame al 55 1234 5678', 'Llámame al [número oculto]'],
    ['mi cel: +52 (55) 1234-5678.', 'mi cel: [número oculto].'],
    ['+52 1 55 1234 5678', '[número oculto]'],
    ['márcame al 521 55 1234 5678 porfa', 'márcame al [número oculto] porfa'],
    ['55-1234-5678', '[número oculto]'],
    ['(55) 1234 5678', '[número oculto]'],
    ['5512345678', '[número oculto]'],
    ['55.1234.5678', '[número oculto]'],
    ['es el 5 5 1 2 3 4 5 6 7 8', 'es el [número oculto]'],
    ['55 12 34 56 78, mándame mensaje', '[número oculto], mándame mensaje'],
    ['estoy de visita, mi número es +1 415 555 2671', 'estoy de visita, mi número es [número oculto]'],
    ['escríbeme a lucia.perez@correo.mx', 'escríbeme a [correo oculto]'],
    ['LUCIA_88@Gmail.com', '[correo oculto]'],
    ['mira https://example.org/foto?id=1 y www.cita.mx', 'mira [enlace oculto] y [enlace oculto]'],
    ['mi insta está en instagram.com/lucia', 'mi insta está en [enlace oculto]'],
    ['wa.me/525512345678', '[enlace oculto]'],
    ['wa.me/5215512345678', '[enlace oculto]'],
    ['búscame: lucia.app', 'búscame: [enlace oculto]'],
    ['mi página es lucia.mx', 'mi página es [enlace oculto]'],
    // Newer top-level domains of IANA's list, bare or with a scheme (docs/design/26-contact.md).
    ['mis fotos: kevin.store/fotos', 'mis fotos: [enlace oculto]'],
    ['kevin.photography', '[enlace oculto]'],
    ['https://lucia.bio', '[enlace oculto]'],
    ['todo en lucia.tattoo/galeria?x=1', 'todo en [enlace oculto]'],
    ['escríbeme a kevin@kevin.store', 'escríbeme a [correo oculto]'],
    [
      'mi tienda es tienda.shop y mi blog blog.lucia.rocks',
      'mi tienda es [enlace oculto] y mi blog [enlace oculto]',
    ],
    ['vela en lucía.москва', 'vela en [enlace oculto]'],
    [
      'te dejo mi cel 55 1234 5678 y mi correo lu@correo.mx',
      'te dejo mi cel [número oculto] y mi correo [correo oculto]',
    ],
  ])('hides contact details: %s', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });

  it.each([
    'Nos vemos el 25/11/2026 a las 8:30',
    'nos vemos a las 8:30',
    'Tengo 2 perros y 3 gatos. ¿Y tú?',
    'tengo 2 perros',
    'La entrada cuesta $350 y la cena $1,200',
    'El evento es el 13/12/2026',
    'El evento es el 2026-11-25, ¿vas?',
    'Jajaja... sí!',
    'hola.que tal',
    'Vivo en la calle 5 de mayo 123, CP 06600',
    'Corrí 10 km en 55 minutos',
    // Long digit runs that are no phone number anywhere.
    'Mi folio de pago es 1234567890123',
    'ISBN 978-607-31-1234-5',
    // Decided (decision 0043): spelled-out forms and handles that are not links stay as written.
    'lucia arroba gmail punto com',
    'cinco cinco uno dos tres cuatro',
    'sígueme @lucia_mx',
    'sígueme en insta @lucia.mx',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(maskContacts(text)).toBe(text);
  });
});
