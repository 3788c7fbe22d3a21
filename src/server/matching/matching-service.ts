import { ageOn, type CompatibilityPair, type ScoringClient } from '../../shared/domain/compatibility';
import type { GenderId } from '../../shared/domain/genders';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';

import { CompatibilityEngine } from './engine';

type Executor = Pick<DB, 'insertInto'>;

/** Records that a client's pairs may have moved; call it in the transaction that changes them. */
export async function recordScoringChange(db: Executor, clientId: number): Promise<void> {
  await db
    .insertInto('scoring_changes')
    .values({ client_id: clientId, created_at: new Date().toISOString() })
    .execute();
}

/**
 * Keeps this instance's CompatibilityEngine in step with the database: a full load on first use
 * and whenever the day changes in Mexico City (ages move), otherwise only the clients named in
 * scoring_changes since the last look. Requests share one refresh at a time.
 */
export class MatchingService {
  private engine = new CompatibilityEngine();
  private loadedDay: string | null = null;
  private lastChangeId = 0;
  /**
   * Ids below lastChangeId not seen yet, with when they were first missed. On PostgreSQL a
   * transaction can commit its change after a later id is visible; a gap older than a minute is
   * taken for a rolled-back insert.
   */
  private gaps = new Map<number, number>();
  private refreshing: Promise<void> | null = null;

  constructor(private readonly db: DB) {}

  async page(options: { offset: number; limit: number; clientIds?: number[] }): Promise<{
    total: number;
    pairs: CompatibilityPair[];
  }> {
    await this.refresh();
    return this.engine.page(options);
  }

  /** How many pairs (score 2 and more) one client has. */
  async pairTotalOf(clientId: number): Promise<number> {
    await this.refresh();
    return this.engine.pairTotalOf(clientId);
  }

  async refresh(): Promise<void> {
    this.refreshing ??= this.catchUp().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async catchUp(): Promise<void> {
    const today = dayInMexicoCity();
    if (this.loadedDay !== today) {
      const latest = await this.db
        .selectFrom('scoring_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const clients = await this.loadClients();
      this.engine.load(clients);
      this.loadedDay = today;
      this.lastChangeId = Number(latest?.id ?? 0);
      return;
    }
    const gapIds = [...this.gaps.keys()];
    const changes = await this.db
      .selectFrom('scoring_changes')
      .select(['id', 'client_id'])
      .where((eb) =>
        gapIds.length > 0
          ? eb.or([eb('id', '>', this.lastChangeId), eb('id', 'in', gapIds)])
          : eb('id', '>', this.lastChangeId),
      )
      .orderBy('id')
      .execute();
    this.trackGaps(changes.map((change) => change.id));
    if (changes.length === 0) return;
    const changed = [...new Set(changes.map((change) => change.client_id))];
    const current = new Map((await this.loadClients(changed)).map((client) => [client.id, client]));
    for (const clientId of changed) {
      const client = current.get(clientId);
      if (client) this.engine.upsert(client);
      else this.engine.remove(clientId);
    }
  }

  private trackGaps(seenIds: number[]): void {
    const now = Date.now();
    for (const id of seenIds) this.gaps.delete(id);
    for (const [id, missedAt] of this.gaps) if (now - missedAt > 60_000) this.gaps.delete(id);
    let expected = this.lastChangeId + 1;
    for (const id of seenIds) {
      if (id < expected) continue;
      for (let missing = expected; missing < id; missing++) this.gaps.set(missing, now);
      expected = id + 1;
    }
    this.lastChangeId = Math.max(this.lastChangeId, expected - 1);
  }

  /** Active clients with a quiz, as the scoring sees them. */
  private async loadClients(onlyIds?: number[]): Promise<ScoringClient[]> {
    let query = this.db
      .selectFrom('clients')
      .innerJoin('quiz_answers', 'quiz_answers.client_id', 'clients.id')
      .select(['clients.id', 'clients.gender', 'clients.birthday'])
      .select(QUESTION_KEYS.map((key) => `quiz_answers.${key}` as const))
      .where('clients.status_id', '=', CLIENT_STATUS.active);
    if (onlyIds) query = query.where('clients.id', 'in', onlyIds);
    const rows = await query.execute();
    const now = new Date();
    return rows.map((row) => {
      const answers = Object.fromEntries(QUESTION_KEYS.map((key) => [key, row[key]])) as QuizAnswers;
      return {
        id: row.id,
        gender: row.gender as GenderId,
        age: row.birthday ? ageOn(row.birthday, now) : null,
        answers,
      };
    });
  }
}
