import { describe, expect, it } from 'vitest';
import type { DealTerms } from './dealTerms';
import { feeWords, moneyWords, totalsWords, windowTotals } from './termsWords';

describe('moneyWords', () => {
  it.each([
    [8_000_000, 'GBP', '£8m'],
    [8_500_000, 'GBP', '£8.5m'],
    [20_250_000, 'EUR', '€20.25m'],
    [750_000, 'GBP', '£750k'],
    [1_000_000_000, 'USD', '$1bn'],
    [900, 'GBP', '£900'],
  ] as const)('%d %s → %s', (amount, currency, words) => {
    expect(moneyWords(amount, currency)).toBe(words);
  });
});

describe('feeWords', () => {
  it.each<[DealTerms, string]>([
    [{ direction: 'in', fee: 'amount', amount: 8_000_000, currency: 'GBP' }, '£8m'],
    [{ direction: 'out', fee: 'undisclosed' }, 'Undisclosed'],
    [{ direction: 'in', fee: 'free' }, 'Free'],
    [{ direction: 'in' }, 'Not given'],
    [{ direction: 'in', loan: true }, 'Loan'],
    [{ direction: 'in', loan: true, fee: 'free' }, 'Loan'],
    [
      {
        direction: 'in',
        loan: true,
        option: 'option',
        optionAmount: 20_000_000,
        currency: 'GBP',
      },
      'Loan, option to buy £20m',
    ],
    [
      {
        direction: 'out',
        loan: true,
        fee: 'amount',
        amount: 1_500_000,
        currency: 'EUR',
        option: 'obligation',
        optionAmount: 12_000_000,
      },
      'Loan, €1.5m fee, obligation to buy €12m',
    ],
    [
      { direction: 'in', loan: true, fee: 'undisclosed', option: 'option' },
      'Loan, undisclosed fee, option to buy',
    ],
  ])('%j → %s', (terms, words) => {
    expect(feeWords(terms)).toBe(words);
  });
});

describe('the window’s totals', () => {
  it('say spent £8m, received nothing disclosed, 1 undisclosed for an in at £8m, a free and an undisclosed out', () => {
    const words = totalsWords(
      windowTotals([
        { direction: 'in', fee: 'amount', amount: 8_000_000, currency: 'GBP' },
        { direction: 'in', fee: 'free' },
        { direction: 'out', fee: 'undisclosed' },
      ]),
    );
    expect(words).toEqual({
      spent: 'Spent £8m',
      received: 'Received nothing disclosed',
      net: 'Net £8m spent',
      undisclosed: '1 undisclosed',
    });
  });

  it('count a loan’s fee but not its option’s price, and keep currencies apart', () => {
    const totals = windowTotals([
      { direction: 'in', fee: 'amount', amount: 5_000_000, currency: 'GBP' },
      { direction: 'out', fee: 'amount', amount: 12_000_000, currency: 'GBP' },
      {
        direction: 'in',
        loan: true,
        fee: 'amount',
        amount: 1_000_000,
        currency: 'EUR',
        option: 'option',
        optionAmount: 30_000_000,
      },
      { direction: 'out', fee: 'undisclosed', loan: true },
      { direction: 'out', fee: 'undisclosed' },
    ]);
    expect(totalsWords(totals)).toEqual({
      spent: 'Spent £5m + €1m',
      received: 'Received £12m',
      net: 'Net £7m received, €1m spent',
      undisclosed: '2 undisclosed',
    });
  });

  it('say nothing disclosed with no deals, and an even net as 0', () => {
    expect(totalsWords(windowTotals([]))).toEqual({
      spent: 'Spent nothing disclosed',
      received: 'Received nothing disclosed',
      net: 'Net nothing disclosed',
      undisclosed: 'No fee undisclosed',
    });
    const even = windowTotals([
      { direction: 'in', fee: 'amount', amount: 3_000_000, currency: 'GBP' },
      { direction: 'out', fee: 'amount', amount: 3_000_000, currency: 'GBP' },
    ]);
    expect(totalsWords(even).net).toBe('Net £0');
  });
});
