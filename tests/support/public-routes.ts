/**
 * Every public route of design §19, with one event's page when given: what bench:web and
 * bench:scale load and the server-rendering browser test reads.
 */
export function publicRoutes(eventId?: number): string[] {
  return [
    '/',
    '/eventos',
    '/eventos/speed-dating',
    ...(eventId === undefined ? [] : [`/evento/${eventId}`]),
    '/servicios',
    '/servicio/speed-dating',
    '/personas',
    '/nosotros',
    '/contacto',
    '/aviso-privacidad',
  ];
}
