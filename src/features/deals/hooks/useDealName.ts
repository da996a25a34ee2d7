import { useExternalStore } from '../../../shared/state/externalStore';
import { dealNames } from '../state/dealNames';

/** The name of deal `id`, once this page has read it (shown in the background); undefined before. */
export function useDealName(id: string): string | undefined {
  return useExternalStore(dealNames, (known) => known.get(id));
}
