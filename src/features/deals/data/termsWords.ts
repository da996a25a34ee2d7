import { roundedText } from '../../../shared/text/numberText';
import type { Currency, DealTerms } from './dealTerms';

/**
 * A deal's terms in the words a fan reads: '£8m', 'Undisclosed', 'Free', 'Loan, option to buy
 * £20m'; and a window's totals over its disclosed fees. Pure, for the 'Ins and outs' view and a
 * deal's feed.
 */

const SYMBOLS: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

const SCALES: [number, string][] = [
  [1_000_000_000, 'bn'],
  [1_000_000, 'm'],
  [1_000, 'k'],
];

/** An amount as the papers write it: '£8m', '£8.5m', '£750k', '€1bn', '$900'. */
export function moneyWords(amount: number, currency: Currency): string {
  const [scale, suffix] = SCALES.find(([size]) => amount >= size) ?? [1, ''];
  return `${SYMBOLS[currency]}${roundedText(amount / scale, 2)}${suffix}`;
}

/** The fee column: what was paid, or that nothing was said, for a deal with terms. */
export function feeWords(terms: DealTerms): string {
  const currency = terms.currency ?? 'GBP';
  const fee =
    terms.fee === 'amount' && terms.amount !== undefined
      ? moneyWords(terms.amount, currency)
      : terms.fee === 'undisclosed'
        ? 'Undisclosed'
        : terms.fee === 'free'
          ? 'Free'
          : null;
  if (!terms.loan) return fee ?? 'Not given';
  const words = ['Loan'];
  // A free loan is just a loan; a loan's fee is what the borrowing club pays for the season.
  if (terms.fee === 'amount' && fee) words.push(`${fee} fee`);
  if (terms.fee === 'undisclosed') words.push('undisclosed fee');
  if (terms.option) {
    const price =
      terms.optionAmount === undefined ? '' : ` ${moneyWords(terms.optionAmount, currency)}`;
    words.push(`${terms.option === 'option' ? 'option' : 'obligation'} to buy${price}`);
  }
  return words.join(', ');
}

/** Sums per currency, in the order first met. */
export type Sums = Map<Currency, number>;

export interface WindowTotals {
  /** Disclosed fees paid for players signed. */
  spent: Sums;
  /** Disclosed fees received for players who left. */
  received: Sums;
  /** Fees not disclosed, either way. */
  undisclosed: number;
}

/**
 * The totals of a window's done deals: the disclosed fees (a loan's fee included, an option's price
 * not: it may never be paid) spent on the ins and received for the outs, and how many fees were
 * undisclosed. Free transfers and fees not given count in neither.
 */
export function windowTotals(terms: readonly DealTerms[]): WindowTotals {
  const totals: WindowTotals = { spent: new Map(), received: new Map(), undisclosed: 0 };
  for (const deal of terms) {
    if (deal.fee === 'undisclosed') totals.undisclosed += 1;
    if (deal.fee !== 'amount' || deal.amount === undefined) continue;
    const sums = deal.direction === 'in' ? totals.spent : totals.received;
    const currency = deal.currency ?? 'GBP';
    sums.set(currency, (sums.get(currency) ?? 0) + deal.amount);
  }
  return totals;
}

function sumsWords(sums: Sums): string {
  if (sums.size === 0) return 'nothing disclosed';
  return [...sums].map(([currency, amount]) => moneyWords(amount, currency)).join(' + ');
}

/**
 * The totals as three lines and a count: 'Spent £8m', 'Received nothing disclosed', 'Net £8m
 * spent', '1 undisclosed'. Net is worked out per currency: no exchange rate is assumed.
 */
export function totalsWords({ spent, received, undisclosed }: WindowTotals): {
  spent: string;
  received: string;
  net: string;
  undisclosed: string;
} {
  const currencies = [...new Set([...spent.keys(), ...received.keys()])];
  const net = currencies.map((currency) => {
    const balance = (received.get(currency) ?? 0) - (spent.get(currency) ?? 0);
    if (balance === 0) return `${SYMBOLS[currency]}0`;
    const words = moneyWords(Math.abs(balance), currency);
    return balance < 0 ? `${words} spent` : `${words} received`;
  });
  return {
    spent: `Spent ${sumsWords(spent)}`,
    received: `Received ${sumsWords(received)}`,
    net: `Net ${net.length === 0 ? 'nothing disclosed' : net.join(', ')}`,
    undisclosed: undisclosed === 0 ? 'No fee undisclosed' : `${undisclosed} undisclosed`,
  };
}
