import { use } from 'react';
import { useDealName } from '../hooks/useDealName';
import { DealAnchor } from './DealAnchor';
import { ShownDeal } from '../data/shownDeal';
import './deals.css';

export interface PostDealLinkProps {
  dealId: string;
}

/**
 * A card's way to its deal's story: the deal's name, a link to its feed, beside the status badge.
 * Nothing while the deal's name is not known yet (no read of its own) and on the deal's own feed.
 */
export function PostDealLink({ dealId }: PostDealLinkProps) {
  const name = useDealName(dealId);
  const shown = use(ShownDeal);
  if (name === undefined || dealId === shown) return null;
  return (
    // Named in full by a label that starts with what it shows (the name alone would not say where
    // it goes; a hidden span would be read with a space before its colon, as a block of its own).
    <DealAnchor
      className="post__deal"
      dealId={dealId}
      aria-label={`${name}: all posts on this deal`}
    >
      {name}
    </DealAnchor>
  );
}
