import type { ComponentProps } from 'react';
import { dealHref, pushDeal } from '../state/dealHistory';

export interface DealAnchorProps extends Omit<ComponentProps<'a'>, 'href' | 'onClick'> {
  dealId: string;
  /** Shows the deal's feed, once the address names it. */
  onShow: (id: string) => void;
}

/**
 * A link to a deal's feed (the strip's and a card's): a real address, so it can also be opened in
 * a new tab or shared; a plain click opens it on this page as a new history entry, so Back returns
 * to where the reader was (the browser restores the scroll position).
 */
export function DealAnchor({ dealId, onShow, ...props }: DealAnchorProps) {
  return (
    <a
      {...props}
      href={dealHref(dealId)}
      onClick={(event) => {
        // A modified click (new tab, window) is the browser's.
        if (
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        pushDeal(dealId);
        onShow(dealId);
      }}
    />
  );
}
