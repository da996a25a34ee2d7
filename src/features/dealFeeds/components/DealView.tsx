import { Suspense, useEffect, useId, useRef } from 'react';
import { isAdmin, type AppUser } from '../../../shared/permissions/permissions';
import { LazyDealTermsForm } from '../../admin';
import { Feed } from '../../feed';
import { useDealFeed } from '../hooks/useDealFeed';
import { openedFromPage } from '../../deals';
import { AllPostsLink } from './AllPostsLink';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { DealHistory } from '../../deals';
import { FollowButton } from '../../deals';
import { dealStatusText } from '../../deals';
import { ShownDeal } from '../../deals';
import { DealTermsList } from '../../deals';
import './dealFeeds.css';

export interface DealViewProps {
  dealId: string;
  query: string;
  user: AppUser | null;
  /** No deal has this id: the page shows the full feed with a notice instead. */
  onMissing: (id: string) => void;
}

const FAILED = 'This deal could not be loaded';

/**
 * A deal's own feed: its name, where it stands and how it got there, then its posts as the full
 * feed shows them (paged, searchable, live, with the same card controls). Opened from the page,
 * focus moves to its heading, so a screen reader hears which deal this is.
 */
export function DealView({ dealId, query, user, onMissing }: DealViewProps) {
  const { read, retry, feed } = useDealFeed(dealId);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const network = useNeedsNetwork();
  const { deal } = read;

  useEffect(() => {
    if (read.status === 'missing') onMissing(dealId);
  }, [read.status, dealId, onMissing]);
  useEffect(() => {
    if (openedFromPage()) heading.current?.focus();
  }, []);
  useDealTitle(deal?.name ?? null);

  return (
    <div className="deal-view">
      <header className="deal-view__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="deal-view__name">
          {deal?.name ?? 'Deal'}
        </h2>
        {deal && <p className="deal-view__status">Now: {dealStatusText(deal.status)}</p>}
        {deal && <FollowButton deal={deal} />}
        <AllPostsLink />
      </header>
      {read.status === 'failed' && (
        <div role="alert" className="feed__error">
          <p>{FAILED}</p>
          <button type="button" className="button button--primary" onClick={retry} {...network}>
            Retry
          </button>
        </div>
      )}
      {deal && <DealTermsList terms={deal.terms} />}
      {deal && <DealHistory history={deal.history} />}
      {deal && isAdmin(user) && (
        <Suspense fallback={null}>
          <LazyDealTermsForm key={deal.id} deal={deal} />
        </Suspense>
      )}
      <ShownDeal value={dealId}>
        <Feed
          feed={feed}
          query={query}
          alsoMatches={deal?.name}
          user={user}
          labelledBy={headingId}
          firstPageFailure={FAILED}
        />
      </ShownDeal>
    </div>
  );
}

/** `<deal name> – <the normal title>` while the deal is shown; the normal title after. */
function useDealTitle(name: string | null): void {
  useEffect(() => {
    if (name === null) return;
    const normal = document.title;
    document.title = normal ? `${name} – ${normal}` : name;
    return () => {
      document.title = normal;
    };
  }, [name]);
}
