import type { Conversation } from '../../../shared/contracts/messages';

/** The other shared their contact and she has not: one tap of hers shows both (docs/design/26-contact.md). */
export function waitsForMyContact(conversation: Conversation): boolean {
  return conversation.shared_by_other && !conversation.shared_by_me;
}
