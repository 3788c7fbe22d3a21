import { findNumbers } from 'libphonenumber-js/max';
import LinkifyIt from 'linkify-it';
import topLevelDomains from 'tlds';

/**
 * Contact details in a message, hidden from its recipient until she has replied at least once
 * (docs/design/20-mensajes.md): a first message cannot hand out a phone number, an e-mail address or a link.
 * Found by maintained libraries, not by our own patterns (decision 0043): linkify-it for links
 * and e-mail addresses (with or without a scheme, bare domains such as "instagram.com/lucia" or
 * "kevin.store/fotos" at any top-level domain of IANA's list, docs/design/26-contact.md),
 * libphonenumber-js for phone numbers (Mexico by default, however spaced or punctuated, and
 * numbers of other countries written with their +code).
 */

export const MASKED_PHONE = '[número oculto]';
export const MASKED_EMAIL = '[correo oculto]';
export const MASKED_LINK = '[enlace oculto]';

/** Every top-level domain IANA delegates (the `tlds` package follows its list), not only the old common ones. */
const linkify = new LinkifyIt().tlds(topLevelDomains, true);

/**
 * Mexico's mobile "1" after +52 (and in wa.me links) was dropped in 2019 and the library no
 * longer knows it, but people still write "+52 1 55 …": it is blanked, keeping every position,
 * in the copy the phone search reads.
 */
const OLD_MOBILE_PREFIX = /(?<![\d+])(\+?52[\s.-]*)1(?=[\s.()-]*\d)/g;

interface Found {
  start: number;
  end: number;
  mask: string;
}

function linksIn(text: string): Found[] {
  return (linkify.match(text) ?? []).map((link) => ({
    start: link.index,
    end: link.lastIndex,
    mask: link.schema === 'mailto:' ? MASKED_EMAIL : MASKED_LINK,
  }));
}

function phonesIn(text: string): Found[] {
  const searched = text.replace(OLD_MOBILE_PREFIX, '$1 ');
  return findNumbers(searched, { defaultCountry: 'MX', v2: true }).map((phone) => ({
    start: phone.startsAt,
    end: phone.endsAt,
    mask: MASKED_PHONE,
  }));
}

export function maskContacts(text: string): string {
  const links = linksIn(text);
  // A number inside a link (wa.me/52…) goes with the link.
  const phones = phonesIn(text).filter(
    (phone) => !links.some((link) => phone.start < link.end && link.start < phone.end),
  );
  let masked = '';
  let from = 0;
  for (const found of [...links, ...phones].sort((a, b) => a.start - b.start)) {
    masked += text.slice(from, found.start) + found.mask;
    from = found.end;
  }
  return masked + text.slice(from);
}
