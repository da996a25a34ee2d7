/** Firestore's error codes, as the SDK and the REST API name them. */
const FIRESTORE_CODES = [
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
] as const;

/**
 * Firestore's codes, plus the app's own: 'too-soon', a comment refused by the rules' rate limit;
 * 'old-thread', a comment still in a post's list of an earlier version, which nobody may change
 * until `npm run comments:migrate` moves it.
 */
export type StoreErrorCode = (typeof FIRESTORE_CODES)[number] | 'too-soon' | 'old-thread';

/** A failed data call, with its code. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

/**
 * The code an error from the SDK carries ('not-found', 'permission-denied'…), 'unknown' for
 * anything else. Read by shape, not instanceof: the Lite SDK's REST layer can throw an error
 * object that is not an instance of the exported class.
 */
export function storeErrorCode(error: unknown): StoreErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return FIRESTORE_CODES.find((known) => known === code) ?? 'unknown';
}
