import { useExternalStore } from '../../../shared/state/externalStore';
import type { Suspension } from '../data/commenting';
import type { AppUser } from '../../../shared/permissions/permissions';
import { askOwnSuspension, fan } from '../state/fanCommenting';

/** The signed-in fan's own suspension: null while unknown or none (the rules still decide). */
export function useOwnSuspension(user: AppUser): Suspension | null {
  askOwnSuspension(user);
  return useExternalStore(fan, ({ reads }) => reads.get(user.uid) ?? null);
}

/** Whether this page reported the comment of `key` (fanCommenting's reportKey). */
export function useReported(key: string): boolean {
  return useExternalStore(fan, ({ reported }) => reported.has(key));
}
