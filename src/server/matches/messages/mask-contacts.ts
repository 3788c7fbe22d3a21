/**
 * Contact details in a message, hidden from its recipient until she has replied at least once
 * (design.md §20): a first message cannot hand out a phone number, an e-mail address or a link.
 * Small patterns, not a full parser: e-mail addresses, links (with a scheme, "www." or a common
 * top-level domain) and phone numbers (ten or more digits, however spaced or punctuated).
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const LINK =
  /(?:https?:\/\/|www\.)[^\s]+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|mx|net|org|io|me|co|app|info|ly|gl|to|link|site|online|xyz|lat)\b(?:\/[^\s]*)?/giu;
const PHONE_LIKE = /\+?\d[\d\s().-]{7,}\d/g;
const PHONE_MIN_DIGITS = 10;

export const MASKED_PHONE = '[número oculto]';
export const MASKED_EMAIL = '[correo oculto]';
export const MASKED_LINK = '[enlace oculto]';

export function maskContacts(text: string): string {
  return text
    .replace(EMAIL, MASKED_EMAIL)
    .replace(LINK, MASKED_LINK)
    .replace(PHONE_LIKE, (match) =>
      (match.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS ? MASKED_PHONE : match,
    );
}
