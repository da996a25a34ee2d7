/**
 * Typed API errors. Operations throw these; server.ts is the one place that turns them into
 * Google's JSON error shape. The HTTP status matters: the Lite SDK derives FirestoreError.code
 * from the status alone (400 → failed-precondition, 409 → aborted, ...), not from the body.
 */
export type ErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'PERMISSION_DENIED'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'RESOURCE_EXHAUSTED'
  | 'UNIMPLEMENTED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** google.rpc code → HTTP status, as Google's APIs map them. */
const HTTP_STATUS: Record<ErrorStatus, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
};

export class ApiError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    httpStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus ?? HTTP_STATUS[status];
  }

  toJSON(): { error: { code: number; message: string; status: ErrorStatus } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

export function invalidArgument(message: string): ApiError {
  return new ApiError('INVALID_ARGUMENT', message);
}

export function unimplemented(message: string): ApiError {
  return new ApiError('UNIMPLEMENTED', `${message} is not supported by this development emulator.`);
}

/** Reads as a list of checks: `assertArgument(Array.isArray(x), 'writes must be a list')`. */
export function assertArgument(condition: boolean, message: string): asserts condition {
  if (!condition) throw invalidArgument(message);
}
