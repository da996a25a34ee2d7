/**
 * A collection's documents sorted by one ordering (e.g. created desc, __name__ desc), kept up to
 * date on every write, so a page query binary-searches its start instead of sorting the collection.
 * Like Firestore's indexes, it holds only documents that have every ordered field.
 *
 * Storage is always in the ascending sense of the first order: a descending index keeps its
 * entries reversed and is read from the end. New posts (the largest `created`) are then appended
 * rather than spliced in at the front of a 100,000-entry array.
 */
import { getField, isNameField, type FieldPath } from './fieldPath';
import type { Value } from './model';
import type { StoredDoc } from './storedDoc';
import { compareValues } from './valueOrder';

export interface IndexOrder {
  path: FieldPath;
  desc: boolean;
}

export interface IndexEntry {
  doc: StoredDoc;
  keys: Value[];
}

export class OrderedIndex {
  /** Sorted by the orders, each direction flipped when `reversed`. */
  private readonly entries: IndexEntry[] = [];
  private readonly reversed: boolean;

  /** The last order must be __name__, which makes every entry's position unique. */
  constructor(
    readonly orders: readonly IndexOrder[],
    docs: Iterable<StoredDoc>,
  ) {
    this.reversed = orders[0]?.desc ?? false;
    for (const doc of docs) {
      const keys = this.keysOf(doc);
      if (keys) this.entries.push({ doc, keys });
    }
    this.entries.sort((a, b) => this.storageCompare(a.keys, b.keys));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entry at a position in the index's own (logical) order. */
  at(position: number): IndexEntry {
    return this.entries[this.reversed ? this.entries.length - 1 - position : position];
  }

  /** The document's values for each order, or null when it lacks one (then it is not indexed). */
  keysOf(doc: StoredDoc): Value[] | null {
    const keys: Value[] = [];
    for (const order of this.orders) {
      const value = isNameField(order.path) ? doc.ref : getField(doc.fields, order.path);
      if (value === undefined) return null;
      keys.push(value);
    }
    return keys;
  }

  /** Compares two key lists (or a prefix, for cursors) in this index's logical directions. */
  compareKeys(a: readonly Value[], b: readonly Value[]): number {
    const length = Math.min(a.length, b.length);
    for (let i = 0; i < length; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return this.orders[i].desc ? -c : c;
    }
    return 0;
  }

  /** First logical position whose entry satisfies `after`, which must be false then true along the index. */
  lowerBound(after: (entry: IndexEntry) => boolean): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (after(this.at(mid))) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  insert(doc: StoredDoc): void {
    const keys = this.keysOf(doc);
    if (!keys) return;
    const at = this.storagePosition(keys);
    if (at === this.entries.length) this.entries.push({ doc, keys });
    else this.entries.splice(at, 0, { doc, keys });
  }

  remove(doc: StoredDoc): void {
    const keys = this.keysOf(doc);
    if (!keys) return;
    const at = this.storagePosition(keys);
    if (this.entries[at]?.doc === doc) this.entries.splice(at, 1);
  }

  private storageCompare(a: readonly Value[], b: readonly Value[]): number {
    const c = this.compareKeys(a, b);
    return this.reversed ? -c : c;
  }

  /** First storage position not before `keys`. */
  private storagePosition(keys: readonly Value[]): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.storageCompare(this.entries[mid].keys, keys) >= 0) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

export function indexKey(orders: readonly IndexOrder[]): string {
  return orders
    .map((order) => `${order.path.join('\u0000')}\u0001${order.desc ? 'd' : 'a'}`)
    .join('\u0002');
}
