import { AGE_RANGES, MAX_AGE, type ScoringClient, SOUGHT_GENDER } from '../../shared/domain/compatibility';
import { encodeAnswers } from './answer-tables';

/**
 * What both engines (all pairs for the admin, best partners for "Para ti") keep of a client, and how
 * they file clients: buckets by (gender, sought gender, preferred age range), so the early stops of
 * spec §9 (rules 1 and 2) pick whole buckets instead of testing people one by one.
 */
export const GENDERS = 3;
export const RANGE_BOUNDS = Object.values(AGE_RANGES);
const RANGE_INDEX = new Map(Object.keys(AGE_RANGES).map((text, index) => [text, index]));
const SOUGHT_CODE = new Map<string, number>(Object.entries(SOUGHT_GENDER));
/** For each age, the ranges (indexes) that contain it: one or two, as the ranges overlap by a year. */
export const RANGES_WITH_AGE = Array.from({ length: MAX_AGE + 1 }, (_, age) =>
  RANGE_BOUNDS.flatMap(([min, max], index) => (age >= min && age <= max ? [index] : [])),
);
export const BUCKETS = GENDERS * GENDERS * RANGE_BOUNDS.length;
/** The smallest per-client array an engine allocates; they grow by doubling. */
export const MIN_CAPACITY = 1024;

export interface ScoringAttributes {
  gender: number;
  sought: number;
  range: number;
  age: number;
  codes: [number, number, number];
}

/**
 * A client's attributes, or null when she cannot be paired: no birthday or an impossible age, an
 * unknown gender, no quiz, or answers that are not options of their question (stored before a quiz
 * change: they count as no quiz).
 */
export function scoringAttributes({ answers, age, gender }: ScoringClient): ScoringAttributes | null {
  if (answers === null || age === null || !Number.isInteger(age) || age < 0 || age > MAX_AGE) return null;
  if (gender !== 1 && gender !== 2 && gender !== 3) return null;
  const codes = encodeAnswers(answers);
  const sought = SOUGHT_CODE.get(answers.q_1);
  const range = RANGE_INDEX.get(answers.q_2);
  if (codes === null || sought === undefined || range === undefined) return null;
  return { gender, sought, range, age, codes };
}

/** The bucket of people who are `gender`, look for `sought` and prefer the age range `range`. */
export function bucketIndex(gender: number, sought: number, range: number): number {
  return ((gender - 1) * GENDERS + (sought - 1)) * RANGE_BOUNDS.length + range;
}

/** Index of the first element ≥ key in block[0 … length). */
export function lowerBound(block: Int32Array, length: number, key: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (block[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A copy of a typed array with room for `capacity` elements. */
export function grown<T extends Uint8Array | Int32Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

const ATTRIBUTES = ['active', 'gender', 'sought', 'range', 'age', 'code0', 'code1', 'code2'] as const;

/**
 * The per-client arrays both engines keep, indexed by client id: `active` marks clients that can be
 * paired at all, the rest are their ScoringAttributes. They grow by doubling; an engine with arrays
 * of its own grows them in growTo.
 */
export abstract class ScoringTable {
  protected capacity = 0;
  protected active = new Uint8Array(0);
  protected gender = new Uint8Array(0);
  protected sought = new Uint8Array(0);
  protected range = new Uint8Array(0);
  protected age = new Uint8Array(0);
  protected code0 = new Uint8Array(0);
  protected code1 = new Uint8Array(0);
  protected code2 = new Uint8Array(0);

  /** Grows the engine's own per-client arrays to `capacity`. */
  protected abstract growTo(capacity: number): void;

  /** Forgets every client (the arrays start again empty). */
  protected clearAttributes(): void {
    this.capacity = 0;
    for (const name of ATTRIBUTES) this[name] = new Uint8Array(0);
  }

  protected ensureCapacity(id: number): void {
    if (id < this.capacity) return;
    let capacity = Math.max(MIN_CAPACITY, this.capacity);
    while (capacity <= id) capacity *= 2;
    for (const name of ATTRIBUTES) this[name] = grown(this[name], capacity);
    this.growTo(capacity);
    this.capacity = capacity;
  }

  /** Stores the client's attributes; false (and inactive) when she cannot be paired. */
  protected storeAttributes(client: ScoringClient): boolean {
    const { id } = client;
    const attributes = scoringAttributes(client);
    this.active[id] = 0;
    if (attributes === null) return false;
    this.gender[id] = attributes.gender;
    this.sought[id] = attributes.sought;
    this.range[id] = attributes.range;
    this.age[id] = attributes.age;
    [this.code0[id], this.code1[id], this.code2[id]] = attributes.codes;
    this.active[id] = 1;
    return true;
  }

  protected bucketOf(id: number): number {
    return bucketIndex(this.gender[id]!, this.sought[id]!, this.range[id]!);
  }
}
