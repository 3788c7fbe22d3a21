import { useEffect, useState } from 'react';
import {
  COUNTER_KEYS,
  COUNTER_LABELS,
  COUNTER_STEP_MS,
  type CounterKey,
  counterValue,
  randomCounterStart,
} from '../../../shared/domain/landing';

const figures = new Intl.NumberFormat('es-MX');

/**
 * The four animated counters of specification §9. Each figure is worked out from the time since
 * the page opened, so a throttled background tab still shows the right number when it returns.
 */
export function CommunityCounters({ targets }: { targets: Record<CounterKey, number> }) {
  // The server and the first (hydrating) render show the final figures, which also reserves
  // their width; the climb from a random start begins once the page runs in the browser.
  const [starts, setStarts] = useState<Record<CounterKey, number> | null>(null);
  const [openedAt, setOpenedAt] = useState(0);
  const [now, setNow] = useState(0);
  const value = (key: CounterKey) =>
    starts ? counterValue(starts[key], targets[key], now - openedAt) : targets[key];
  const finished = starts !== null && COUNTER_KEYS.every((key) => value(key) === targets[key]);

  useEffect(() => {
    const opened = Date.now();
    setStarts({
      people: randomCounterStart(),
      dates: randomCounterStart(),
      meets: randomCounterStart(),
      matches: randomCounterStart(),
    });
    setOpenedAt(opened);
    setNow(opened);
  }, []);

  useEffect(() => {
    if (starts === null || finished) return;
    const timer = window.setInterval(() => setNow(Date.now()), COUNTER_STEP_MS);
    return () => window.clearInterval(timer);
  }, [starts, finished]);

  return (
    <section aria-labelledby="community-title" className="bg-accent text-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="community-title" className="text-center text-2xl font-bold md:text-3xl">
          Una comunidad que crece cada día
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-6 text-center md:grid-cols-4">
          {COUNTER_KEYS.map((key) => (
            <li key={key} className="flex flex-col gap-1">
              <span className="text-3xl font-black tabular-nums md:text-4xl">
                {figures.format(value(key))}
              </span>
              <span className="text-sm text-white/85">{COUNTER_LABELS[key]}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
