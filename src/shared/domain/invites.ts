/**
 * Bring someone (docs/design/25-organizers.md, decision 0053): the link a member shares is the sign-up page with
 * her token in the query (a query string never reaches the server's logs), e.g.
 * https://cita.mx/registrarse?invita=Xq3…
 */
export const INVITE_QUERY = 'invita';

/** A token as the server makes it: 16 random bytes in base64url. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function inviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}/registrarse?${INVITE_QUERY}=${token}`;
}

/** Where an earned code stands for her: still to use, held by or paid with a place, or past its last day. */
export const EARNED_CODE_STATES = ['available', 'used', 'expired'] as const;
export type EarnedCodeState = (typeof EARNED_CODE_STATES)[number];

export const EARNED_CODE_STATE_LABELS: Record<EarnedCodeState, string> = {
  available: 'Disponible',
  used: 'Usado',
  expired: 'Vencido',
};

/** Days an earned code may be set to last. */
export const INVITE_REWARD_MAX_DAYS = 365;
