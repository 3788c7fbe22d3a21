import { useNavigate } from 'react-router';
import { useLoginLink } from '../auth/login-return';
import { EventPrices } from './event-prices';
import { type EventActionFacts, ParticipateButton, SignUpChoice } from './sign-up-choice';

/** A visitor signs up by logging in first and coming back (specification §5). */
export function VisitorActions({ event }: { event: EventActionFacts }) {
  const navigate = useNavigate();
  const loginLink = useLoginLink();
  return (
    <>
      <EventPrices event={event} />
      <SignUpChoice
        event={event}
        participate={(label) => (
          <ParticipateButton label={label} onPress={() => navigate(loginLink('evento'))} />
        )}
      />
    </>
  );
}
