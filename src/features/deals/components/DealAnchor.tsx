import type { ComponentProps, MouseEvent } from 'react';
import { dealHref, pushDeal, pushWindow, windowHref } from '../state/dealHistory';

export interface DealAnchorProps extends Omit<ComponentProps<'a'>, 'href' | 'onClick'> {
  dealId: string;
}

/**
 * A link to a deal's feed (the strip's and a card's): a real address, so it can also be opened in
 * a new tab or shared; a plain click opens it on this page as a new history entry, so Back returns
 * to where the reader was (the browser restores the scroll position).
 */
export function DealAnchor({ dealId, ...props }: DealAnchorProps) {
  return (
    <a
      {...props}
      href={dealHref(dealId)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        pushDeal(dealId);
      }}
    />
  );
}

/** The link to the window's 'Ins and outs' (`/?window`), opened on this page as a deal's feed is. */
export function WindowAnchor(props: Omit<ComponentProps<'a'>, 'href' | 'onClick'>) {
  return (
    <a
      {...props}
      href={windowHref()}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        pushWindow();
      }}
    />
  );
}

/** A plain click: a modified one (new tab, window) is the browser's. */
function isPlainClick(event: MouseEvent): boolean {
  return !(event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
