import { DealView, type DealViewProps } from './DealView';
import { InsAndOutsView } from './InsAndOutsView';

export interface DealPageProps extends Omit<DealViewProps, 'dealId'> {
  /** The deal whose feed to show; null: the window's ins and outs. */
  dealId: string | null;
}

/**
 * What an address in the deals' part of the page shows in place of the full feed: a deal's feed
 * (`?deal=<id>`) or the window's ins and outs (`?window`). One lazy component for both, so the first
 * load carries one loader, not two.
 */
export function DealPage({ dealId, ...props }: DealPageProps) {
  return dealId === null ? <InsAndOutsView /> : <DealView dealId={dealId} {...props} />;
}
