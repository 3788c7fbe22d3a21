/**
 * The Stripe API version every request names, pinned so that Stripe's objects keep the shape the
 * payments domain and the built-in test provider were written for (docs/decisions/0029): the one
 * contract the two servers share.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';
