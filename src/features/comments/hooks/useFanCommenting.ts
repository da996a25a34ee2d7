import { useExternalStore } from '../../../shared/state/externalStore';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import { isSuspendedAt, type Suspension } from '../data/commenting';
import type { AppUser } from '../../../shared/permissions/permissions';
import { askOwnSuspension, fan } from '../state/fanCommenting';

/**
 * The signed-in fan's own suspension while it is in force (checked again every TIME_REFRESH_MS):
 * null while unknown, none or over (the rules still decide).
 */
export function useOwnSuspension(user: AppUser): Suspension | null {
  askOwnSuspension(user);
  const suspension = useExternalStore(fan, ({ reads }) => reads.get(user.uid) ?? null);
  const now = useNow(TIME_REFRESH_MS);
  return isSuspendedAt(suspension, now) ? suspension : null;
}

/** Whether this page reported the comment of `key` (fanCommenting's reportKey). */
export function useReported(key: string): boolean {
  return useExternalStore(fan, ({ reported }) => reported.has(key));
}
