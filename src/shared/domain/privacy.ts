/**
 * The date line of the privacy notice (/aviso-privacidad). A member's consent stores it, so
 * change it whenever the notice changes in substance.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';
