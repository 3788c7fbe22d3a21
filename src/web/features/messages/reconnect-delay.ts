/**
 * How long the live channel waits before its next try: doubling from half a second up to 30 s,
 * each wait drawn between half and all of it, so a thousand phones dropped by the same restart do
 * not all knock again in the same instant.
 */
export const RECONNECT_FIRST_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 30_000;

export function reconnectDelay(failedTries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** Math.max(0, failedTries));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
