import type { DealStatus } from '../../../shared/posts/dealStatus';

/** A deal's status as the page says it: the status, or that no post of it has one yet. */
export function dealStatusText(status: DealStatus | null): string {
  return status ?? 'No status yet';
}
