/** The landing page's animated counters (specification §9). */
export const COUNTER_START_MIN = 100;
export const COUNTER_START_MAX = 150;
export const COUNTER_STEP_MS = 250;

export const COUNTER_CAPS = { people: 5000, dates: 200, meets: 20000, matches: 3000 } as const;

export type CounterKey = keyof typeof COUNTER_CAPS;

export const COUNTER_KEYS = ['people', 'dates', 'meets', 'matches'] as const satisfies readonly CounterKey[];

export const COUNTER_LABELS: Record<CounterKey, string> = {
  people: 'personas registradas',
  dates: 'citas y eventos realizados',
  meets: 'interacciones',
  matches: 'match ups',
};

/** The landing carousel moves every 4 s, and only while the page is scrolled less than 100 px. */
export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_MAX_SCROLL_PX = 100;

/** A counter's first figure: a whole number between 100 and 150, both included. */
export function randomCounterStart(random: () => number = Math.random): number {
  return COUNTER_START_MIN + Math.floor(random() * (COUNTER_START_MAX - COUNTER_START_MIN + 1));
}

/** The figure a counter shows after `elapsedMs`: one more every 250 ms, never past its target. */
export function counterValue(start: number, target: number, elapsedMs: number): number {
  return Math.min(target, start + Math.floor(Math.max(0, elapsedMs) / COUNTER_STEP_MS));
}
