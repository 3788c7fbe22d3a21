import type { VerificationStartAnswer } from '../../../src/shared/contracts/verification';
import type { Agent } from '../../support/test-app';

/** Starts a challenge with her consent; fails the test when refused. */
export async function startChallenge(agent: Agent): Promise<VerificationStartAnswer> {
  const response = await agent.post<VerificationStartAnswer>('client/verification/start', { consent: true });
  if (response.statusCode !== 200) throw new Error(`start refused: ${response.body.message}`);
  return response.body;
}
