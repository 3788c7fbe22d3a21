import { describe, expect, it } from 'vitest';
import { spreadGuessingDelayMs } from '../../src/server/accounts/login-throttle';

describe('the delay of log-ins for an e-mail guessed from many addresses', () => {
  it('does not slow the first ten attempts of a minute', () => {
    for (const attempts of [0, 1, 10]) expect(spreadGuessingDelayMs(attempts, 10)).toBe(0);
  });

  it('grows by 250 ms with every attempt past the budget', () => {
    expect(spreadGuessingDelayMs(11, 10)).toBe(250);
    expect(spreadGuessingDelayMs(12, 10)).toBe(500);
    expect(spreadGuessingDelayMs(20, 10)).toBe(2_500);
  });

  it('never waits more than three seconds', () => {
    expect(spreadGuessingDelayMs(22, 10)).toBe(3_000);
    expect(spreadGuessingDelayMs(100_000, 10)).toBe(3_000);
  });
});
