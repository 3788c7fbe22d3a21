import { describe, expect, it } from 'vitest';
import type { OfflineTicket } from '../../src/shared/contracts/tickets';
import { offlinePage, offlineTicketsPage } from '../../src/web/service-worker/offline-page';

const ticket: OfflineTicket = {
  assistance_id: 1,
  event_id: 2,
  name: 'Cena <script>alert(1)</script> & baile',
  day: '2031-05-20',
  hour: '19:30',
  ends_at: '2031-05-21T04:30:00.000Z',
  venue: 'Bar "La Ópera"',
  address: 'Av. 5 de Mayo 10',
  city: 'cdmx',
  code: 'abcdefghijklmnopqrstuvwxyz012345',
  door_code: 'K7QM-4D2X',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

describe('the offline pages the service worker builds', () => {
  it('shows her ticket with the date in Mexico City, the place and the code, the names escaped', () => {
    const html = offlineTicketsPage([ticket], ['/assets/index-x.css'], new Date('2031-05-20T12:00:00Z'));
    expect(html).toContain('Sin conexión');
    expect(html).toContain('martes 20 de mayo de 2031, 7:30 p.m.');
    expect(html).toContain('Bar &quot;La Ópera&quot;, Av. 5 de Mayo 10, Ciudad de México');
    expect(html).toContain('Cena &lt;script&gt;alert(1)&lt;/script&gt; &amp; baile');
    expect(html).not.toContain('<script');
    expect(html).toContain('>K7QM-4D2X</span>');
    expect(html).not.toContain(ticket.code);
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-x.css" />');
  });

  it('shows the QR alone for a ticket kept before short codes existed', () => {
    const { door_code: _, ...older } = ticket;
    const html = offlineTicketsPage([older as OfflineTicket], [], new Date('2031-05-20T12:00:00Z'));
    expect(html).toContain('Código QR de tu boleto');
    expect(html).not.toContain('undefined');
  });

  it('drops a ticket whose event ended since it was kept', () => {
    const html = offlineTicketsPage([ticket], [], new Date('2031-05-21T05:00:00Z'));
    expect(html).not.toContain(ticket.door_code);
    expect(html).toContain('No hay boletos guardados en este teléfono.');
  });

  it('any other page says there is no connection and links to the tickets', () => {
    const html = offlinePage('/perfil?x="><b>', []);
    expect(html).toContain('No hay conexión a internet');
    expect(html).toContain('href="/asistencias"');
    expect(html).toContain('href="/perfil?x=&quot;&gt;&lt;b&gt;"');
  });
});
