/**
 * The gate's refusals, in Google's JSON error shape ({error: {code, message, status}}). The HTTP
 * status matters: the Lite SDK derives FirestoreError.code from it alone (400 →
 * failed-precondition, 403 → permission-denied, 503 → unavailable, 504 → deadline-exceeded), not
 * from the body.
 */
export type ErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'PERMISSION_DENIED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED';

const HTTP_STATUS: Record<ErrorStatus, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  PERMISSION_DENIED: 403,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

export class ApiError extends Error {
  override name = 'ApiError';
  readonly httpStatus: number;

  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.httpStatus = HTTP_STATUS[status];
  }

  toJSON(): { error: { code: number; message: string; status: ErrorStatus } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

/** Reads as a list of checks: `assertArgument(Array.isArray(x), 'indexes must be a list')`. */
export function assertArgument(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ApiError('INVALID_ARGUMENT', message);
}
