import { cityLabel } from '../../shared/domain/cities';

/** Minutes as people say them: '2 horas', '1 hora y 30 minutos', '45 minutos'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? '1 hora' : `${hours} horas`;
  const minuteText = rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (hours === 0) return minuteText;
  return rest === 0 ? hourText : `${hourText} y ${minuteText}`;
}

/** 'De 25 a 40 años', 'Desde 25 años', 'Hasta 40 años', or '' when the event has no band. */
export function formatAgeBand(ageMin: number | null, ageMax: number | null): string {
  if (ageMin !== null && ageMax !== null) return `De ${ageMin} a ${ageMax} años`;
  if (ageMin !== null) return `Desde ${ageMin} años`;
  if (ageMax !== null) return `Hasta ${ageMax} años`;
  return '';
}

/** 'Salón Luna · Guadalajara': what a card says about where the event is. */
export function formatPlace(venue: string, city: string): string {
  return [venue, cityLabel(city)].filter(Boolean).join(' · ');
}

/** An ordinary Google Maps search of venue, address and city: it opens the app on a phone. */
export function mapsUrl(place: { venue: string; address: string; city: string }): string {
  const query = [place.venue, place.address, cityLabel(place.city)].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
