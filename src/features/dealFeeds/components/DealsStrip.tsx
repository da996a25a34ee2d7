import { memo, useEffect, useId } from 'react';
import type { Deal } from '../../deals';
import type { StripFilter } from '../data/stripLists';
import { useDealsStrip } from '../hooks/useDealsStrip';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import { provideDealLink } from '../../feed';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { DealAnchor, WindowAnchor, useDealAddress } from '../../deals';
import { DealNotice } from '../../deals';
import { dealStatusText } from '../../deals';
import { PostDealLink } from '../../deals';
import './dealFeeds.css';

const FILTERS: [StripFilter, string][] = [
  ['all', 'All deals'],
  ['open', 'Open deals'],
  ['done', 'Done deals'],
  ['following', 'Following'],
];

const EMPTY: Record<StripFilter, string> = {
  all: 'No deals yet.',
  open: 'No open deals.',
  done: 'No done deals yet.',
  following: 'No followed deals: open a deal and press Follow.',
};

/**
 * The deals of the window at a glance, above the feed: each deal's status and when it last changed,
 * most recently changed first, filtered to all, open, done or followed deals. Each is a link to its
 * feed, so it can also be opened in a new tab or shared; 'Ins and outs' links to the window's
 * table. A followed deal's move is told below it. Memoised (it takes no props): the page's renders,
 * a search keystroke's among them, pass it by.
 */
export const DealsStrip = memo(function DealsStrip() {
  const { filter, setFilter, list, retry } = useDealsStrip();
  const headingId = useId();
  const now = useNow(TIME_REFRESH_MS);
  const network = useNeedsNetwork();
  // What the address names is marked as the current page.
  const [current, insAndOuts] = useDealAddress();
  // The strip's chunk brings the cards' links to their deals, named from what the strip reads.
  useEffect(() => provideDealLink((dealId) => <PostDealLink dealId={dealId} />), []);
  return (
    <section className="deals" aria-labelledby={headingId}>
      <div className="deals__bar">
        {/* Named for screen readers; on screen the filters say it ('All deals'…), in one row. */}
        <h2 id={headingId} className="visually-hidden">
          Deals
        </h2>
        <div className="deals__filters" role="group" aria-label="Which deals">
          {FILTERS.map(([key, label]) => (
            <button
              key={key}
              type="button"
              className="deals__filter"
              aria-pressed={filter === key}
              onClick={() => setFilter(key)}
            >
              {label}
            </button>
          ))}
        </div>
        <WindowAnchor
          className="deals__filter deals__window"
          aria-current={insAndOuts ? 'page' : undefined}
        >
          Ins and outs
        </WindowAnchor>
      </div>
      {list.status === 'failed' ? (
        <p className="deals__status deals__note">
          The deals could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={retry} {...network}>
            Retry
          </button>
        </p>
      ) : list.status === 'ready' && list.deals.length === 0 ? (
        <p className="deals__status deals__note">{EMPTY[filter]}</p>
      ) : (
        <ul className="deals__list" aria-busy={list.status === 'loading'}>
          {list.deals.map((deal) => (
            <li key={deal.id}>
              <DealLink deal={deal} now={now} current={deal.id === current} />
            </li>
          ))}
        </ul>
      )}
      <DealNotice />
    </section>
  );
});

interface DealLinkProps {
  deal: Deal;
  now: number;
  current: boolean;
}

/** 'Mateo Arlanza · Medical · 2 hours ago', a link to the deal's feed. */
function DealLink({ deal, now, current }: DealLinkProps) {
  return (
    <DealAnchor
      className="deals__deal"
      dealId={deal.id}
      aria-current={current ? 'page' : undefined}
    >
      <span className="deals__name">{deal.name}</span> · {dealStatusText(deal.status)} ·{' '}
      <PublishedTime created={deal.changed} now={now} />
    </DealAnchor>
  );
}
