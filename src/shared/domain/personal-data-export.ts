import { REPORT_REASON_LABELS } from '../contracts/trust';
import { GENDERS } from './genders';
import { ASSISTANCE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './statuses';

const INTEREST_LABELS = { 0: 'Retirado', 1: 'Solo de un lado', 2: 'Mutuo' };

/**
 * What the ARCO export holds (docs/design/18-personal-data.md), section by section, as "Mis datos" names it to her.
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
  fiscal_profile: 'datos fiscales',
  invoices: 'facturas emitidas',
  picks: 'elecciones en los eventos',
  quiz_answers: 'respuestas del quiz',
  conversations: 'conversaciones y mensajes',
  push_devices: 'dispositivos con avisos',
  push_preferences: 'preferencias de avisos',
  event_news: 'novedades de eventos',
  organizer_messages_received: 'mensajes de los organizadores',
  event_ratings: 'calificaciones de noches',
  in_person_verifications: 'verificaciones en persona',
  photo_verifications: 'verificaciones de foto',
  blocks: 'bloqueos',
  reports_made: 'reportes que hiciste',
  consent: 'tu consentimiento',
} as const;

/** Parts of the export that describe it rather than hold a kind of her data, as she reads them. */
export const EXPORT_NOTE_NAMES = {
  exported_at: 'fecha de la exportación',
  payments_retention: 'por qué conservamos los pagos',
  invoices_retention: 'por qué conservamos las facturas',
  privacy_notice: 'aviso de privacidad',
} as const;

export const EXPORT_NOTES = Object.keys(EXPORT_NOTE_NAMES) as (keyof typeof EXPORT_NOTE_NAMES)[];

/** A coded field of a section: the Spanish name written beside it, and what each code means. */
export interface ExportCode {
  name: string;
  labels: Readonly<Record<string | number, string>>;
}

/**
 * The coded fields of the export (numbers and English words), read for her: the file she downloads
 * writes each one's meaning beside it, keeping the code for a program that reads the file.
 */
export const EXPORT_CODES: Partial<Record<keyof typeof EXPORT_SECTIONS, Record<string, ExportCode>>> = {
  profile: {
    gender: {
      name: 'género',
      labels: Object.fromEntries(GENDERS.map((gender) => [gender.id, gender.label])),
    },
    status_id: { name: 'estado de la cuenta', labels: { 1: 'Activa', 2: 'Desactivada', 3: 'Borrada' } },
  },
  advert: { status_id: { name: 'estado del anuncio', labels: { 1: 'Visible', 2: 'Oculto' } } },
  interests: { status_id: { name: 'estado', labels: INTEREST_LABELS } },
  interested_in_you: { status_id: { name: 'estado', labels: INTEREST_LABELS } },
  event_sign_ups: { status_id: { name: 'estado', labels: ASSISTANCE_STATUS_LABELS } },
  payments: { status: { name: 'estado', labels: PAYMENT_STATUS_LABELS } },
  picks: { pick: { name: 'elección', labels: { 0: 'No', 1: 'Sí' } } },
  photo_verifications: {
    status_id: {
      name: 'estado',
      labels: { 0: 'En lectura', 1: 'En revisión', 2: 'Verificada', 3: 'Rechazada' },
    },
  },
  reports_made: {
    reason: { name: 'motivo', labels: REPORT_REASON_LABELS },
    status_id: { name: 'estado', labels: { 1: 'Abierto', 2: 'Resuelto', 3: 'Descartado' } },
  },
};

/** 'perfil, anuncio, … y tu consentimiento'. */
export function exportContentsText(): string {
  const kinds = Object.values(EXPORT_SECTIONS);
  return `${kinds.slice(0, -1).join(', ')} y ${kinds.at(-1)}`;
}
