/**
 * The limits of a deal's terms that firestore.rules' isTerms() enforces (tests/config/dealTerms.test.ts
 * reads the rules and checks each), beside ./limits.ts but apart from it, so that only the lazy
 * chunks that show or edit terms carry them: the first load's bundle keeps every field of an object
 * it takes.
 */
export const TERM_LIMITS = {
  /** The other club's name: UTF-16 code units and UTF-8 bytes, as ./limits.ts counts them. */
  clubNameChars: 60,
  clubNameBytes: 240,
  /** A fee or an option's price, in whole units of its currency: up to a billion. */
  feeAmountMax: 1_000_000_000,
} as const;
