import { foldForSearch } from './search-text';

/**
 * A message that opens with its own greeting gets none from us: «Hola Javier:» above «Hola, …»
 * reads as a double greeting (issue 55). Her name is then only in the organizer's own words.
 */
export function opensWithGreeting(text: string): boolean {
  return /^(hola|buen[oa]s|querid[oa]s?|saludos)\b/.test(foldForSearch(text.trim()));
}

/**
 * The e-mail of an organizer's message, line by line: built by this one function for the sending
 * and for the form's preview, so the preview is the e-mail.
 */
export function organizerMailText({
  firstName,
  text,
  link,
  unsubscribe,
}: {
  firstName: string;
  text: string;
  link: string;
  /** News only: her page to stop them. */
  unsubscribe: string | null;
}): string {
  const greeting = opensWithGreeting(text) ? [] : [`Hola ${firstName}:`, ''];
  const lines = [...greeting, text, '', link, '', 'Cita'];
  if (unsubscribe !== null) {
    lines.push('', `¿Ya no quieres recibir novedades de eventos? Date de baja aquí: ${unsubscribe}`);
  }
  return lines.join('\n');
}
