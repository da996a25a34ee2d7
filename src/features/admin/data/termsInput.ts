import {
  CLUB_CURRENCY,
  isAmount,
  type Currency,
  type DealTerms,
  type Direction,
  type FeeKind,
  type LoanOption,
} from '../../deals/data/dealTerms';
import { moneyWords } from '../../deals/data/termsWords';
import { TERM_LIMITS } from '../../../shared/termLimits';
import { textProblem } from '../../../shared/text/textChecks';

/** What the 'Deal terms' form holds: each field as chosen or typed ('' is not given). */
export interface TermsFields {
  direction: Direction | '';
  club: string;
  fee: FeeKind | '';
  amount: string;
  currency: Currency;
  loan: boolean;
  option: LoanOption | '';
  optionAmount: string;
}

/** The form filled with a deal's terms, or empty (the club's currency) when none were given. */
export function termsFields(terms: DealTerms | undefined): TermsFields {
  return {
    direction: terms?.direction ?? '',
    club: terms?.club ?? '',
    fee: terms?.fee ?? '',
    amount: typedAmount(terms?.amount, terms?.currency ?? CLUB_CURRENCY),
    currency: terms?.currency ?? CLUB_CURRENCY,
    loan: terms?.loan ?? false,
    option: terms?.option ?? '',
    optionAmount: typedAmount(terms?.optionAmount, terms?.currency ?? CLUB_CURRENCY),
  };
}

/** A stored amount as the form shows it: '£20m' where that reads back exactly, else its digits. */
function typedAmount(amount: number | undefined, currency: Currency): string {
  if (amount === undefined) return '';
  const words = moneyWords(amount, currency);
  return parseAmount(words) === amount ? words : String(amount);
}

/** How many zeros each suffix adds. */
const ZEROS: Record<string, number> = { '': 0, k: 3, m: 6, bn: 9 };

/**
 * An amount as typed: '8m', '£8.5m', '750k', '8,000,000', '1bn' (currency signs, commas and
 * spaces ignored), as whole units of the currency; null when it is not one the rules accept,
 * also when it would need rounding ('1.5' pounds, '1.2345k'). Worked out on the digits, so no
 * floating-point error creeps in.
 */
export function parseAmount(typed: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?(k|m|bn)?$/i.exec(typed.replace(/[£€$,\s]/g, ''));
  if (!match) return null;
  const [, whole, fraction = '', suffix = ''] = match;
  const zeros = ZEROS[suffix.toLowerCase()];
  if (fraction.length > zeros) return null;
  const amount = Number(whole + fraction.padEnd(zeros, '0'));
  return isAmount(amount) ? amount : null;
}

const AMOUNT_HELP = 'write it as 8m, 750k or 8000000, up to 1bn';

/**
 * The terms to save from the form (undefined: none given, which removes them), or why the rules
 * would refuse them, in words the administrator reads.
 */
export function termsFromFields(
  fields: TermsFields,
): { terms: DealTerms | undefined } | { problem: string } {
  const { direction, fee, loan, option } = fields;
  const club = fields.club.trim();
  if (direction === '') {
    const anything = club !== '' || fee !== '' || loan;
    return anything
      ? { problem: 'Not saved: choose whether he came in or went out.' }
      : { terms: undefined };
  }
  const clubProblem =
    club === '' ? null : textProblem(club, TERM_LIMITS.clubNameChars, TERM_LIMITS.clubNameBytes);
  if (clubProblem)
    return {
      problem: `Not saved: the other club's name has ${clubProblem === 'too long' ? 'too many characters' : clubProblem}.`,
    };
  const amount = fee === 'amount' ? parseAmount(fields.amount) : undefined;
  if (amount === null) return { problem: `Not saved: the fee is not an amount (${AMOUNT_HELP}).` };
  const withOption = loan && option !== '';
  const optionAmount =
    withOption && fields.optionAmount.trim() !== '' ? parseAmount(fields.optionAmount) : undefined;
  if (optionAmount === null) {
    return { problem: `Not saved: the price to buy is not an amount (${AMOUNT_HELP}).` };
  }
  const priced = amount !== undefined || optionAmount !== undefined;
  return {
    terms: {
      direction,
      ...(club !== '' && { club }),
      ...(fee !== '' && { fee }),
      ...(amount !== undefined && { amount }),
      ...(priced && { currency: fields.currency }),
      ...(loan && { loan }),
      ...(loan && option !== '' && { option }),
      ...(optionAmount !== undefined && { optionAmount }),
    },
  };
}
