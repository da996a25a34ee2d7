import type { ChangeStamp } from '../../../shared/posts/changes';
import { onEachSet } from '../../../shared/events/onEachSet';
import { createExternalStore } from '../../../shared/state/externalStore';

/** The stamps the last live check read, and when it read them. */
const lastStamps = createExternalStore<{
  stamps: readonly ChangeStamp[];
  readTime: string;
} | null>(null);

/**
 * Calls `listener` with the stamps each live check read, and when it read them: the comments
 * feature reads again what the page shows of each changed thread. Returns the function that stops.
 */
export function onThreadStamps(
  listener: (stamps: readonly ChangeStamp[], readTime: string) => void,
): () => void {
  return onEachSet(lastStamps, ({ stamps, readTime }) => listener(stamps, readTime));
}

export function tellThreadStamps(stamps: readonly ChangeStamp[], readTime: string): void {
  lastStamps.set({ stamps, readTime });
}
