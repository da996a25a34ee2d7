import type { ChangeStamp } from '../../../shared/posts/changes';

type StampsListener = (stamps: readonly ChangeStamp[], readTime: string) => void;

const listeners = new Set<StampsListener>();

/**
 * Calls `listener` with the stamps each live check read, and when it read them: the comments
 * feature reads again what the page shows of each changed thread. Returns the function that stops.
 */
export function onThreadStamps(listener: StampsListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function tellThreadStamps(stamps: readonly ChangeStamp[], readTime: string): void {
  listeners.forEach((listener) => listener(stamps, readTime));
}
