import { PUSH_OFFER_KEY as OFFER_KEY } from './offer-key';
import { pushSupport } from './this-device';

/**
 * When "¿Te avisamos?" is offered: right after an action that earns it (a sign-up, a first match),
 * on the page she lands on, once per device. Small on purpose: the event page's island loads it.
 */

/** She answered the offer on this device (either way): it is not made again here. */
const ANSWERED_KEY = 'cita:avisos-ofrecidos';

export type PushOfferReason = 'sign-up' | 'match';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called right after the action: the page she lands on offers notifications. */
export function earnPushOffer(reason: PushOfferReason): void {
  if (pushSupport() !== 'supported' || Notification.permission !== 'default') return;
  if (storage('local')?.getItem(ANSWERED_KEY)) return;
  storage('session')?.setItem(OFFER_KEY, reason);
}

/** The offer earned, if any; taken, so a reload does not show it again. */
export function takePushOffer(): PushOfferReason | null {
  const reason = storage('session')?.getItem(OFFER_KEY);
  storage('session')?.removeItem(OFFER_KEY);
  return reason === 'sign-up' || reason === 'match' ? reason : null;
}

export function markOfferAnswered(): void {
  storage('local')?.setItem(ANSWERED_KEY, new Date().toISOString());
}
