import {
  AGE_FIT_SCORE,
  type CompatibilityPair,
  GENDER_FIT_SCORE,
  MAX_AGE,
  percentOf,
  type ScoringClient,
} from '../../shared/domain/compatibility';
import { MARITAL_MISFIT, MAX_ANSWER_POINTS, TABLE_SIZES, TABLES } from './answer-tables';
import { Fenwick } from './fenwick';
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

/**
 * All compatibility pairs of §9, kept up to date in memory, identical to computeAllPairsNaive
 * (compatibility.ts) pair by pair and in order, without looking at every pair of clients.
 *
 * - Candidates: the early stops (rules 1 and 2) depend on four small attributes: gender, sought
 *   gender, preferred age range and age. Clients sit in buckets by (gender, sought gender, range),
 *   sorted by id; a client reads only the one or two buckets whose members can pass both stops with
 *   it and keeps those whose age is in its range. Every candidate scores at least 4, and no pair
 *   scoring 0 is ever scored or stored.
 * - Score: rules 3 to 12 are three table reads over per-client byte codes (answer-tables.ts).
 * - Storage: a pair (a, b), a < b, is one 32-bit key in a's block: (rank << 24) | b, where
 *   rank = MAX_SCORE - score. Blocks are sorted, so a block lists a's pairs in listing order (score
 *   from highest, then b); candidates arrive in id order, so a counting sort by rank sorts a block in
 *   linear time. The listing order of all pairs is rank, then a, then b; a Fenwick tree per
 *   rank counts the pairs of each client, which finds the client and block position of any offset in
 *   O(log n): a page costs O(log n + page size) whatever the offset.
 * - Gender misfits (rule 2 fails, the score stays at 2) are not stored: nearly every pair that fits
 *   by age is one. They all come after the stored pairs, in (a, b) order, so a page that reaches past
 *   the stored pairs lists them on the fly. Their count per client a (partners b > a) is the number
 *   of clients above a that fit by age, counted by a sweep from the highest id with a Fenwick tree
 *   over ages per preferred range, less a's stored pairs; it is cached until the next change (filtered
 *   pages count with their own sweep). A client's misfits above a are read from the other buckets.
 * - Updates: upsert/remove take the client's pairs out (its own block, and its key from the blocks of
 *   the candidates with smaller ids, found again through the buckets) and put the new ones in.
 *
 * Client ids are integers from 0 to MAX_CLIENT_ID (16 777 215, the 24 bits a key leaves for them).
 * Per-client arrays are indexed by id, so they cost about 100 bytes per id up to the largest one
 * (a database's increasing ids keep that close to the number of clients), plus 4 bytes per pair.
 */

const ID_BITS = 24;
const ID_MASK = (1 << ID_BITS) - 1;
export const MAX_CLIENT_ID = ID_MASK;

/** Highest score the rules can give (21: the specification's "out of 20" is a cap on the percent only). */
export const MAX_SCORE = GENDER_FIT_SCORE + MAX_ANSWER_POINTS;
const RANKS = MAX_SCORE - GENDER_FIT_SCORE + 1;
// A rank takes the top 7 bits of a block key and 5 bits of a gathered key (below).
if (RANKS > 32) throw new Error(`${RANKS} score levels do not fit the pair keys`);

/**
 * A filtered page gathers and sorts the pairs of its clients when they are at most this many (a few
 * names); past it (a search matching many clients), it walks the full listing and keeps theirs.
 */
const GATHER_LIMIT = 200_000;
const DEFAULT_LIMIT = 50;

// Module-local copies: imported bindings can cost a getter call per read in the hot loops.
const [SIZE0, SIZE1, SIZE2] = TABLE_SIZES;
const [TABLE0, TABLE1, TABLE2] = TABLES;
const MISFIT = MARITAL_MISFIT;
const MIN_SCORE = GENDER_FIT_SCORE;

// Keys of gathered pairs: rank, a and b in one float64, exact below 2^53 (5 + 24 + 24 bits).
const GATHER_RANK = 2 ** 48;
const GATHER_A = 2 ** 24;
/** Fenwick positions for ages 0 … MAX_AGE (a power of two). */
const AGE_POSITIONS = 2 ** Math.ceil(Math.log2(MAX_AGE + 1));
const MISFIT_PERCENT = percentOf(AGE_FIT_SCORE);

export interface PageOptions {
  offset?: number;
  limit?: number;
  /** Only pairs with at least one of these clients (the name search). */
  clientIds?: Iterable<number>;
}

export interface EngineOptions {
  /** See GATHER_LIMIT; tests lower it to exercise both ways of filtering. */
  gatherLimit?: number;
}

export interface PairPage {
  total: number;
  pairs: CompatibilityPair[];
}

function pairOf(a: number, b: number, rank: number): CompatibilityPair {
  const score = MAX_SCORE - rank;
  return { client_a: a, client_b: b, score, percent: percentOf(score) };
}

export class CompatibilityEngine extends ScoringTable {
  private readonly gatherLimit: number;
  /** Pairs involving the client, on either side. */
  private degree = new Int32Array(0);
  private blocks: (Int32Array | undefined)[] = [];
  private blockLength = new Int32Array(0);
  private ranks: Fenwick[] = [];
  /** Bucket members, sorted by id: members[bucket][0 … memberCount[bucket]). */
  private members = Array.from({ length: BUCKETS }, () => new Int32Array(MIN_CAPACITY));
  private memberCount = new Int32Array(BUCKETS);
  private pairTotal = 0;
  private clientTotal = 0;
  // Scratch buffers: candidates of one client in id order, and its keys and ranks being sorted.
  private candidates = new Int32Array(MIN_CAPACITY);
  private spare = new Int32Array(MIN_CAPACITY);
  private keyBuffer = new Int32Array(MIN_CAPACITY);
  private rankBuffer = new Uint8Array(MIN_CAPACITY);
  private rankStarts = new Int32Array(RANKS + 1);
  private rankCursor = new Int32Array(RANKS);
  private marks = new Uint8Array(0);
  /** misfitPrefix(null) until the next change: gender misfits of the clients below each id. */
  private allMisfits: Float64Array | null = null;
  private misfitBuffer = new Int32Array(MIN_CAPACITY);

  constructor(options: EngineOptions = {}) {
    super();
    this.gatherLimit = options.gatherLimit ?? GATHER_LIMIT;
    this.ensureCapacity(0);
  }

  /** Number of stored pairs: those scoring 4 or more (gender misfits are not stored). */
  get pairCount(): number {
    return this.pairTotal;
  }

  /** Number of clients that can be paired (with a quiz and a birthday). */
  get clientCount(): number {
    return this.clientTotal;
  }

  /** Replaces everything with these clients and computes all their pairs. */
  load(clients: Iterable<ScoringClient>): void {
    const list = Array.from(clients);
    let maxId = 0;
    for (const client of list) maxId = Math.max(maxId, checkedId(client.id));
    this.reset(maxId);
    this.allMisfits = null;
    // A repeated id: the last one wins.
    for (const client of list) this.setClient(client);
    const capacity = this.capacity;
    // In id order, so every bucket comes out sorted.
    for (let x = 0; x < capacity; x++) if (this.active[x] === 1) this.joinBucket(x);

    const counts = new Int32Array(RANKS * capacity);
    for (let x = 0; x < capacity; x++) {
      if (this.active[x] !== 1) continue;
      const found = this.collectCandidates(x, x + 1);
      if (found === 0) continue;
      const keys = this.sortKeys(x, 0, found);
      for (let rank = 0; rank < RANKS; rank++) {
        counts[rank * capacity + x] = this.rankStarts[rank + 1]! - this.rankStarts[rank]!;
      }
      for (let i = 0; i < found; i++) this.degree[this.candidates[i]!]!++;
      this.blocks[x] = keys.slice(0, found);
      this.blockLength[x] = found;
      this.degree[x]! += found;
      this.pairTotal += found;
    }
    this.ranks = Array.from({ length: RANKS }, (_, rank) =>
      Fenwick.fromCounts(counts.subarray(rank * capacity, (rank + 1) * capacity)),
    );
  }

  /** Adds a client or applies a change (quiz answered again, birthday or gender changed, reactivated). */
  upsert(client: ScoringClient): void {
    const id = checkedId(client.id);
    this.ensureCapacity(id);
    this.allMisfits = null;
    if (this.active[id] === 1) this.detach(id);
    if (this.setClient(client)) {
      this.joinBucket(id);
      this.attach(id);
    }
  }

  /** Takes a client and all their pairs out (deleted, deactivated, erased). Unknown ids are ignored. */
  remove(clientId: number): void {
    if (
      Number.isInteger(clientId) &&
      clientId >= 0 &&
      clientId < this.capacity &&
      this.active[clientId] === 1
    ) {
      this.allMisfits = null;
      this.detach(clientId);
    }
  }

  /**
   * Pairs in listing order (comparePairs: score from highest, then client_a, then client_b) from
   * `offset`, at most `limit` (default 50, Infinity for all), with the total they are taken from.
   */
  page(options: PageOptions = {}): PairPage {
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
    if (options.clientIds === undefined) {
      const pairs = this.listing(offset, limit, null);
      this.allMisfits ??= this.misfitPrefix(null, null);
      this.appendMisfits(this.allMisfits, null, offset - this.pairTotal, limit, pairs);
      return { total: this.pairTotal + this.allMisfits[this.capacity]!, pairs };
    }
    const ids = this.activeIds(options.clientIds);
    const stored = this.storedPage(ids, offset, limit);
    const marks = this.marksOf(ids);
    let misfitTotal: number;
    if (stored.gathered) {
      misfitTotal = this.gatherMisfits(ids, marks, offset - stored.total, limit, stored.pairs);
    } else {
      // Stored pairs of each unmarked client with marked clients above it (the sweep subtracts them).
      const storedAbove = new Int32Array(this.capacity);
      for (const id of ids) {
        const found = this.collectCandidates(id, 0);
        for (let i = 0; i < found && this.candidates[i]! < id; i++) {
          const y = this.candidates[i]!;
          if (marks[y] !== 1) storedAbove[y]!++;
        }
      }
      const prefix = this.misfitPrefix(marks, storedAbove);
      this.appendMisfits(prefix, marks, offset - stored.total, limit, stored.pairs);
      misfitTotal = prefix[this.capacity]!;
    }
    for (const id of ids) marks[id] = 0;
    return { total: stored.total + misfitTotal, pairs: stored.pairs };
  }

  /** How many pairs one client has (score 2 and more): the clients that fit it by age both ways. */
  pairTotalOf(clientId: number): number {
    const [x] = this.activeIds([clientId]);
    if (x === undefined) return 0;
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    const ages = this.age;
    let total = 0;
    for (let pairing = 0; pairing < GENDERS * GENDERS; pairing++) {
      for (const r of RANGES_WITH_AGE[ages[x]!]!) {
        const bucket: number = pairing * RANGE_BOUNDS.length + r;
        const count: number = this.memberCount[bucket]!;
        const members: Int32Array = this.members[bucket]!;
        for (let i = 0; i < count; i++) {
          const y: number = members[i]!;
          const age: number = ages[y]!;
          if (age >= minAge && age <= maxAge && y !== x) total++;
        }
      }
    }
    return total;
  }

  /** Every pair of one client, in listing order. */
  pairsFor(clientId: number): CompatibilityPair[] {
    return this.page({ clientIds: [clientId], limit: Number.POSITIVE_INFINITY }).pairs;
  }

  /**
   * Gender misfits (age fit both ways) of each client a with clients above it, as a running sum:
   * prefix[x] counts those of the clients below x, prefix[capacity] all of them. With `marks`, only
   * pairs with a marked side; `storedAbove` then gives the stored pairs of each unmarked client with
   * marked clients above it.
   */
  private misfitPrefix(marks: Uint8Array | null, storedAbove: Int32Array | null): Float64Array {
    const capacity = this.capacity;
    const counts = new Int32Array(capacity);
    // Clients above the sweep, per preferred range, by age; and the marked ones among them.
    const all = RANGE_BOUNDS.map(() => new Fenwick(AGE_POSITIONS));
    const marked = marks === null ? all : RANGE_BOUNDS.map(() => new Fenwick(AGE_POSITIONS));
    const { active, age, range, blockLength } = this;
    for (let x = capacity - 1; x >= 0; x--) {
      if (active[x] !== 1) continue;
      const isMarked = marks === null || marks[x] === 1;
      const trees = isMarked ? all : marked;
      const [minAge, maxAge] = RANGE_BOUNDS[range[x]!]!;
      let fits = 0;
      for (const r of RANGES_WITH_AGE[age[x]!]!) {
        fits += trees[r]!.prefix(maxAge + 1) - trees[r]!.prefix(minAge);
      }
      counts[x] = fits - (isMarked ? blockLength[x]! : storedAbove![x]!);
      all[range[x]!]!.add(age[x]!, 1);
      if (marks !== null && isMarked) marked[range[x]!]!.add(age[x]!, 1);
    }
    const prefix = new Float64Array(capacity + 1);
    for (let x = 0; x < capacity; x++) prefix[x + 1] = prefix[x]! + counts[x]!;
    return prefix;
  }

  /** Appends gender misfits from `offset` (in their own order: a, then b) until `pairs` holds `limit`. */
  private appendMisfits(
    prefix: Float64Array,
    marks: Uint8Array | null,
    offset: number,
    limit: number,
    pairs: CompatibilityPair[],
  ): void {
    const capacity = this.capacity;
    let skip = Math.max(0, offset);
    if (pairs.length >= limit || skip >= prefix[capacity]!) return;
    // The client a holding misfit number `skip`: the last x with prefix[x] <= skip.
    let low = 0;
    let high = capacity - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (prefix[middle]! <= skip) low = middle;
      else high = middle - 1;
    }
    skip -= prefix[low]!;
    for (let x = low; x < capacity && pairs.length < limit; x++) {
      if (prefix[x + 1] === prefix[x]) continue;
      const found = this.collectMisfits(x, x + 1, marks === null || marks[x] === 1 ? null : marks);
      const partners = this.misfitBuffer.subarray(0, found).sort();
      for (let i = skip; i < partners.length && pairs.length < limit; i++) {
        pairs.push({ client_a: x, client_b: partners[i]!, score: AGE_FIT_SCORE, percent: MISFIT_PERCENT });
      }
      skip = 0;
    }
  }

  /**
   * The gender misfits of a few clients, from all their partners (as gather does for stored pairs):
   * appends those from `offset` to `pairs` up to `limit` and returns how many there are.
   */
  private gatherMisfits(
    ids: readonly number[],
    marks: Uint8Array,
    offset: number,
    limit: number,
    pairs: CompatibilityPair[],
  ): number {
    // Only counted when the page ends before the misfits.
    const listing = pairs.length < limit;
    const keys: number[] = [];
    let total = 0;
    for (const id of ids) {
      const found = this.collectMisfits(id, 0, null);
      const partners = this.misfitBuffer;
      for (let i = 0; i < found; i++) {
        const y = partners[i]!;
        // A pair of two marked clients is taken once, from its smaller id.
        if (marks[y] === 1 && y < id) continue;
        total++;
        if (listing) keys.push(id < y ? id * GATHER_A + y : y * GATHER_A + id);
      }
    }
    if (!listing) return total;
    const sorted = Float64Array.from(keys).sort();
    for (let i = Math.max(0, offset); i < sorted.length && pairs.length < limit; i++) {
      const a = Math.floor(sorted[i]! / GATHER_A);
      pairs.push({
        client_a: a,
        client_b: sorted[i]! - a * GATHER_A,
        score: AGE_FIT_SCORE,
        percent: MISFIT_PERCENT,
      });
    }
    return total;
  }

  /**
   * Fills misfitBuffer[0 … n), unsorted, with the clients from id `from` on, other than x, that fit x
   * by age but not by gender (only marked ones with `marks`); returns n.
   */
  private collectMisfits(x: number, from: number, marks: Uint8Array | null): number {
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    const fitting = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    let upperBound = 0;
    for (let pairing = 0; pairing < GENDERS * GENDERS; pairing++) {
      for (const r of RANGES_WITH_AGE[this.age[x]!]!) {
        upperBound += this.memberCount[pairing * RANGE_BOUNDS.length + r]!;
      }
    }
    if (this.misfitBuffer.length < upperBound) this.misfitBuffer = new Int32Array(upperBound * 2);
    const found = this.misfitBuffer;
    let count = 0;
    for (let pairing = 0; pairing < GENDERS * GENDERS; pairing++) {
      const base = pairing * RANGE_BOUNDS.length;
      if (base === fitting) continue;
      for (const r of RANGES_WITH_AGE[this.age[x]!]!) {
        const size = this.memberCount[base + r]!;
        const members = this.members[base + r]!;
        for (let i = lowerBound(members, size, from); i < size; i++) {
          const y = members[i]!;
          const age = this.age[y]!;
          if (age >= minAge && age <= maxAge && y !== x && (marks === null || marks[y] === 1)) {
            found[count++] = y;
          }
        }
      }
    }
    return count;
  }

  /** The stored pairs (4 and more) with at least one of `ids`; `gathered` when there were few. */
  private storedPage(
    ids: readonly number[],
    offset: number,
    limit: number,
  ): PairPage & { gathered: boolean } {
    let degreeSum = 0;
    for (const id of ids) degreeSum += this.degree[id]!;
    if (degreeSum <= this.gatherLimit) return { ...this.gather(ids, offset, limit), gathered: true };

    // Many clients: filter the full listing. Pairs with both sides in the set are counted twice in
    // degreeSum; each appears once in the block of its smaller id.
    const marks = this.marksOf(ids);
    let total = degreeSum;
    for (const id of ids) {
      const block = this.blocks[id];
      const length = this.blockLength[id]!;
      for (let i = 0; i < length; i++) if (marks[block![i]! & ID_MASK] === 1) total--;
    }
    const pairs = this.listing(offset, limit, marks);
    for (const id of ids) marks[id] = 0;
    return { total, pairs, gathered: false };
  }

  private reset(maxId: number): void {
    this.clearAttributes();
    this.degree = new Int32Array(0);
    this.blockLength = new Int32Array(0);
    this.blocks = [];
    this.ranks = [];
    this.members = Array.from({ length: BUCKETS }, () => new Int32Array(MIN_CAPACITY));
    this.memberCount = new Int32Array(BUCKETS);
    this.pairTotal = 0;
    this.clientTotal = 0;
    this.ensureCapacity(maxId);
  }

  protected growTo(capacity: number): void {
    this.degree = grown(this.degree, capacity);
    this.blockLength = grown(this.blockLength, capacity);
    this.marks = grown(this.marks, capacity);
    this.blocks.length = capacity;
    if (this.ranks.length === 0) this.ranks = Array.from({ length: RANKS }, () => new Fenwick(capacity));
    else for (const tree of this.ranks) tree.grow(capacity);
  }

  /** Stores the client's attributes; false (and inactive) when they cannot be paired. */
  private setClient(client: ScoringClient): boolean {
    if (this.active[client.id] === 1) this.clientTotal--;
    const pairable = this.storeAttributes(client);
    if (pairable) this.clientTotal++;
    return pairable;
  }

  private joinBucket(id: number): void {
    const bucket = this.bucketOf(id);
    const count = this.memberCount[bucket]!;
    let members = this.members[bucket]!;
    if (count === members.length) {
      members = grown(members, count * 2);
      this.members[bucket] = members;
    }
    const position = lowerBound(members, count, id);
    members.copyWithin(position + 1, position, count);
    members[position] = id;
    this.memberCount[bucket] = count + 1;
  }

  private leaveBucket(id: number): void {
    const bucket = this.bucketOf(id);
    const count = this.memberCount[bucket]!;
    const members = this.members[bucket]!;
    const position = lowerBound(members, count, id);
    members.copyWithin(position, position + 1, count);
    this.memberCount[bucket] = count - 1;
    this.active[id] = 0;
    this.clientTotal--;
  }

  /**
   * Fills `this.candidates`, in id order, with the clients from id `from` on that pass rules 1 and 2
   * with x: their gender is the one x looks for and they look for x's gender (the bucket), x's age is
   * in their range (the bucket), their age is in x's range (checked one by one).
   */
  private collectCandidates(x: number, from: number): number {
    const base = bucketIndex(this.sought[x]!, this.gender[x]!, 0);
    const [minAge, maxAge] = RANGE_BOUNDS[this.range[x]!]!;
    const ranges = RANGES_WITH_AGE[this.age[x]!]!;
    let upperBound = 0;
    for (const range of ranges) upperBound += this.memberCount[base + range]!;
    if (this.candidates.length < upperBound) {
      this.candidates = new Int32Array(upperBound * 2);
      this.spare = new Int32Array(upperBound * 2);
    }
    const ages = this.age;
    const candidates = this.candidates;
    let found = 0;
    let firstRun = 0;
    for (const range of ranges) {
      const count = this.memberCount[base + range]!;
      const members = this.members[base + range]!;
      for (let i = lowerBound(members, count, from); i < count; i++) {
        const y = members[i]!;
        const age = ages[y]!;
        if (age >= minAge && age <= maxAge && y !== x) candidates[found++] = y;
      }
      if (range === ranges[0]) firstRun = found;
    }
    if (firstRun > 0 && firstRun < found) this.mergeRuns(firstRun, found);
    return found;
  }

  /** Merges the two sorted runs candidates[0 … split) and candidates[split … found) (two buckets). */
  private mergeRuns(split: number, found: number): void {
    const source = this.candidates;
    const target = this.spare;
    let i = 0;
    let j = split;
    let k = 0;
    while (i < split && j < found) target[k++] = source[i]! < source[j]! ? source[i++]! : source[j++]!;
    while (i < split) target[k++] = source[i++]!;
    while (j < found) target[k++] = source[j++]!;
    this.candidates = target;
    this.spare = source;
  }

  /**
   * Keys of x's pairs with candidates[start … end) (all above x, in id order) into keyBuffer[0 … n), in
   * block order: a counting sort by rank, stable, so partners stay in id order within a rank. Leaves
   * the count of each rank r in rankStarts[r + 1] - rankStarts[r].
   */
  private sortKeys(x: number, start: number, end: number): Int32Array {
    const count = end - start;
    if (this.keyBuffer.length < count) {
      this.keyBuffer = new Int32Array(this.candidates.length);
      this.rankBuffer = new Uint8Array(this.candidates.length);
    }
    const { candidates, keyBuffer: keys, rankBuffer: ranks, rankStarts: starts, rankCursor: cursor } = this;
    starts.fill(0);
    for (let i = 0; i < count; i++) {
      const rank = this.rankOf(x, candidates[start + i]!);
      ranks[i] = rank;
      starts[rank + 1]!++;
    }
    for (let rank = 0; rank < RANKS; rank++) {
      starts[rank + 1]! += starts[rank]!;
      cursor[rank] = starts[rank]!;
    }
    for (let i = 0; i < count; i++) {
      const rank = ranks[i]!;
      keys[cursor[rank]!++] = (rank << ID_BITS) | candidates[start + i]!;
    }
    return keys;
  }

  /** MAX_SCORE - score of two candidates, a < b. */
  private rankOf(a: number, b: number): number {
    const first = TABLE0[this.code0[a]! * SIZE0 + this.code0[b]!]!;
    if (first === MISFIT) return MAX_SCORE - MIN_SCORE;
    return (
      MAX_SCORE -
      MIN_SCORE -
      first -
      TABLE1[this.code1[a]! * SIZE1 + this.code1[b]!]! -
      TABLE2[this.code2[a]! * SIZE2 + this.code2[b]!]!
    );
  }

  /** Computes x's pairs (x must be active, in its bucket and pairless). */
  private attach(x: number): void {
    const found = this.collectCandidates(x, 0);
    let above = 0;
    while (above < found && this.candidates[above]! < x) {
      const y = this.candidates[above++]!;
      const rank = this.rankOf(y, x);
      this.insertKey(y, (rank << ID_BITS) | x);
      this.countPair(rank, y, x, 1);
    }
    if (above === found) return;
    const keys = this.sortKeys(x, above, found);
    const block = keys.slice(0, found - above);
    for (const key of block) this.countPair(key >>> ID_BITS, x, key & ID_MASK, 1);
    this.blocks[x] = block;
    this.blockLength[x] = block.length;
  }

  /** Takes all of x's pairs out and x out of its bucket. */
  private detach(x: number): void {
    const block = this.blocks[x];
    const length = this.blockLength[x]!;
    for (let i = 0; i < length; i++) {
      const key = block![i]!;
      this.countPair(key >>> ID_BITS, x, key & ID_MASK, -1);
    }
    this.blocks[x] = undefined;
    this.blockLength[x] = 0;
    const found = this.collectCandidates(x, 0);
    for (let i = 0; i < found && this.candidates[i]! < x; i++) {
      const y = this.candidates[i]!;
      const rank = this.rankOf(y, x);
      this.deleteKey(y, (rank << ID_BITS) | x);
      this.countPair(rank, y, x, -1);
    }
    this.leaveBucket(x);
  }

  private countPair(rank: number, a: number, b: number, delta: number): void {
    this.ranks[rank]!.add(a, delta);
    this.degree[a]! += delta;
    this.degree[b]! += delta;
    this.pairTotal += delta;
  }

  private insertKey(owner: number, key: number): void {
    let block = this.blocks[owner];
    const length = this.blockLength[owner]!;
    if (block === undefined || block.length === length) {
      const larger = new Int32Array(Math.max(4, length * 2));
      if (block !== undefined) larger.set(block.subarray(0, length));
      block = larger;
      this.blocks[owner] = block;
    }
    const position = lowerBound(block, length, key);
    block.copyWithin(position + 1, position, length);
    block[position] = key;
    this.blockLength[owner] = length + 1;
  }

  private deleteKey(owner: number, key: number): void {
    const block = this.blocks[owner]!;
    const length = this.blockLength[owner]!;
    const position = lowerBound(block, length, key);
    if (position >= length || block[position] !== key) {
      throw new Error(`Pair ${owner}-${key & ID_MASK} is missing`);
    }
    block.copyWithin(position, position + 1, length);
    this.blockLength[owner] = length - 1;
  }

  /**
   * Walks the listing order rank by rank and, within a rank, client by client (the Fenwick tree of the
   * rank jumps to the client holding a position). Unfiltered, it starts right at `offset`; filtered by
   * `marks`, it skips matching pairs until `offset`.
   */
  private listing(offset: number, limit: number, marks: Uint8Array | null): CompatibilityPair[] {
    const pairs: CompatibilityPair[] = [];
    let skip = offset;
    for (let rank = 0; rank < RANKS && pairs.length < limit; rank++) {
      const tree = this.ranks[rank]!;
      const rankTotal = tree.total;
      let seen = 0;
      if (marks === null) {
        if (skip >= rankTotal) {
          skip -= rankTotal;
          continue;
        }
        seen = skip;
        skip = 0;
      }
      while (seen < rankTotal && pairs.length < limit) {
        const a = tree.find(seen);
        const before = tree.prefix(a);
        const block = this.blocks[a]!;
        const length = this.blockLength[a]!;
        const start = lowerBound(block, length, rank << ID_BITS);
        const end = lowerBound(block, length, (rank + 1) << ID_BITS);
        let i = start + (seen - before);
        if (marks === null || marks[a] === 1) {
          if (marks !== null) {
            const skipped = Math.min(skip, end - start);
            i += skipped;
            skip -= skipped;
          }
          for (; i < end && pairs.length < limit; i++) pairs.push(pairOf(a, block[i]! & ID_MASK, rank));
        } else {
          for (; i < end && pairs.length < limit; i++) {
            const b = block[i]! & ID_MASK;
            if (marks[b] !== 1) continue;
            if (skip > 0) skip--;
            else pairs.push(pairOf(a, b, rank));
          }
        }
        seen = before + (end - start);
      }
    }
    return pairs;
  }

  /** A filtered page from the pairs of a few clients: collect them, sort only the ranks the page needs. */
  private gather(ids: readonly number[], offset: number, limit: number): PairPage {
    const marks = this.marksOf(ids);
    let keys = new Float64Array(MIN_CAPACITY);
    let total = 0;
    const push = (key: number) => {
      if (total === keys.length) {
        const larger = new Float64Array(keys.length * 2);
        larger.set(keys);
        keys = larger;
      }
      keys[total++] = key;
    };
    for (const id of ids) {
      const block = this.blocks[id];
      const length = this.blockLength[id]!;
      for (let i = 0; i < length; i++) {
        const key = block![i]!;
        push((key >>> ID_BITS) * GATHER_RANK + id * GATHER_A + (key & ID_MASK));
      }
      // Pairs where the client is the larger id are in the other client's block: score them again
      // (same tables) rather than search that block. A marked other client lists the pair itself.
      const found = this.collectCandidates(id, 0);
      for (let i = 0; i < found && this.candidates[i]! < id; i++) {
        const y = this.candidates[i]!;
        if (marks[y] !== 1) push(this.rankOf(y, id) * GATHER_RANK + y * GATHER_A + id);
      }
    }
    for (const id of ids) marks[id] = 0;

    const perRank = new Int32Array(RANKS);
    for (let i = 0; i < total; i++) perRank[Math.floor(keys[i]! / GATHER_RANK)]!++;
    let firstRank = 0;
    let before = 0;
    while (firstRank < RANKS && before + perRank[firstRank]! <= offset) before += perRank[firstRank++]!;
    let lastRank = firstRank;
    let through = before + (perRank[firstRank] ?? 0);
    while (lastRank + 1 < RANKS && through < offset + limit) through += perRank[++lastRank]!;

    const low = firstRank * GATHER_RANK;
    const high = (lastRank + 1) * GATHER_RANK;
    const window = keys
      .subarray(0, total)
      .filter((key) => key >= low && key < high)
      .sort();
    const pairs: CompatibilityPair[] = [];
    for (let i = offset - before; i < window.length && pairs.length < limit; i++) {
      const key = window[i]!;
      const rank = Math.floor(key / GATHER_RANK);
      const rest = key - rank * GATHER_RANK;
      pairs.push(pairOf(Math.floor(rest / GATHER_A), rest % GATHER_A, rank));
    }
    return { total, pairs };
  }

  private activeIds(clientIds: Iterable<number>): number[] {
    const ids = new Set<number>();
    for (const id of clientIds) {
      if (Number.isInteger(id) && id >= 0 && id < this.capacity && this.active[id] === 1) ids.add(id);
    }
    return [...ids];
  }

  private marksOf(ids: readonly number[]): Uint8Array {
    for (const id of ids) this.marks[id] = 1;
    return this.marks;
  }
}

function checkedId(id: number): number {
  if (!Number.isInteger(id) || id < 0 || id > MAX_CLIENT_ID) {
    throw new RangeError(`Client id ${id} is outside 0…${MAX_CLIENT_ID}`);
  }
  return id;
}
