import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/database';
import type { LiveBus, LiveNotice, LiveNoticeListener } from './live-bus';

/** The one channel every instance listens on (docs/decisions/0037-live-delivery.md). */
export const LIVE_CHANNEL = 'cita_live';

/** NOTIFY refuses a payload of 8 000 bytes or more; a notice naming many members is split below it. */
const PAYLOAD_LIMIT_BYTES = 7_900;

export interface PostgresLiveBusOptions {
  databaseUrl: string;
  /** The app's pool: publishing is one short statement, outside the writer's transaction. */
  db: DB;
  /** Warnings for the operator (Spanish, like the other PostgreSQL ones). */
  log: (message: string) => void;
  /** Waits between attempts to listen again: doubling from `first` up to `max`. */
  retryMs?: { first: number; max: number };
}

/** host:port of the database, for log lines (never the password). */
function target(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
}

function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/** The notice as one or more payloads under the limit, splitting its list of members. */
function payloads(notice: LiveNotice): string[] {
  const payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) < PAYLOAD_LIMIT_BYTES || notice.to.length < 2) return [payload];
  const half = Math.ceil(notice.to.length / 2);
  return [
    ...payloads({ ...notice, to: notice.to.slice(0, half) }),
    ...payloads({ ...notice, to: notice.to.slice(half) }),
  ];
}

/**
 * Several instances on one PostgreSQL (docs/design/20-mensajes.md): a notice goes out with pg_notify on the
 * app's pool and comes back to every instance, this one included, through one dedicated
 * connection per instance that LISTENs. When that connection drops, the bus listens again with
 * back-off; what was published meanwhile is lost (NOTIFY is not durable) and the clients catch up
 * by id when their own connection is replaced.
 */
export class PostgresLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | undefined;
  private pid: number | undefined;
  private closed = false;
  /** The attempt to listen under way (it never throws): close() lets it finish, then ends its connection. */
  private attempt: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private nextWaitMs: number;
  /** The listening connection was lost since it last listened: notices may have gone by unheard. */
  private gap = false;
  private readonly retry: { first: number; max: number };

  constructor(private readonly options: PostgresLiveBusOptions) {
    this.retry = options.retryMs ?? { first: 250, max: 10_000 };
    this.nextWaitMs = this.retry.first;
  }

  /** The backend process of the listening connection, while there is one. */
  get listenerPid(): number | undefined {
    return this.pid;
  }

  /** Resolves once the first attempt to listen is over, whether it worked or will be retried. */
  async start(): Promise<void> {
    this.attempt = this.listen();
    await this.attempt;
  }

  async publish(notice: LiveNotice): Promise<void> {
    for (const payload of payloads(notice)) {
      await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(this.options.db);
    }
  }

  subscribe(listener: LiveNoticeListener): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }

  onResumed(listener: () => void): () => void {
    this.emitter.on('resumed', listener);
    return () => this.emitter.off('resumed', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.emitter.removeAllListeners();
    // Ending a connection while it connects can leave both waiting: let the attempt end first.
    await this.attempt;
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'cita-live',
      keepAlive: true,
      connectionTimeoutMillis: 3_000,
    });
    client.on('notification', (notification) => {
      if (notification.channel !== LIVE_CHANNEL || !notification.payload) return;
      this.deliver(notification.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('la conexión se cerró')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (this.closed || this.client !== client) return;
      this.pid = rows[0]!.pid;
      this.nextWaitMs = this.retry.first;
      if (this.gap) {
        this.gap = false;
        this.emitter.emit('resumed');
      }
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The listening connection failed or ended: once per connection, listen again after a wait. */
  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.pid = undefined;
    this.gap = true;
    client.end().catch(() => undefined);
    const wait = this.nextWaitMs;
    this.nextWaitMs = Math.min(this.retry.max, wait * 2);
    this.options.log(
      `se perdió la conexión de avisos en vivo con PostgreSQL en ${target(this.options.databaseUrl)} (${reasonOf(error)}); nuevo intento en ${(wait / 1000).toLocaleString('es-MX')} s`,
    );
    this.retryTimer = setTimeout(() => {
      this.attempt = this.listen();
    }, wait);
  }

  private deliver(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      this.options.log(`aviso en vivo ilegible en el canal ${LIVE_CHANNEL}; se ignora`);
      return;
    }
    this.emitter.emit('notice', notice);
  }
}
