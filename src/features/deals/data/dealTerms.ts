import { isRecord } from '../../../shared/rest/restDecode';
import { TERM_LIMITS } from '../../../shared/termLimits';
import { fitsLimits, hasVisibleCharacter } from '../../../shared/text/textChecks';

/**
 * A deal's terms: which way the player went, the other club, the fee, and a loan with its option
 * or obligation to buy. Stored as the deal's optional `terms` map exactly as this shape (so a
 * summary write can carry it unchanged); firestore.rules' isTerms() accepts exactly these lists
 * and limits (tests/config/dealTerms.test.ts checks that the two agree). A deal without terms, or
 * with terms this version cannot read, reads as 'terms not given'.
 */

/** In: the club signed him; out: he left. */
export const DIRECTIONS = ['in', 'out'] as const;
/** A fee of an amount, one the clubs did not disclose, or none at all (a free transfer). */
export const FEE_KINDS = ['amount', 'undisclosed', 'free'] as const;
/** The currencies an amount may be in; the form starts from the club's. */
export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
/** A loan may come with an option to buy, or an obligation to buy. */
export const LOAN_OPTIONS = ['option', 'obligation'] as const;

export type Direction = (typeof DIRECTIONS)[number];
export type FeeKind = (typeof FEE_KINDS)[number];
export type Currency = (typeof CURRENCIES)[number];
export type LoanOption = (typeof LOAN_OPTIONS)[number];

/** The club's own currency. */
export const CLUB_CURRENCY: Currency = 'GBP';

export interface DealTerms {
  direction: Direction;
  /** The club he came from or went to. */
  club?: string;
  /** Absent: not given. */
  fee?: FeeKind;
  /** With fee 'amount' only: whole units of `currency` (pounds, not pence), 1 to 10⁹. */
  amount?: number;
  /** With an amount or an option's amount only. */
  currency?: Currency;
  loan?: boolean;
  /** On a loan only. */
  option?: LoanOption;
  /** The price of the option or obligation, if given: whole units of `currency`. */
  optionAmount?: number;
}

const KEYS = [
  'direction',
  'club',
  'fee',
  'amount',
  'currency',
  'loan',
  'option',
  'optionAmount',
] as const;

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

/** An amount the rules accept: an integer from 1 to TERM_LIMITS.feeAmountMax. */
export function isAmount(value: unknown): value is number {
  return Number.isInteger(value) && Number(value) >= 1 && Number(value) <= TERM_LIMITS.feeAmountMax;
}

/** The other club's name as the rules take it: within its caps, something visible. */
export function isClubName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    fitsLimits(value, TERM_LIMITS.clubNameChars, TERM_LIMITS.clubNameBytes) &&
    hasVisibleCharacter(value)
  );
}

/** Stored terms as DealTerms, or undefined when absent or not what the rules accept. */
export function toTerms(value: unknown): DealTerms | undefined {
  if (!isRecord(value) || !isOneOf(DIRECTIONS, value.direction)) return undefined;
  if (!Object.keys(value).every((key) => isOneOf(KEYS, key))) return undefined;
  const { club, fee, amount, currency, loan, option, optionAmount } = value;
  const valid =
    (club === undefined || isClubName(club)) &&
    (fee === undefined || isOneOf(FEE_KINDS, fee)) &&
    (fee === 'amount') === (amount !== undefined) &&
    (amount === undefined || isAmount(amount)) &&
    (currency !== undefined) === (amount !== undefined || optionAmount !== undefined) &&
    (currency === undefined || isOneOf(CURRENCIES, currency)) &&
    (loan === undefined || typeof loan === 'boolean') &&
    (option === undefined || (loan === true && isOneOf(LOAN_OPTIONS, option))) &&
    (optionAmount === undefined || (option !== undefined && isAmount(optionAmount)));
  // Checked field by field above: every key is one of KEYS with the type DealTerms gives it.
  return valid ? (value as unknown as DealTerms) : undefined;
}
