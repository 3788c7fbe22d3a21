import { CATEGORY_IDS, CATEGORY_TITLES, type CategoryId } from './categories';

/** What a service card shows; kept apart from the long descriptions so the landing page stays light. */
export interface ServiceSummary {
  id: CategoryId;
  title: string;
  subtitle: string;
}

const SUBTITLES: Record<CategoryId, string> = {
  'match-making': 'Una casamentera profesional busca por ti a alguien compatible.',
  'speed-dating': 'Muchas citas cortas en una sola noche, sin presión.',
  networking: 'Conoce gente con tu mismo ritmo de vida profesional.',
  'encuentra-tribu': 'Actividades al aire libre y talleres para solteros con tus mismos gustos.',
  'elite-experience': 'Experiencias exclusivas para un grupo reducido y seleccionado.',
  'blind-date': 'Una cena con alguien compatible contigo, sin ver su foto antes.',
  party: 'Fiestas temáticas para solteros: baile, música y buena vibra.',
};

/** The seven services, in the order of the event categories. */
export const SERVICE_SUMMARIES: ServiceSummary[] = CATEGORY_IDS.map((id) => ({
  id,
  title: CATEGORY_TITLES[id],
  subtitle: SUBTITLES[id],
}));
