import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { latestVerified } from '../backups/backup-records';
import type { DB } from '../db/database';
import type { JobQueue } from '../queue/queue';
import type { WarningSource } from './readiness';
import { RequestDurations } from './request-durations';

/** Node's own figures (memory, event loop, GC): one set per process, however many apps it builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This instance's figures for `/metrics` (docs/design/23-online.md), in Prometheus' text format. Counters
 * move where the thing happens (an e-mail sent, a payment applied); the queue's figures are read
 * from the jobs table when scraped, so nothing is counted on the request path but one
 * histogram observation per answer.
 */
export class AppMetrics {
  readonly registry = new Registry();

  /** Seconds per answer, by route pattern (never the raw address with its ids), method and status. */
  readonly requestDuration = new RequestDurations(this.registry);

  readonly mails = new Counter({
    name: 'cita_mails_total',
    help: 'Correos que esta instancia intentó entregar, por resultado (sent, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly pushes = new Counter({
    name: 'cita_pushes_total',
    help: 'Avisos push que esta instancia intentó entregar, por resultado (sent, failed, gone: suscripción muerta)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly payments = new Counter({
    name: 'cita_payments_total',
    help: 'Resultados de pago aplicados por esta instancia (paid, awaiting, failed, open, refunded)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Kept public answers sent before Fastify saw the request (decision 0056). */
  readonly frontAnswers = new Counter({
    name: 'cita_front_answers_total',
    help: 'Respuestas públicas guardadas que esta instancia envió antes del enrutador (decisión 0056)',
    registers: [this.registry],
  });

  readonly liveConnections = new Gauge({
    name: 'cita_live_connections',
    help: 'Conexiones en vivo (mensajes) abiertas en esta instancia',
    registers: [this.registry],
  });

  /** `backupWarnings` is null while backups are off. */
  constructor(db: DB, queue: JobQueue, options: { backupWarnings: WarningSource | null }) {
    const kindsAtZero = (gauge: Gauge<'kind'>) => {
      gauge.reset();
      for (const kind of queue.kinds()) gauge.set({ kind }, 0);
    };
    new Gauge({
      name: 'cita_jobs_waiting',
      help: 'Trabajos cuyo momento llegó y esperan a una instancia, por tipo',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await dueJobs(db);
        kindsAtZero(this);
        for (const row of rows) this.set({ kind: row.kind }, Number(row.waiting));
      },
    });
    new Gauge({
      name: 'cita_jobs_oldest_waiting_seconds',
      help: 'Cuánto lleva esperando el trabajo más antiguo cuyo momento llegó, por tipo',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await dueJobs(db);
        kindsAtZero(this);
        const now = Date.now();
        for (const row of rows) {
          this.set({ kind: row.kind }, Math.max(0, (now - Date.parse(row.oldest)) / 1000));
        }
      },
    });
    new Gauge({
      name: 'cita_jobs_failed',
      help: 'Trabajos que se rindieron (state = failed) y siguen en la tabla, por tipo',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await db
          .selectFrom('jobs')
          .select(['kind', (eb) => eb.fn.countAll<number | string>().as('failed')])
          .where('state', '=', 'failed')
          .groupBy('kind')
          .execute();
        kindsAtZero(this);
        for (const row of rows) this.set({ kind: row.kind }, Number(row.failed));
      },
    });
    // The last verified snapshot (docs/design/24-backups.md), labelled with its kind (nightly, manual,
    // before-upgrade): absent until there is one, so an alert on a missing series fires for a
    // site that never made one (an unlabelled gauge would say 0).
    const { backupWarnings } = options;
    if (backupWarnings) {
      new Gauge({
        name: 'cita_backup_warning',
        help: 'Aviso de respaldos por parte (1: algo falla; el motivo, en /readyz y cita doctor)',
        labelNames: ['part'] as const,
        registers: [this.registry],
        async collect() {
          const parts = await backupWarnings();
          this.reset();
          for (const part of parts) this.set({ part: part.name }, part.warning === null ? 0 : 1);
        },
      });
      new Gauge({
        name: 'cita_backup_age_seconds',
        help: 'Cuánto hace que se hizo el último respaldo verificado',
        labelNames: ['kind'] as const,
        registers: [this.registry],
        async collect() {
          const last = await latestVerified(db);
          this.reset();
          if (last)
            this.set({ kind: last.kind }, Math.max(0, (Date.now() - Date.parse(last.startedAt)) / 1000));
        },
      });
      new Gauge({
        name: 'cita_backup_size_bytes',
        help: 'Tamaño del último respaldo verificado (cifrado)',
        labelNames: ['kind'] as const,
        registers: [this.registry],
        async collect() {
          const last = await latestVerified(db);
          this.reset();
          if (last) this.set({ kind: last.kind }, last.sizeBytes);
        },
      });
    }
  }

  readonly contentType = this.registry.contentType;

  /** The scrape: this app's figures, then the process'. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }
}

function dueJobs(db: DB) {
  return db
    .selectFrom('jobs')
    .select([
      'kind',
      (eb) => eb.fn.countAll<number | string>().as('waiting'),
      (eb) => eb.fn.min('run_at').as('oldest'),
    ])
    .where('state', '=', 'pending')
    .where('run_at', '<=', new Date().toISOString())
    .groupBy('kind')
    .execute();
}
