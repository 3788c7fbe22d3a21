/**
 * Search ignores case and accents on both databases (docs/design/14-back-office.md): the text is folded here, in
 * one place, both when a row is written (into its `search_text` column) and for what the admin
 * types, so SQLite and PostgreSQL compare plain lower-case ASCII with the same `like`.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Only the digits of a phone number: '55 1234-5678' and '5512345678' are found alike. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** What a client's row is found by: name, e-mail and phone (also as bare digits). */
export function clientSearchText(client: {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}): string {
  const digits = phoneDigits(client.phone);
  return foldForSearch(
    [client.first_name, client.last_name, client.email, client.phone, digits].filter(Boolean).join(' '),
  );
}

function foldedSearch(search: string): string {
  return /^[\d\s()+.-]+$/.test(search) && /\d/.test(search) ? phoneDigits(search) : foldForSearch(search);
}

function containsPattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The `like` pattern for a typed search: folded, wildcards escaped, a phone typed with spaces as digits. */
export function searchPattern(search: string): string {
  return containsPattern(foldedSearch(search));
}

/**
 * For an e-mail address typed whole or in part ('ana.ruiz@gma…'), the pattern of what comes before
 * the domain: a domain's letters (gmail.com, hotmail.com) are in most rows, so a trigram index reads
 * most of itself for them; the part before '@' narrows the rows first. Null when there is no such part.
 */
export function localPartPattern(search: string): string | null {
  const folded = foldedSearch(search);
  const at = folded.indexOf('@');
  // Three characters make one trigram: fewer cannot use the index at all.
  if (at < 3 || at === folded.length - 1) return null;
  return containsPattern(folded.slice(0, at + 1));
}
