import type { DealTerms } from '../data/dealTerms';
import { feeWords } from '../data/termsWords';
import './deals.css';

const DIRECTION_WORDS = { in: 'In: signed', out: 'Out: left' } as const;

/** A deal's terms on its own feed: which way, the other club, the fee; or that none were given. */
export function DealTermsList({ terms }: { terms: DealTerms | undefined }) {
  if (!terms) return <p className="deal-terms">Terms not given</p>;
  return (
    <dl className="deal-terms">
      <div>
        <dt>Direction</dt>
        <dd>{DIRECTION_WORDS[terms.direction]}</dd>
      </div>
      <div>
        <dt>{terms.direction === 'in' ? 'From' : 'To'}</dt>
        <dd>{terms.club ?? 'Not given'}</dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd>{feeWords(terms)}</dd>
      </div>
    </dl>
  );
}
