/** Every public route of design §19, with one event's page: what bench:web and bench:scale load. */
export function publicRoutes(eventId: number): string[] {
  return [
    '/',
    '/eventos',
    '/eventos/speed-dating',
    `/evento/${eventId}`,
    '/servicios',
    '/servicio/speed-dating',
    '/personas',
    '/nosotros',
    '/contacto',
    '/aviso-privacidad',
  ];
}
