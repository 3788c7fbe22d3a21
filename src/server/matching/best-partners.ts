import {
  GENDER_FIT_SCORE,
  POINTS_OUT_OF,
  percentOf,
  type ScoringClient,
} from '../../shared/domain/compatibility';
import { MARITAL_MISFIT, TABLE_SIZES, TABLES } from './answer-tables';
import {
  BUCKETS,
  bucketIndex,
  grown,
  lowerBound,
  MIN_CAPACITY,
  RANGE_BOUNDS,
  RANGES_WITH_AGE,
  ScoringTable,
} from './scoring-attributes';

/** How many partners a member's "Para ti" keeps (design.md §16). */
export const BEST_PARTNERS = 100;

/** A client as "Para ti" sees her: the scoring data, and whether others may be shown her (a published advert). */
export interface PartnerCandidate extends ScoringClient {
  listed: boolean;
}

export interface Partner {
  client_id: number;
  score: number;
  percent: number;
  /** Whole years on the day the engine loaded (it reloads when the day changes in Mexico City). */
  age: number;
}

export interface BestPartnersOptions {
  /** BEST_PARTNERS unless a test asks for fewer, to reach the cut often. */
  keep?: number;
}

/** Order levels: the percent (score capped at 20, spec §9), from 0 (100 %) down to the lowest fit. */
const LEVELS = POINTS_OUT_OF - GENDER_FIT_SCORE + 1;
const [SIZE0, SIZE1, SIZE2] = TABLE_SIZES;
const [TABLE0, TABLE1, TABLE2] = TABLES;
/** What a bucket keeps of each member beside her id, so a pass over it reads memory in order. */
const BUCKET_FIELDS = ['age', 'listed', 'code0', 'code1', 'code2'] as const;

interface PartnerList {
  ids: Int32Array;
  scores: Uint8Array;
}

/** Clients of one (gender, sought gender, range), sorted by id, with their fields in the same order. */
class Bucket {
  count = 0;
  ids = new Int32Array(MIN_CAPACITY);
  age = new Uint8Array(MIN_CAPACITY);
  listed = new Uint8Array(MIN_CAPACITY);
  code0 = new Uint8Array(MIN_CAPACITY);
  code1 = new Uint8Array(MIN_CAPACITY);
  code2 = new Uint8Array(MIN_CAPACITY);

  /** Puts a client at `position` (the end while loading in id order), moving the later ones up. */
  insert(position: number, id: number, fields: Record<(typeof BUCKET_FIELDS)[number], number>): void {
    if (this.count === this.ids.length) {
      this.ids = grown(this.ids, this.count * 2);
      for (const name of BUCKET_FIELDS) this[name] = grown(this[name], this.count * 2);
    }
    this.ids.copyWithin(position + 1, position, this.count);
    this.ids[position] = id;
    for (const name of BUCKET_FIELDS) {
      this[name].copyWithin(position + 1, position, this.count);
      this[name][position] = fields[name];
    }
    this.count++;
  }

  remove(position: number): void {
    this.ids.copyWithin(position, position + 1, this.count);
    for (const name of BUCKET_FIELDS) this[name].copyWithin(position, position + 1, this.count);
    this.count--;
  }
}

/**
 * Each member's best partners for "Para ti" (design.md §16), exactly as the specification's §9 scores
 * rank them: people who fit her by age and sought gender both ways, have a published advert, and are
 * not blocked either way, by percent from highest, then newest (highest id), her best `keep`.
 *
 * - Candidates: clients sit in buckets by (gender, sought gender, preferred age range), sorted by id,
 *   each bucket holding its members' age, codes and advert flag in the same order, so a member reads
 *   only the one or two buckets whose people can fit her, front to back in memory.
 * - A list is computed when first asked for (one pass over those buckets from the newest id, keeping at
 *   most `keep` per percent level: three table reads per candidate) and kept until a change can move
 *   it. A restarted instance answers as soon as the clients are loaded.
 * - A change of one client (quiz, birthday, advert, status, block) drops her list and the kept lists
 *   she was in or would now enter; they are computed again when next asked for. Everything else stays.
 *
 * Per-client arrays are indexed by id (about 15 bytes per id up to the largest one), plus the kept
 * lists (5 bytes per partner).
 */
export class BestPartners extends ScoringTable {
  private readonly keep: number;
  /** 1 when others may be shown the client (a published advert). */
  private listed = new Uint8Array(0);
  private buckets = Array.from({ length: BUCKETS }, () => new Bucket());
  private blocks = new Map<number, Set<number>>();
  private lists = new Map<number, PartnerList>();
  private readonly levelCounts = new Int32Array(LEVELS);
  private levelSlots: Int32Array;

  constructor(options: BestPartnersOptions = {}) {
    super();
    this.keep = options.keep ?? BEST_PARTNERS;
    this.levelSlots = new Int32Array(LEVELS * this.keep);
    this.ensureCapacity(0);
  }

  /** Clients who have a "Para ti" (active, with a valid quiz and a birthday). */
  get clientCount(): number {
    return this.buckets.reduce((total, bucket) => total + bucket.count, 0);
  }

  /** Lists computed and kept now. */
  get keptLists(): number {
    return this.lists.size;
  }

  /** Replaces everything: these clients and these blocks (pairs, in either order). */
  load(clients: Iterable<PartnerCandidate>, blocks: Iterable<readonly [number, number]>): void {
    this.clearAttributes();
    this.listed = new Uint8Array(0);
    this.ensureCapacity(0);
    this.buckets = Array.from({ length: BUCKETS }, () => new Bucket());
    this.lists.clear();
    this.blocks.clear();
    this.add(clients);
    this.finishLoading(blocks);
  }

  /** While loading (a new engine, or after load's reset): stores clients; finishLoading files them. */
  add(clients: Iterable<PartnerCandidate>): void {
    for (const client of clients) {
      this.ensureCapacity(checkedId(client.id));
      this.setClient(client);
    }
  }

  /** Files the added clients in their buckets, in id order so no one moves, and takes the blocks. */
  finishLoading(blocks: Iterable<readonly [number, number]>): void {
    for (let x = 0; x < this.capacity; x++) {
      if (this.active[x] === 1) {
        const bucket = this.buckets[this.bucketOf(x)]!;
        bucket.insert(bucket.count, x, this.fieldsOf(x));
      }
    }
    for (const [a, b] of blocks) this.addBlock(a, b);
  }

  /** Adds a client or applies a change to her (quiz, birthday, advert published or hidden, reactivated). */
  upsert(client: PartnerCandidate): void {
    const id = checkedId(client.id);
    this.ensureCapacity(id);
    this.forgetListsAround(id);
    if (this.active[id] === 1) this.leaveBucket(id);
    if (this.setClient(client)) {
      this.joinBucket(id);
      this.forgetListsAround(id);
    }
  }

  /** Takes a client out (deactivated, erased, quiz no longer valid). Unknown ids are ignored. */
  remove(clientId: number): void {
    if (!this.isActive(clientId)) return;
    this.forgetListsAround(clientId);
    this.leaveBucket(clientId);
  }

  /** Replaces the blocks one client made or received. */
  setBlocks(clientId: number, blockedWith: Iterable<number>): void {
    for (const other of this.blocks.get(clientId) ?? []) {
      this.blocks.get(other)?.delete(clientId);
      this.lists.delete(other);
    }
    this.blocks.delete(clientId);
    this.lists.delete(clientId);
    for (const other of blockedWith) this.addBlock(clientId, other);
  }

  /** Her best partners in order, or null when she has no "Para ti" (no valid quiz, no birthday, inactive). */
  bestOf(clientId: number): Partner[] | null {
    if (!this.isActive(clientId)) return null;
    let list = this.lists.get(clientId);
    if (list === undefined) {
      list = this.compute(clientId);
      this.lists.set(clientId, list);
    }
    return Array.from(list.ids, (id, index) => {
      const score = list.scores[index]!;
      return { client_id: id, score, percent: percentOf(score), age: this.age[id]! };
    });
  }

  private isActive(clientId: number): boolean {
    return (
      Number.isInteger(clientId) && clientId >= 0 && clientId < this.capacity && this.active[clientId] === 1
    );
  }

  private addBlock(a: number, b: number): void {
    for (const [one, other] of [
      [a, b],
      [b, a],
    ] as const) {
      let set = this.blocks.get(one);
      if (set === undefined) {
        set = new Set();
        this.blocks.set(one, set);
      }
      set.add(other);
      this.lists.delete(one);
    }
  }

  /**
   * Drops the kept lists a change of x can move: her own, and those of everyone who fits her both ways
   * (the only people whose lists can hold her). Called with her attributes before and after a change.
   */
  private forgetListsAround(x: number): void {
    this.lists.delete(x);
    if (this.lists.size === 0 || this.active[x] !== 1) return;
    this.eachFitting(x, (y) => {
      this.lists.delete(y);
    });
  }

  /** Calls visit(y) for each client y ≠ x who fits x by age and sought gender both ways, newest first. */
  private eachFitting(x: number, visit: (y: number) => void): void {
    const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    for (const range of RANGES_WITH_AGE[this.age[x]!]!) {
      const { ids, age, count } = this.buckets[base + range]!;
      for (let i = count - 1; i >= 0; i--) {
        const y = ids[i]!;
        if (age[i]! >= minAge && age[i]! <= maxAge && y !== x) visit(y);
      }
    }
  }

  /**
   * One pass over the buckets of the people who can fit x, newest first: each percent level keeps its
   * first `keep` (the newest), then the levels are read from 100 % down until `keep` are taken. When x's
   * age falls in two ranges, the two buckets are walked merged, so "newest" holds across them.
   */
  private compute(x: number): PartnerList {
    const keep = this.keep;
    const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    const ranges = RANGES_WITH_AGE[this.age[x]!]!;
    // An age no range holds (under 18) fits no one.
    if (ranges.length === 0) return { ids: new Int32Array(0), scores: new Uint8Array(0) };
    const first = this.buckets[base + ranges[0]!]!;
    const second = ranges.length > 1 ? this.buckets[base + ranges[1]!]! : null;
    let i = first.count - 1;
    let j = second === null ? -1 : second.count - 1;
    const counts = this.levelCounts;
    const slots = this.levelSlots;
    counts.fill(0);
    const blocked = this.blocks.get(x);
    const x0 = this.code0[x]! * SIZE0;
    const x1 = this.code1[x]! * SIZE1;
    const x2 = this.code2[x]! * SIZE2;
    while (i >= 0 || j >= 0) {
      // The newer of the two buckets' next members.
      const fromFirst = j < 0 || (i >= 0 && first.ids[i]! > second!.ids[j]!);
      const bucket = fromFirst ? first : second!;
      const k = fromFirst ? i-- : j--;
      const y = bucket.ids[k]!;
      if (bucket.listed[k] !== 1 || y === x) continue;
      const age = bucket.age[k]!;
      if (age < minAge || age > maxAge) continue;
      if (blocked?.has(y)) continue;
      const marital = TABLE0[x0 + bucket.code0[k]!]!;
      const score =
        marital === MARITAL_MISFIT
          ? GENDER_FIT_SCORE
          : GENDER_FIT_SCORE + marital + TABLE1[x1 + bucket.code1[k]!]! + TABLE2[x2 + bucket.code2[k]!]!;
      const level = POINTS_OUT_OF - Math.min(score, POINTS_OUT_OF);
      const count = counts[level]!;
      if (count < keep) {
        slots[level * keep + count] = y;
        counts[level] = count + 1;
      }
    }
    let total = 0;
    for (let level = 0; level < LEVELS && total < keep; level++)
      total += Math.min(counts[level]!, keep - total);
    const ids = new Int32Array(total);
    const scores = new Uint8Array(total);
    let taken = 0;
    for (let level = 0; level < LEVELS && taken < total; level++) {
      for (let k = 0; k < counts[level]! && taken < total; k++) {
        const y = slots[level * keep + k]!;
        ids[taken] = y;
        scores[taken++] = this.scoreOf(x, y);
      }
    }
    return { ids, scores };
  }

  /** The uncapped §9 score of two clients who fit both ways (21 and 20 are both 100 %). */
  private scoreOf(x: number, y: number): number {
    const marital = TABLE0[this.code0[x]! * SIZE0 + this.code0[y]!]!;
    if (marital === MARITAL_MISFIT) return GENDER_FIT_SCORE;
    return (
      GENDER_FIT_SCORE +
      marital +
      TABLE1[this.code1[x]! * SIZE1 + this.code1[y]!]! +
      TABLE2[this.code2[x]! * SIZE2 + this.code2[y]!]!
    );
  }

  protected growTo(capacity: number): void {
    this.listed = grown(this.listed, capacity);
  }

  /** Stores the client's attributes; false (and inactive) when she has no "Para ti". */
  private setClient(client: PartnerCandidate): boolean {
    if (!this.storeAttributes(client)) return false;
    this.listed[client.id] = client.listed ? 1 : 0;
    return true;
  }

  private fieldsOf(id: number): Record<(typeof BUCKET_FIELDS)[number], number> {
    return {
      age: this.age[id]!,
      listed: this.listed[id]!,
      code0: this.code0[id]!,
      code1: this.code1[id]!,
      code2: this.code2[id]!,
    };
  }

  private joinBucket(id: number): void {
    const bucket = this.buckets[this.bucketOf(id)]!;
    bucket.insert(lowerBound(bucket.ids, bucket.count, id), id, this.fieldsOf(id));
  }

  private leaveBucket(id: number): void {
    const bucket = this.buckets[this.bucketOf(id)]!;
    bucket.remove(lowerBound(bucket.ids, bucket.count, id));
    this.active[id] = 0;
  }
}

function checkedId(id: number): number {
  if (!Number.isInteger(id) || id < 0 || id > 0x7fffffff)
    throw new RangeError(`Client id ${id} is not valid`);
  return id;
}
