import { useCallback, useEffect, useState } from 'react';

/**
 * A round's countdown: measured against the clock (not by counting ticks) so a busy laptop or a
 * phone that sleeps a moment does not make the round longer.
 */
export function useCountdown(totalSeconds: number) {
  const [remainingMs, setRemainingMs] = useState(totalSeconds * 1000);
  const [endsAt, setEndsAt] = useState<number | null>(null);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, endsAt - Date.now());
      setRemainingMs(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const from = remainingMs === 0 ? totalSeconds * 1000 : remainingMs;
    setRemainingMs(from);
    setEndsAt(Date.now() + from);
  }, [remainingMs, totalSeconds]);
  const pause = useCallback(() => setEndsAt(null), []);
  const reset = useCallback(() => {
    setEndsAt(null);
    setRemainingMs(totalSeconds * 1000);
  }, [totalSeconds]);

  return { remainingSeconds: Math.ceil(remainingMs / 1000), running: endsAt !== null, start, pause, reset };
}

/** Seconds as 'm:ss'. */
export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
