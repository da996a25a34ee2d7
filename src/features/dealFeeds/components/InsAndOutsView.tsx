import { useEffect, useId, useRef } from 'react';
import { DealAnchor, dealStatusText, DEALS_PER_READ, openedFromPage } from '../../deals';
import { AllPostsLink } from './AllPostsLink';
import type { Deal } from '../../deals';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import type { InsAndOuts, WindowRow } from '../data/insAndOuts';
import { useInsAndOuts } from '../hooks/useInsAndOuts';
import { formatOnFirstUse } from '../../../shared/text/formatOnFirstUse';
import './dealFeeds.css';

// Day and month: a window is a few weeks of one season, and the column stays narrow on a phone
// (the <time> element carries the full date).
const day = formatOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }),
);

/**
 * The window at a glance (`/?window`): who was signed and who left in the done deals, with when,
 * the other club and the fee, then the totals over the disclosed fees and the deals still in play.
 * Made from the deals the strip reads: no read of its own.
 */
export function InsAndOutsView() {
  const { view, status, capped, retry } = useInsAndOuts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const network = useNeedsNetwork();
  useEffect(() => {
    if (openedFromPage()) heading.current?.focus();
  }, []);
  useTitle('Ins and outs');

  return (
    <section className="window" aria-labelledby={headingId}>
      <header className="deal-view__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="deal-view__name">
          Ins and outs
        </h2>
        <AllPostsLink />
      </header>
      {status === 'failed' && (
        <div role="alert" className="feed__error">
          <p>The deals could not be loaded.</p>
          <button type="button" className="button button--primary" onClick={retry} {...network}>
            Retry
          </button>
        </div>
      )}
      <div aria-busy={status === 'loading'} className="window__body">
        <WindowTable caption="Signed" club="From" rows={view.signed} />
        <WindowTable caption="Left" club="To" rows={view.left} />
        {capped && (
          <p className="field__hint">The {DEALS_PER_READ} most recently done deals are shown.</p>
        )}
        <Totals totals={view.totals} />
        {view.unsorted.length > 0 && (
          <DealGroup heading="Done, terms not given" deals={view.unsorted} />
        )}
        <h3 className="deal-history__heading">Still in play</h3>
        {view.inPlay.length === 0 && <p>No deals in play.</p>}
        {view.inPlay.map(({ status: inPlay, deals }) => (
          <DealGroup
            key={inPlay ?? 'none'}
            heading={dealStatusText(inPlay)}
            deals={deals}

            level={4}
          />
        ))}
      </div>
    </section>
  );
}

interface WindowTableProps {
  caption: string;
  /** The other club's column: 'From' for those signed, 'To' for those who left. */
  club: string;
  rows: readonly WindowRow[];
}

/** One table of done deals: date, player (a link to the deal's feed), other club, fee. */
function WindowTable({ caption, club, rows }: WindowTableProps) {
  return (
    <table className="window__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Player</th>
          <th scope="col">{club}</th>
          <th scope="col">Fee</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={4}>None yet.</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <time dateTime={new Date(row.done).toISOString()}>{day().format(row.done)}</time>
            </td>
            <th scope="row">
              <DealAnchor dealId={row.id}>{row.name}</DealAnchor>
            </th>
            <td>{row.club || 'Not given'}</td>
            <td>{row.fee}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The totals over disclosed fees, and how many were undisclosed. */
function Totals({ totals }: { totals: InsAndOuts['totals'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="window__totals">
      <h3 id={headingId} className="deal-history__heading">
        Totals (disclosed fees only)
      </h3>
      <ul>
        <li>{totals.spent}</li>
        <li>{totals.received}</li>
        <li>{totals.net}</li>
        <li>{totals.undisclosed}</li>
      </ul>
    </section>
  );
}

interface DealGroupProps {
  heading: string;
  deals: readonly Deal[];
  level?: 3 | 4;
}

/** A heading and its deals, each a link to its feed. */
function DealGroup({ heading, deals, level = 3 }: DealGroupProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <Heading className="deal-history__heading">{heading}</Heading>
      <ul className="window__deals">
        {deals.map((deal) => (
          <li key={deal.id}>
            <DealAnchor dealId={deal.id}>{deal.name}</DealAnchor>
          </li>
        ))}
      </ul>
    </>
  );
}

/** `<name> – <the normal title>` while shown; the normal title after. */
function useTitle(name: string): void {
  useEffect(() => {
    const normal = document.title;
    document.title = normal ? `${name} – ${normal}` : name;
    return () => {
      document.title = normal;
    };
  }, [name]);
}
