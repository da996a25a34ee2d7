/**
 * Firestore's error codes ('permission-denied', 'not-found', 'unavailable'…), plus 'too-soon' (the
 * rules' comment rate limit) and 'unknown'.
 */
export type StoreErrorCode = string;

/** A failed data call, with its code. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}
