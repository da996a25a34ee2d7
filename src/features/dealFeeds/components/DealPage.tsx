import { useEffect } from 'react';
import { isDealId } from '../../deals';
import { DealView, type DealViewProps } from './DealView';
import { InsAndOutsView } from './InsAndOutsView';

export interface DealPageProps extends Omit<DealViewProps, 'dealId'> {
  /** The deal whose feed to show; null: the window's ins and outs. */
  dealId: string | null;
}

/**
 * What an address in the deals' part of the page shows in place of the full feed: a deal's feed
 * (`?deal=<id>`) or the window's ins and outs (`?window`). One lazy component for both, so the
 * first load carries one loader, not two. An id no deal can have is missing at once, never asked
 * for (the check lives here, not in the first load).
 */
export function DealPage({ dealId, ...props }: DealPageProps) {
  if (dealId === null) return <InsAndOutsView />;
  if (!isDealId(dealId)) return <NoSuchDeal id={dealId} onMissing={props.onMissing} />;
  return <DealView dealId={dealId} {...props} />;
}

/** Nothing to show: the page is told at once that the address names no deal. */
function NoSuchDeal({ id, onMissing }: { id: string; onMissing: (id: string) => void }) {
  useEffect(() => onMissing(id), [id, onMissing]);
  return null;
}
