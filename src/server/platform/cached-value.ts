/**
 * One value that is costly to compute (a whole-site statistic), recomputed at most once per
 * `maxAgeMs`. Past that age the last value is still answered while one recomputation runs in the
 * background, so a reader waits only for the very first computation; the value is never older
 * than `maxAgeMs` plus one computation's time. `maxAgeMs` 0 computes on every read.
 */
export class CachedValue<T> {
  private last: { value: T; computedAt: Date } | undefined;
  private running: Promise<{ value: T; computedAt: Date }> | undefined;

  constructor(
    private readonly maxAgeMs: number,
    private readonly compute: () => Promise<T>,
    private readonly onBackgroundError: (error: unknown) => void,
  ) {}

  async get(now = Date.now()): Promise<{ value: T; computedAt: Date }> {
    if (this.maxAgeMs <= 0) return { value: await this.compute(), computedAt: new Date() };
    if (this.last && now - this.last.computedAt.getTime() < this.maxAgeMs) return this.last;
    const refresh = this.refresh();
    if (!this.last) return refresh;
    refresh.catch(this.onBackgroundError);
    return this.last;
  }

  private refresh(): Promise<{ value: T; computedAt: Date }> {
    this.running ??= (async () => {
      const computedAt = new Date();
      try {
        this.last = { value: await this.compute(), computedAt };
        return this.last;
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }
}
