import type { Metric, Registry } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  labels: { route: string; method: string; status: number };
  /** Observations at or under each bucket's bound, not yet summed up (the text format wants sums). */
  inBucket: number[];
  sum: number;
  count: number;
}

/**
 * `cita_http_request_duration_seconds`, a Prometheus histogram by route pattern, method and status,
 * kept without prom-client's per-observation work (labels validated and hashed each time): it runs
 * on every request, and was the largest share of the app's own time on a cached list call
 * (decision 0054). Scraped through the same registry, in the same format as prom-client's own.
 */
export class RequestDurations {
  readonly name = 'cita_http_request_duration_seconds';
  readonly help = 'Tiempo de respuesta por ruta (patrón), método y estado';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    registry.registerMetric(this as unknown as Metric);
  }

  observe(route: string | undefined, method: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { route: route ?? 'sin ruta', method, status },
        inBucket: BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) series.inBucket[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  reset(): void {
    this.series.clear();
  }

  async get() {
    const name = this.name;
    const values = [...this.series.values()].flatMap(({ labels, inBucket, sum, count }) => {
      let cumulative = 0;
      return [
        ...BUCKETS.map((bound, index) => {
          cumulative += inBucket[index]!;
          return {
            labels: { le: bound },
            sharedLabels: labels,
            value: cumulative,
            metricName: `${name}_bucket`,
          };
        }),
        { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${name}_bucket` },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` },
      ];
    });
    return { name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
