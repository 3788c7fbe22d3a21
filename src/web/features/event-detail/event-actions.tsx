import { useSessionHint } from '../../api/session-hint';
import { MemberActions } from './member-actions';
import type { EventActionFacts } from './sign-up-choice';
import { VisitorActions } from './visitor-actions';

/**
 * Below an event's prices: how to sign up, or the member's place. The server renders the visitor's
 * version for everyone; on its page the islands script picks the member's by the session hint.
 */
export function EventActions({ event }: { event: EventActionFacts }) {
  const clientId = useSessionHint('client');
  return clientId === null ? <VisitorActions event={event} /> : <MemberActions event={event} />;
}
