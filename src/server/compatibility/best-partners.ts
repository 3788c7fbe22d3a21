import {
  AGE_FIT_SCORE,
  type CompatibilityPair,
  GENDER_FIT_SCORE,
  MAX_AGE,
  POINTS_OUT_OF,
  percentOf,
  type ScoringClient,
} from '../../shared/domain/compatibility';
import { MARITAL_MISFIT, TABLE_SIZES, TABLES } from './answer-tables';
import {
  BUCKETS,
  bucketIndex,
  GENDERS,
  grown,
  lowerBound,
  MIN_CAPACITY,
  RANGE_BOUNDS,
  RANGES_WITH_AGE,
  ScoringTable,
} from './scoring-attributes';

/** How many partners a member's "Para ti" keeps, and how many pairs the admin sees of one client (docs/design/16-para-ti.md). */
export const BEST_PARTNERS = 100;
/** How many of the site's best pairs the admin quiz tab pages through without a search. */
export const SITE_PAIRS = 1000;

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
  /** SITE_PAIRS unless a test asks for fewer. */
  sitePairs?: number;
}

/** A page of the site's best pairs; `more` when the site has pairs past the ones offered. */
export interface SitePairsPage {
  pairs: CompatibilityPair[];
  total: number;
  more: boolean;
}

/** Order levels: the percent (score capped at 20, spec §9), from 0 (100 %) down to the lowest fit. */
const LEVELS = POINTS_OUT_OF - GENDER_FIT_SCORE + 1;
/** The level of pairs whose ages fit but whose genders do not (score 2): after every fitting level. */
const MISFIT_LEVEL = LEVELS;
/** No id limit: a pass over the whole bucket. */
const EVERYONE = 0x7fffffff;
const [SIZE0, SIZE1, SIZE2] = TABLE_SIZES;
const [TABLE0, TABLE1, TABLE2] = TABLES;
/** What a bucket keeps of each member beside her id, so a pass over it reads memory in order. */
const BUCKET_FIELDS = ['age', 'listed', 'code0', 'code1', 'code2'] as const;

interface PartnerList {
  ids: Int32Array;
  scores: Uint8Array;
}

/** A bucket's members ordered by age, then id: the people of an age span are one slice. */
class AgeOrderedBucket {
  private readonly ids: Int32Array;
  /** ids[ageStart[a] … ageStart[a + 1]) are the members aged a, by id. */
  private readonly ageStart = new Int32Array(MAX_AGE + 2);

  constructor(bucket: Bucket) {
    const { count, age } = bucket;
    for (let i = 0; i < count; i++) this.ageStart[age[i]! + 1]!++;
    for (let a = 1; a < this.ageStart.length; a++) this.ageStart[a]! += this.ageStart[a - 1]!;
    const next = this.ageStart.slice();
    this.ids = new Int32Array(count);
    for (let i = 0; i < count; i++) this.ids[next[age[i]!]!++] = bucket.ids[i]!;
  }

  /** Calls visit(y) for each member y < x aged minAge to maxAge. */
  visitOlder(x: number, minAge: number, maxAge: number, visit: (y: number) => void): void {
    for (let a = minAge; a <= Math.min(maxAge, MAX_AGE); a++) {
      const start = this.ageStart[a]!;
      const end = this.ageStart[a + 1]!;
      const stop = start + lowerBound(this.ids.subarray(start, end), end - start, x);
      for (let i = start; i < stop; i++) visit(this.ids[i]!);
    }
  }
}

/** A pair in the site's order: level (percent from highest), then the newer client, then the other. */
interface RankedPair {
  level: number;
  newer: number;
  older: number;
  score: number;
}

/**
 * The site's best pairs as far as they are known: always the exact start of the site's order
 * (nothing missing before the last one), and every pair of the site when `complete`.
 */
interface SiteList {
  pairs: RankedPair[];
  complete: boolean;
}

function compareRanked(x: RankedPair, y: RankedPair): number {
  return x.level - y.level || y.newer - x.newer || y.older - x.older;
}

function levelOf(score: number): number {
  return score < GENDER_FIT_SCORE ? MISFIT_LEVEL : POINTS_OUT_OF - Math.min(score, POINTS_OUT_OF);
}

function rankedPair(x: number, y: number, score: number): RankedPair {
  return { level: levelOf(score), newer: Math.max(x, y), older: Math.min(x, y), score };
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
 * Each member's best partners for "Para ti" (docs/design/16-para-ti.md), exactly as the specification's §9 scores
 * rank them: people who fit her by age and sought gender both ways, have a published advert, and are
 * not blocked either way, by percent from highest, then newest (highest id), her best `keep`. And the
 * admin quiz tab's view of the same scores: a client's best `keep` pairs with anyone who fits her by
 * age (a gender misfit scores 2, spec §9), and the site's best pairs.
 *
 * - Candidates: clients sit in buckets by (gender, sought gender, preferred age range), sorted by id,
 *   each bucket holding its members' age, codes and advert flag in the same order, so a member reads
 *   only the one or two buckets whose people can fit her, front to back in memory.
 * - A list is computed when first asked for (one pass over those buckets from the newest id, keeping at
 *   most `keep` per percent level: three table reads per candidate) and kept until a change can move
 *   it. A restarted instance answers as soon as the clients are loaded.
 * - A change of one client (quiz, birthday, advert, status, block) drops her list and the kept lists
 *   she was in or would now enter; they are computed again when next asked for. Everything else stays.
 * - The site's best pairs are found by a pass over clients from the newest, each paired with the older
 *   ones, until the top percent holds enough pairs (all clients only when it never does). They are
 *   kept as the exact start of the site's order: a change takes the client's pairs out and puts back
 *   those that still rank before the last one known; the list is found again when too few are left.
 *
 * Per-client arrays are indexed by id (about 15 bytes per id up to the largest one), plus the kept
 * lists (5 bytes per partner).
 */
export class BestPartners extends ScoringTable {
  private readonly keep: number;
  private readonly sitePairCount: number;
  /** 1 when others may be shown the client (a published advert). */
  private listed = new Uint8Array(0);
  private buckets = Array.from({ length: BUCKETS }, () => new Bucket());
  private blocks = new Map<number, Set<number>>();
  private lists = new Map<number, PartnerList>();
  private site: SiteList | null = null;
  private readonly levelCounts = new Int32Array(LEVELS);
  private levelSlots = new Int32Array(0);

  constructor(options: BestPartnersOptions = {}) {
    super();
    this.keep = options.keep ?? BEST_PARTNERS;
    this.sitePairCount = options.sitePairs ?? SITE_PAIRS;
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
    this.site = null;
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
    this.leaveSite(id);
    if (this.active[id] === 1) this.leaveBucket(id);
    if (this.setClient(client)) {
      this.joinBucket(id);
      this.forgetListsAround(id);
      this.joinSite(id);
    }
  }

  /** Takes a client out (deactivated, erased, quiz no longer valid). Unknown ids are ignored. */
  remove(clientId: number): void {
    if (!this.isActive(clientId)) return;
    this.forgetListsAround(clientId);
    this.leaveSite(clientId);
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
      list = this.takeLevels(clientId, this.collect(clientId, this.keep, EVERYONE, true), this.keep);
      this.lists.set(clientId, list);
    }
    return Array.from(list.ids, (id, index) => {
      const score = list.scores[index]!;
      return { client_id: id, score, percent: percentOf(score), age: this.age[id]! };
    });
  }

  /**
   * For the admin: her best `keep` pairs with anyone who fits her by age both ways, whatever their
   * advert or blocks, gender misfits (score 2) last; in the site's order. Null when she cannot be paired.
   */
  pairsOf(clientId: number): CompatibilityPair[] | null {
    if (!this.isActive(clientId)) return null;
    const ranked = this.rankedPairsOf(clientId, this.keep, false);
    return ranked.map(asCompatibilityPair);
  }

  /** A page of the site's best pairs (the first SITE_PAIRS of the site's order), found when first asked for. */
  sitePairs(offset: number, limit: number): SitePairsPage {
    this.site ??= this.findSitePairs();
    const offered = this.site.pairs.slice(0, this.sitePairCount);
    return {
      pairs: offered.slice(offset, offset + limit).map(asCompatibilityPair),
      total: offered.length,
      more: !this.site.complete || this.site.pairs.length > offered.length,
    };
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
    const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    for (const range of RANGES_WITH_AGE[this.age[x]!]!) {
      const { ids, age, count } = this.buckets[base + range]!;
      for (let i = count - 1; i >= 0; i--) {
        if (age[i]! >= minAge && age[i]! <= maxAge) this.lists.delete(ids[i]!);
      }
    }
  }

  /**
   * One pass over the buckets of the people who can fit x, with ids below `below`, newest first: each
   * percent level keeps its first `cap` (the newest), in the returned slots (level × cap + k) and
   * levelCounts. For a member's own list, only people with a published advert and no block count.
   * When x's age falls in two ranges, the two buckets are walked merged, so "newest" holds across them.
   */
  private collect(x: number, cap: number, below: number, forMember: boolean): Int32Array {
    const counts = this.levelCounts;
    counts.fill(0);
    if (this.levelSlots.length < LEVELS * cap) this.levelSlots = new Int32Array(LEVELS * cap);
    const slots = this.levelSlots;
    const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    const ranges = RANGES_WITH_AGE[this.age[x]!]!;
    // An age no range holds (under 18) fits no one.
    if (ranges.length === 0) return slots;
    const first = this.buckets[base + ranges[0]!]!;
    const second = ranges.length > 1 ? this.buckets[base + ranges[1]!]! : null;
    let i = lowerBound(first.ids, first.count, below) - 1;
    let j = second === null ? -1 : lowerBound(second.ids, second.count, below) - 1;
    const blocked = forMember ? this.blocks.get(x) : undefined;
    const x0 = this.code0[x]! * SIZE0;
    const x1 = this.code1[x]! * SIZE1;
    const x2 = this.code2[x]! * SIZE2;
    while (i >= 0 || j >= 0) {
      // The newer of the two buckets' next members.
      const fromFirst = j < 0 || (i >= 0 && first.ids[i]! > second!.ids[j]!);
      const bucket = fromFirst ? first : second!;
      const k = fromFirst ? i-- : j--;
      const y = bucket.ids[k]!;
      if ((forMember && bucket.listed[k] !== 1) || y === x) continue;
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
      if (count < cap) {
        slots[level * cap + count] = y;
        counts[level] = count + 1;
      }
    }
    return slots;
  }

  /** The first `limit` partners that collect left in `slots`, levels read from 100 % down. */
  private takeLevels(x: number, slots: Int32Array, cap: number, limit = cap): PartnerList {
    const counts = this.levelCounts;
    let total = 0;
    for (let level = 0; level < LEVELS && total < limit; level++)
      total += Math.min(counts[level]!, limit - total);
    const ids = new Int32Array(total);
    const scores = new Uint8Array(total);
    let taken = 0;
    for (let level = 0; level < LEVELS && taken < total; level++) {
      for (let k = 0; k < counts[level]! && taken < total; k++) {
        const y = slots[level * cap + k]!;
        ids[taken] = y;
        scores[taken++] = this.scoreOf(x, y);
      }
    }
    return { ids, scores };
  }

  /** x's first `limit` pairs in the site's order (anyone fitting by age; gender misfits after the rest). */
  private rankedPairsOf(x: number, limit: number, onlyOlder: boolean): RankedPair[] {
    const below = onlyOlder ? x : EVERYONE;
    const { ids, scores } = this.takeLevels(x, this.collect(x, limit, below, false), limit);
    const ranked = Array.from(ids, (y, index) => rankedPair(x, y, scores[index]!));
    if (ranked.length < limit) {
      for (const y of this.misfitsOf(x, below, limit - ranked.length))
        ranked.push(rankedPair(x, y, AGE_FIT_SCORE));
    }
    return ranked;
  }

  /** The newest `limit` clients below `below` whose ages fit x's both ways but whose genders do not. */
  private misfitsOf(x: number, below: number, limit: number): number[] {
    const found: number[] = [];
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    for (let gender = 1; gender <= GENDERS; gender++) {
      for (let sought = 1; sought <= GENDERS; sought++) {
        if (gender === this.sought[x] && sought === this.gender[x]) continue;
        for (const range of RANGES_WITH_AGE[this.age[x]!]!) {
          const { ids, age, count } = this.buckets[bucketIndex(gender, sought, range)]!;
          let taken = 0;
          for (let i = lowerBound(ids, count, below) - 1; i >= 0 && taken < limit; i--) {
            if (age[i]! >= minAge && age[i]! <= maxAge && ids[i] !== x) {
              found.push(ids[i]!);
              taken++;
            }
          }
        }
      }
    }
    return found.sort((a, b) => b - a).slice(0, limit);
  }

  /**
   * The start of the site's order, twice as long as offered so that changes rarely shorten it below
   * what is offered. Each client, from the newest, is paired with the older ones, so a level's pairs
   * are met in the site's order; once the top level holds enough, nothing met later can come before
   * them, and a level below the last one needed is not kept. The candidates are read by age
   * (AgeOrderedBucket), so a pass visits only people whose age fits.
   */
  private findSitePairs(): SiteList {
    const wanted = this.sitePairCount * 2;
    const byAge = this.buckets.map((bucket) => new AgeOrderedBucket(bucket));
    const levels = Array.from({ length: MISFIT_LEVEL + 1 }, (): RankedPair[] => []);
    // Pairs of levels past lastNeeded cannot reach the first `wanted`: those before already do.
    let lastNeeded = LEVELS - 1;
    let scannedAll = true;
    const found = Array.from({ length: LEVELS }, (): number[] => []);
    for (let x = this.capacity - 1; x >= 0; x--) {
      if (this.active[x] !== 1) continue;
      if (levels[0]!.length >= wanted) {
        scannedAll = false;
        break;
      }
      for (const list of found) list.length = 0;
      const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
      const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
      for (const range of RANGES_WITH_AGE[this.age[x]!]!) {
        byAge[base + range]!.visitOlder(x, minAge, maxAge, (y) => {
          const level = levelOf(this.scoreOf(x, y));
          if (level <= lastNeeded) found[level]!.push(y);
        });
      }
      let before = 0;
      for (let level = 0; level <= lastNeeded; level++) {
        const kept = levels[level]!;
        for (const y of found[level]!.sort((a, b) => b - a)) {
          if (kept.length >= wanted) break;
          kept.push(rankedPair(x, y, this.scoreOf(x, y)));
        }
        before += kept.length;
        if (before >= wanted) lastNeeded = level;
      }
    }
    let fitting = levels.reduce((total, level) => total + level.length, 0);
    if (scannedAll && fitting < wanted) {
      for (let x = this.capacity - 1; x >= 0 && fitting < wanted; x--) {
        if (this.active[x] !== 1) continue;
        for (const y of this.misfitsOf(x, x, wanted - fitting)) {
          levels[MISFIT_LEVEL]!.push(rankedPair(x, y, AGE_FIT_SCORE));
          fitting++;
        }
      }
    }
    const pairs = levels.flat();
    return { pairs: pairs.slice(0, wanted), complete: scannedAll && pairs.length < wanted };
  }

  /** Takes x's pairs out of the site's list; forgets the list when too few known pairs are left. */
  private leaveSite(x: number): void {
    if (this.site === null || this.active[x] !== 1) return;
    const pairs = this.site.pairs.filter((pair) => pair.newer !== x && pair.older !== x);
    this.site =
      pairs.length < this.sitePairCount && !this.site.complete
        ? null
        : { pairs, complete: this.site.complete };
  }

  /** Puts x's pairs in the site's list where they rank before its last known pair (all when complete). */
  private joinSite(x: number): void {
    if (this.site === null) return;
    const { pairs, complete } = this.site;
    const last = pairs.at(-1);
    const wanted = this.sitePairCount * 2;
    const hers = this.rankedPairsOf(x, wanted, false);
    const joining = hers.filter((pair) => complete || (last !== undefined && compareRanked(pair, last) < 0));
    if (joining.length === 0) return;
    const merged = [...pairs, ...joining].sort(compareRanked);
    // Her pairs were cut at `wanted`: past it the site may hold pairs not met.
    const stillComplete = complete && merged.length <= wanted && hers.length < wanted;
    this.site = { pairs: merged.slice(0, wanted), complete: stillComplete };
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

function asCompatibilityPair({ newer, older, score }: RankedPair): CompatibilityPair {
  return { client_a: older, client_b: newer, score, percent: percentOf(score) };
}

function checkedId(id: number): number {
  if (!Number.isInteger(id) || id < 0 || id > 0x7fffffff)
    throw new RangeError(`Client id ${id} is not valid`);
  return id;
}
