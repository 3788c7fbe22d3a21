import type { SharedContact } from '../../../shared/contracts/interests';
import { whatsappLink } from '../../../shared/domain/whatsapp';

/** Nothing of the other's contact until both shared it in a conversation still open. */
const NO_CONTACT: SharedContact = { phone: '', instagram: '', whatsapp: null };

/** The other's contact as the viewer may see it: all of it once both shared, nothing before. */
export function contactSeen(bothShared: boolean, other: { phone: string; instagram: string }): SharedContact {
  if (!bothShared) return NO_CONTACT;
  return { phone: other.phone, instagram: other.instagram, whatsapp: whatsappLink(other.phone) };
}
