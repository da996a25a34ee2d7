/**
 * How far a transfer has got: a post's optional `status`. firestore.rules accepts exactly this list
 * (isDealStatus there); tests/config/dealStatus.test.ts checks that the two agree.
 */
export const DEAL_STATUSES = [
  'Rumour',
  'Talks',
  'Bid made',
  'Agreed',
  'Medical',
  'Done deal',
  'Collapsed',
] as const;

export type DealStatus = (typeof DEAL_STATUSES)[number];

export function isDealStatus(value: unknown): value is DealStatus {
  return DEAL_STATUSES.some((status) => status === value);
}
