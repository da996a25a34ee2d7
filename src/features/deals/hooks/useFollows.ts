import { useExternalStore } from '../../../shared/state/externalStore';
import { follows, readFollows, type FollowedDeal } from '../state/follows';

/**
 * The followed deals, rendered again when they change (here or in another tab). Read from storage
 * itself, not from the value last told: the same list object while the stored text is the same.
 */
export function useFollows(): FollowedDeal[] {
  return useExternalStore(follows, () => readFollows());
}
