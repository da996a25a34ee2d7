import { use } from 'react';
import { useDealName } from '../hooks/useDealNames';
import { DealAnchor } from './DealAnchor';
import { ShownDeal } from './shownDeal';

export interface PostDealLinkProps {
  dealId: string;
  onShow: (id: string) => void;
}

/**
 * A card's way to its deal's story: the deal's name, a link to its feed, beside the status badge.
 * Nothing while the deal's name is not known yet (no read of its own) and on the deal's own feed.
 */
export function PostDealLink({ dealId, onShow }: PostDealLinkProps) {
  const name = useDealName(dealId);
  const shown = use(ShownDeal);
  if (name === undefined || dealId === shown) return null;
  return (
    <DealAnchor className="post__deal" dealId={dealId} onShow={onShow}>
      {name}
      <span className="visually-hidden">: all posts on this deal</span>
    </DealAnchor>
  );
}
