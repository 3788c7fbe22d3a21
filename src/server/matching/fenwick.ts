/**
 * Counts over positions 0 … capacity-1 with O(log n) update, prefix sum and "which position holds the
 * k-th item" (a Fenwick tree). The capacity is a power of two, so the last node holds the total and
 * growing keeps every existing node.
 */
export class Fenwick {
  private tree: Int32Array;

  constructor(capacity: number) {
    if (capacity < 1 || (capacity & (capacity - 1)) !== 0)
      throw new RangeError('capacity must be a power of two');
    this.tree = new Int32Array(capacity + 1);
  }

  /** A tree over `counts` (whose length is a power of two), built in O(n). */
  static fromCounts(counts: Int32Array): Fenwick {
    const fenwick = new Fenwick(counts.length);
    const tree = fenwick.tree;
    tree.set(counts, 1);
    for (let i = 1; i < tree.length; i++) {
      const parent = i + (i & -i);
      if (parent < tree.length) tree[parent]! += tree[i]!;
    }
    return fenwick;
  }

  get capacity(): number {
    return this.tree.length - 1;
  }

  get total(): number {
    return this.tree[this.tree.length - 1]!;
  }

  add(position: number, delta: number): void {
    const tree = this.tree;
    for (let i = position + 1; i < tree.length; i += i & -i) tree[i]! += delta;
  }

  /** The sum of the counts at positions before `position`. */
  prefix(position: number): number {
    const tree = this.tree;
    let sum = 0;
    for (let i = position; i > 0; i -= i & -i) sum += tree[i]!;
    return sum;
  }

  /** The position holding item number k (0-based) in position order; requires k < total. */
  find(k: number): number {
    const tree = this.tree;
    let position = 0;
    let rest = k;
    for (let step = this.capacity; step > 0; step >>= 1) {
      const next = position + step;
      if (next < tree.length && tree[next]! <= rest) {
        position = next;
        rest -= tree[next]!;
      }
    }
    return position;
  }

  /** Grows to a larger power of two: new positions are empty, so each new top node is the old total. */
  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    if ((capacity & (capacity - 1)) !== 0) throw new RangeError('capacity must be a power of two');
    const tree = new Int32Array(capacity + 1);
    tree.set(this.tree);
    for (let top = this.capacity * 2; top <= capacity; top *= 2) tree[top] = tree[top / 2]!;
    this.tree = tree;
  }
}
