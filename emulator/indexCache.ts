/**
 * Which ordered indexes a database keeps, so memory stays bounded whatever orders queries ask for.
 * A segmented LRU: a new index enters a small probation segment; a second query with the same
 * order moves it to the protected segment. Orders asked once (a scan of many distinct orders)
 * only ever evict each other, so the feed's own indexes stay built and fast. Both segments are
 * bounded in count, and all indexes together in entries.
 */
import { ApiError } from './errors';
import type { OrderedIndex } from './orderedIndex';

export interface IndexLimits {
  probation: number;
  protected: number;
  /** Entries over all kept indexes (an entry costs about 100 bytes). */
  entries: number;
}

export const DEFAULT_INDEX_LIMITS: IndexLimits = {
  probation: 8,
  protected: 24,
  entries: 2_000_000,
};

interface Slot {
  collection: string;
  key: string;
  index: OrderedIndex;
}

export class IndexCache {
  /** Map order is recency order: the first slot is the least recently used. */
  private readonly probation = new Map<string, Slot>();
  private readonly protected = new Map<string, Slot>();

  constructor(
    private readonly limits: IndexLimits,
    /** Called when an index is dropped, so the owner stops maintaining it. */
    private readonly onEvict: (collection: string, key: string) => void,
  ) {}

  /** Marks a kept index as used now; returns it, or undefined when it is not kept. */
  use(collection: string, key: string): OrderedIndex | undefined {
    const id = slotId(collection, key);
    const guarded = this.protected.get(id);
    if (guarded) {
      this.protected.delete(id);
      this.protected.set(id, guarded);
      return guarded.index;
    }
    const trial = this.probation.get(id);
    if (!trial) return undefined;
    this.probation.delete(id);
    this.protected.set(id, trial);
    this.trim();
    return trial.index;
  }

  /** Refuses an index of `size` entries that could never be kept (Firestore's RESOURCE_EXHAUSTED). */
  assertFits(size: number): void {
    if (size > this.limits.entries) {
      throw new ApiError(
        'RESOURCE_EXHAUSTED',
        `This query needs an index over ${size.toLocaleString('en-US')} documents; the emulator holds at most ${this.limits.entries.toLocaleString('en-US')} indexed entries.`,
      );
    }
  }

  add(collection: string, key: string, index: OrderedIndex): void {
    this.probation.set(slotId(collection, key), { collection, key, index });
    this.trim();
  }

  get count(): number {
    return this.probation.size + this.protected.size;
  }

  private trim(): void {
    // Protected overflow goes back to probation (as the most recent there), not out.
    while (this.protected.size > this.limits.protected) {
      const [id, slot] = first(this.protected);
      this.protected.delete(id);
      this.probation.set(id, slot);
    }
    while (
      this.probation.size > this.limits.probation ||
      (this.count > 1 && this.entries() > this.limits.entries)
    ) {
      const segment = this.probation.size > 0 ? this.probation : this.protected;
      const [id, slot] = first(segment);
      segment.delete(id);
      this.onEvict(slot.collection, slot.key);
    }
  }

  private entries(): number {
    let total = 0;
    for (const segment of [this.probation, this.protected]) {
      for (const slot of segment.values()) total += slot.index.size;
    }
    return total;
  }
}

function slotId(collection: string, key: string): string {
  return `${collection}\u0003${key}`;
}

function first(segment: Map<string, Slot>): [string, Slot] {
  const entry = segment.entries().next();
  if (entry.done) throw new Error('IndexCache: trimming an empty segment');
  return entry.value;
}
