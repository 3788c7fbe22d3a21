import { ageOn, type CompatibilityPair } from '../../shared/domain/compatibility';
import type { GenderId } from '../../shared/domain/genders';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import { ADVERT_STATUS, CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';

import { BestPartners, type Partner, type PartnerCandidate, type SitePairsPage } from './best-partners';

type Executor = Pick<DB, 'insertInto'>;

/** Records that a client's pairs may have moved; call it in the transaction that changes them. */
export async function recordScoringChange(db: Executor, clientId: number): Promise<void> {
  await db
    .insertInto('scoring_changes')
    .values({ client_id: clientId, created_at: new Date().toISOString() })
    .execute();
}

/**
 * Keeps a model of the clients' scoring data in step with the database: a full load on first use
 * and whenever the day changes in Mexico City (ages move), otherwise only the clients named in
 * scoring_changes since the last look. Requests share one refresh at a time.
 */
abstract class ScoringFollower {
  private loadedDay: string | null = null;
  private lastChangeId = 0;
  /**
   * Ids below lastChangeId not seen yet, with when they were first missed. On PostgreSQL a
   * transaction can commit its change after a later id is visible; a gap older than a minute is
   * taken for a rolled-back insert.
   */
  private gaps = new Map<number, number>();
  private refreshing: Promise<void> | null = null;

  constructor(protected readonly db: DB) {}

  async refresh(): Promise<void> {
    this.refreshing ??= this.catchUp().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Replaces the model with every client as the database holds them now. */
  protected abstract loadAll(): Promise<void>;

  /** Applies what the database holds now for these clients (gone from the query: removed). */
  protected abstract applyChanges(clientIds: number[]): Promise<void>;

  private async catchUp(): Promise<void> {
    const today = dayInMexicoCity();
    if (this.loadedDay !== today) {
      const latest = await this.db
        .selectFrom('scoring_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      await this.loadAll();
      this.loadedDay = today;
      this.lastChangeId = Number(latest?.id ?? 0);
      this.gaps.clear();
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
    await this.applyChanges([...new Set(changes.map((change) => change.client_id))]);
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
}

/** Each member's "Para ti" and the admin quiz tab's pairs (docs/design/16-para-ti.md): this instance's BestPartners. */
export class PartnersService extends ScoringFollower {
  private partners = new BestPartners();

  /** Her best partners, or null when she has no "Para ti" (no quiz or no birthday). */
  async bestOf(clientId: number): Promise<Partner[] | null> {
    await this.refresh();
    return this.partners.bestOf(clientId);
  }

  /** Each client's best pairs for the admin (null: she cannot be paired), by client id. */
  async pairsOf(clientIds: readonly number[]): Promise<Map<number, CompatibilityPair[] | null>> {
    await this.refresh();
    return new Map(clientIds.map((id) => [id, this.partners.pairsOf(id)]));
  }

  /** A page of the site's best pairs. */
  async sitePairs(offset: number, limit: number): Promise<SitePairsPage> {
    await this.refresh();
    return this.partners.sitePairs(offset, limit);
  }

  protected async loadAll(): Promise<void> {
    const loading = new BestPartners();
    for await (const batch of allScoringClients(this.db)) loading.add(batch);
    const blocks = await this.db.selectFrom('blocks').select(['client_id', 'target_client_id']).execute();
    loading.finishLoading(blocks.map((block) => [block.client_id, block.target_client_id] as const));
    this.partners = loading;
  }

  protected async applyChanges(clientIds: number[]): Promise<void> {
    const current = new Map(
      (await loadScoringClients(this.db, { ids: clientIds })).map((client) => [client.id, client]),
    );
    const blocks = await this.db
      .selectFrom('blocks')
      .select(['client_id', 'target_client_id'])
      .where((eb) => eb.or([eb('client_id', 'in', clientIds), eb('target_client_id', 'in', clientIds)]))
      .execute();
    for (const clientId of clientIds) {
      const client = current.get(clientId);
      if (client) this.partners.upsert(client);
      else this.partners.remove(clientId);
      this.partners.setBlocks(
        clientId,
        blocks.flatMap((block) =>
          block.client_id === clientId
            ? [block.target_client_id]
            : block.target_client_id === clientId
              ? [block.client_id]
              : [],
        ),
      );
    }
  }
}

/** Rows read at a time when an engine loads everyone: bounds the memory a load takes. */
const LOAD_BATCH = 50_000;

/**
 * Active clients with a quiz, as the scoring sees them, and whether others may be shown them (a
 * published advert, as /personas says: visibleAdverts): those named, or a batch by id from `after`.
 */
export async function loadScoringClients(
  db: DB,
  which: { ids: number[] } | { after: number; limit: number },
): Promise<PartnerCandidate[]> {
  let query = db
    .selectFrom('clients')
    .innerJoin('quiz_answers', 'quiz_answers.client_id', 'clients.id')
    .leftJoin('adverts', (join) =>
      join
        .onRef('adverts.client_id', '=', 'clients.id')
        .on('adverts.status_id', '=', ADVERT_STATUS.visible)
        .on('adverts.description', '!=', ''),
    )
    .select(['clients.id', 'clients.gender', 'clients.birthday', 'adverts.id as advert_id'])
    .select(QUESTION_KEYS.map((key) => `quiz_answers.${key}` as const))
    .where('clients.status_id', '=', CLIENT_STATUS.active);
  query =
    'ids' in which
      ? query.where('clients.id', 'in', which.ids)
      : query.where('clients.id', '>', which.after).orderBy('clients.id').limit(which.limit);
  const rows = await query.execute();
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    gender: row.gender as GenderId,
    age: row.birthday ? ageOn(row.birthday, now) : null,
    answers: Object.fromEntries(QUESTION_KEYS.map((key) => [key, row[key]])) as QuizAnswers,
    listed: row.advert_id !== null,
  }));
}

/** Every client loadScoringClients would read, a batch at a time in id order. */
async function* allScoringClients(db: DB): AsyncGenerator<PartnerCandidate[]> {
  let after = 0;
  for (;;) {
    const batch = await loadScoringClients(db, { after, limit: LOAD_BATCH });
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.id;
  }
}
