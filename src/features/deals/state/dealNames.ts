import { createExternalStore } from '../../../shared/state/externalStore';
import type { Deal } from '../data/deal';

// The names of the deals this page has read, by id: what a card's link to its deal says. Nothing
// is read for them: the strip's lists and a deal's feed tell them (a deal not among them yet has
// no link until it is), and a renamed deal's next read renames its links.
export const dealNames = createExternalStore(new Map<string, string>());

/** The deals a read brought: their cards' links say these names from now on. */
export function learnDealNames(deals: readonly Pick<Deal, 'id' | 'name'>[]): void {
  const known = dealNames.get();
  const renamed = deals.filter(({ id, name }) => known.get(id) !== name);
  for (const { id, name } of renamed) known.set(id, name);
  if (renamed.length > 0) dealNames.set(known);
}
