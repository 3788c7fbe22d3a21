import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { LiveConnections } from './live-connections';

/** An instance unheard of for this many heartbeats is gone, and so are its members' connections. */
const HEARTBEATS_TO_EXPIRE = 3;

function expiredBefore(heartbeatMs: number, now = Date.now()): string {
  return new Date(now - HEARTBEATS_TO_EXPIRE * heartbeatMs).toISOString();
}

/**
 * Whether she has a live connection open on any instance that is still alive (docs/design/20-mensajes.md
 * "Away": then a push notification would be redundant). One indexed read; decision 0041.
 */
export async function isConnectedAnywhere(
  db: Kysely<Database>,
  clientId: number,
  heartbeatMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('live_presence')
    .innerJoin('live_instances', 'live_instances.id', 'live_presence.instance_id')
    .select('live_presence.client_id')
    .where('live_presence.client_id', '=', clientId)
    .where('live_instances.seen_at', '>', expiredBefore(heartbeatMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * This instance's share of the presence table: a row per member with a socket open here, written
 * only when her first socket opens or her last one closes (not per socket, not per message), and a
 * heartbeat row refreshed every `heartbeatMs`. Writes are batched and, when the database refuses
 * one, tried again at the next heartbeat; each heartbeat also clears what dead instances left.
 */
export class LivePresence {
  readonly instanceId = randomUUID();
  /** Members this instance has written as present. */
  private readonly written = new Set<number>();
  /** Members whose sockets here changed since the last write. */
  private readonly dirty = new Set<number>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly connections: LiveConnections,
    private readonly heartbeatMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Says this instance is alive before it serves any socket, then every heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beat().catch((error) => this.log.warn({ err: error }, 'live presence: heartbeat failed'));
    }, this.heartbeatMs).unref();
  }

  /** Leaves the table: this instance's rows go now rather than when its heartbeat expires. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.flushing;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('live_presence').where('instance_id', '=', this.instanceId).execute();
      await trx.deleteFrom('live_instances').where('id', '=', this.instanceId).execute();
    });
  }

  /** After one of her sockets here opened or closed. */
  changed(clientId: number): void {
    if (this.stopped) return;
    this.dirty.add(clientId);
    this.flush();
  }

  /** Resolves once every change so far is written (or has failed and waits for the heartbeat). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async beat(): Promise<void> {
    const now = new Date();
    const seen = await this.db
      .updateTable('live_instances')
      .set({ seen_at: now.toISOString() })
      .where('id', '=', this.instanceId)
      .executeTakeFirst();
    if (Number(seen.numUpdatedRows) === 0) {
      // First beat, or this instance was silent long enough for another to clear its rows: all
      // of its members are written again.
      await this.db
        .insertInto('live_instances')
        .values({ id: this.instanceId, seen_at: now.toISOString() })
        .execute();
      this.written.clear();
      for (const id of this.connections.members()) this.dirty.add(id);
    }
    const gone = this.db
      .selectFrom('live_instances')
      .select('id')
      .where('seen_at', '<=', expiredBefore(this.heartbeatMs, now.getTime()));
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('live_presence').where('instance_id', 'in', gone).execute();
      await trx
        .deleteFrom('live_instances')
        .where('seen_at', '<=', expiredBefore(this.heartbeatMs, now.getTime()))
        .execute();
    });
    this.flush();
  }

  private flush(): void {
    if (this.flushing || this.stopped) return;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
  }

  private async write(): Promise<void> {
    while (this.dirty.size > 0 && !this.stopped) {
      const batch = [...this.dirty];
      this.dirty.clear();
      const arrived = batch.filter((id) => this.connections.count(id) > 0 && !this.written.has(id));
      const left = batch.filter((id) => this.connections.count(id) === 0 && this.written.has(id));
      try {
        if (arrived.length > 0) {
          await this.db
            .insertInto('live_presence')
            .values(arrived.map((clientId) => ({ instance_id: this.instanceId, client_id: clientId })))
            .onConflict((oc) => oc.columns(['instance_id', 'client_id']).doNothing())
            .execute();
          for (const id of arrived) this.written.add(id);
        }
        if (left.length > 0) {
          await this.db
            .deleteFrom('live_presence')
            .where('instance_id', '=', this.instanceId)
            .where('client_id', 'in', left)
            .execute();
          for (const id of left) this.written.delete(id);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'live presence: not written, the next heartbeat tries again');
        for (const id of batch) this.dirty.add(id);
        return;
      }
    }
  }
}
