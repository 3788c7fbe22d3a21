/**
 * What the ARCO export holds (design.md §18), section by section, as "Mis datos" names it to her.
 * The server builds the export from the personal-data registry; its API test fails while a
 * section the export returns is missing here (or one listed here is gone), so the two cannot drift.
 */
export const EXPORT_SECTIONS = {
  profile: 'perfil',
  advert: 'anuncio',
  photos: 'fotos',
  interests: 'intereses',
  interested_in_you: 'quién se interesó en ti',
  event_sign_ups: 'inscripciones a eventos',
  promo_code_uses: 'códigos de descuento usados',
  invitations: 'invitaciones y códigos ganados por invitar',
  payments: 'pagos',
  picks: 'elecciones en los eventos',
  quiz_answers: 'respuestas del quiz',
  conversations: 'conversaciones y mensajes',
  push_devices: 'dispositivos con avisos',
  push_preferences: 'preferencias de avisos',
  event_news: 'novedades de eventos',
  organizer_messages_received: 'mensajes de los organizadores',
  event_ratings: 'calificaciones de noches',
  blocks: 'bloqueos',
  reports_made: 'reportes que hiciste',
  consent: 'tu consentimiento',
} as const;

/** Parts of the export that describe it rather than hold a kind of her data. */
export const EXPORT_NOTES = ['exported_at', 'payments_retention', 'privacy_notice'] as const;

/** 'perfil, anuncio, … y tu consentimiento'. */
export function exportContentsText(): string {
  const kinds = Object.values(EXPORT_SECTIONS);
  return `${kinds.slice(0, -1).join(', ')} y ${kinds.at(-1)}`;
}
