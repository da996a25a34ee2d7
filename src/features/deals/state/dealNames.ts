import { useSyncExternalStore } from 'react';
import type { Deal } from '../data/deal';

// The names of the deals this page has read, by id: what a card's link to its deal says. Nothing
// is read for them: the strip's lists and a deal's feed tell them (a deal not among them yet has
// no link until it is), and a renamed deal's next read renames its links.
const names = new Map<string, string>();
const listeners = new Set<() => void>();

/** The deals a read brought: their cards' links say these names from now on. */
export function learnDealNames(deals: readonly Pick<Deal, 'id' | 'name'>[]): void {
  let changed = false;
  for (const { id, name } of deals) {
    if (names.get(id) === name) continue;
    names.set(id, name);
    changed = true;
  }
  if (changed) for (const listener of listeners) listener();
}

/** The name of deal `id`, once this page has read it; undefined before. */
export function useDealName(id: string): string | undefined {
  return useSyncExternalStore(subscribe, () => names.get(id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
