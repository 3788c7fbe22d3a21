import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { INVITE_QUERY } from '../../../shared/domain/invites';

/** Kept for this tab only: she may go to /ingresar and back, or read the privacy notice, before signing up. */
const KEPT = 'cita-invita';

function kept(): string | null {
  try {
    return window.sessionStorage.getItem(KEPT);
  } catch {
    return null;
  }
}

/**
 * The invite token a visitor arrived with (/registrarse?invita=…, docs/design/25-organizers.md), to send with her
 * sign-up; the server checks it. Nothing for a member already logged in: a link changes nothing
 * for her.
 */
export function useInviteFromLink(visitor: boolean): string | null {
  const [params] = useSearchParams();
  const fromLink = params.get(INVITE_QUERY);
  useEffect(() => {
    if (!visitor || !fromLink) return;
    try {
      window.sessionStorage.setItem(KEPT, fromLink);
    } catch {
      // Storage refused (a private window): the link's own query still carries it on this page.
    }
  }, [visitor, fromLink]);
  return visitor ? (fromLink ?? kept()) : null;
}

/** Once her account exists, the invitation has done its work. */
export function forgetInvite(): void {
  try {
    window.sessionStorage.removeItem(KEPT);
  } catch {
    // Nothing was kept.
  }
}
