import { describe, expect, it } from 'vitest';
import { parseAmount, termsFields, termsFromFields, type TermsFields } from './termsInput';

const EMPTY = termsFields(undefined);
const form = (fields: Partial<TermsFields>): TermsFields => ({ ...EMPTY, ...fields });

describe('parseAmount', () => {
  it.each([
    ['8m', 8_000_000],
    ['£8.5m', 8_500_000],
    ['750k', 750_000],
    ['8,000,000', 8_000_000],
    [' €1bn ', 1_000_000_000],
    ['20M', 20_000_000],
    ['1.1m', 1_100_000],
    ['0.75m', 750_000],
  ])('%j → %d', (typed, amount) => {
    expect(parseAmount(typed)).toBe(amount);
  });

  it.each(['', '0', '-5m', '1.5', '1.2345k', '2bn', '1000000001', 'eight', '8 million'])(
    '%j is not an amount',
    (typed) => {
      expect(parseAmount(typed)).toBeNull();
    },
  );
});

describe('termsFromFields', () => {
  it('gives the terms as the rules take them: only the fields given, a currency with an amount', () => {
    expect(
      termsFromFields(form({ direction: 'in', club: ' Arden ', fee: 'amount', amount: '8m' })),
    ).toEqual({
      terms: { direction: 'in', club: 'Arden', fee: 'amount', amount: 8_000_000, currency: 'GBP' },
    });
    expect(termsFromFields(form({ direction: 'out', fee: 'undisclosed', amount: '8m' }))).toEqual({
      terms: { direction: 'out', fee: 'undisclosed' },
    });
    expect(
      termsFromFields(
        form({
          direction: 'in',
          loan: true,
          option: 'option',
          optionAmount: '20m',
          currency: 'EUR',
        }),
      ),
    ).toEqual({
      terms: { direction: 'in', loan: true, option: 'option', optionAmount: 20e6, currency: 'EUR' },
    });
    expect(termsFromFields(form({ direction: 'in', option: 'option' }))).toEqual({
      terms: { direction: 'in' },
    });
  });

  it('removes the terms when nothing is given, and asks for a direction when something is', () => {
    expect(termsFromFields(EMPTY)).toEqual({ terms: undefined });
    expect(termsFromFields(form({ fee: 'free' }))).toEqual({
      problem: 'Not saved: choose whether he came in or went out.',
    });
  });

  it('says why the rules would refuse an amount or a club', () => {
    expect(termsFromFields(form({ direction: 'in', fee: 'amount', amount: '8.5.5' }))).toEqual({
      problem: 'Not saved: the fee is not an amount (write it as 8m, 750k or 8000000, up to 1bn).',
    });
    expect(termsFromFields(form({ direction: 'in', club: 'x'.repeat(61) }))).toEqual({
      problem: "Not saved: the other club's name has too many characters.",
    });
    expect(
      termsFromFields(
        form({ direction: 'in', loan: true, option: 'obligation', optionAmount: 'lots' }),
      ),
    ).toEqual({
      problem:
        'Not saved: the price to buy is not an amount (write it as 8m, 750k or 8000000, up to 1bn).',
    });
  });

  it('shows a stored amount as the papers write it where that reads back exactly', () => {
    expect(
      termsFields({ direction: 'in', fee: 'amount', amount: 8_500_000, currency: 'EUR' }),
    ).toMatchObject({ amount: '€8.5m' });
    expect(
      termsFields({ direction: 'in', fee: 'amount', amount: 8_333_333, currency: 'GBP' }),
    ).toMatchObject({ amount: '8333333' });
  });

  it('fills the form back from stored terms', () => {
    const terms = {
      direction: 'out',
      club: 'Vale',
      fee: 'amount',
      amount: 5,
      currency: 'USD',
    } as const;
    expect(termsFromFields(termsFields(terms))).toEqual({ terms });
  });
});
