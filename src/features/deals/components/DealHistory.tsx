import { useId } from 'react';
import type { DealStep } from '../data/deal';
import { formatExactTime } from '../../../shared/text/relativeTime';
import './deals.css';

/** How the deal got where it is: each status with its date, oldest first. */
export function DealHistory({ history }: { history: readonly DealStep[] }) {
  const headingId = useId();
  if (history.length === 0) return null;
  return (
    <section className="deal-history" aria-labelledby={headingId}>
      <h3 id={headingId} className="deal-history__heading">
        Status history
      </h3>
      <ol className="deal-history__steps" aria-labelledby={headingId}>
        {history.map((step, index) => (
          <li key={index} className="deal-history__step">
            <span className="deal-history__status">{step.status}</span>{' '}
            <time dateTime={new Date(step.at).toISOString()}>{formatExactTime(step.at)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
