/** suspensions/{uid}: until when an account may not comment or report (null: for good). */
export interface Suspension {
  uid: string;
  /** The account's e-mail when it was suspended, so the administrator knows whom to lift. */
  user: string;
  /** Milliseconds, or null for a permanent suspension. */
  until: number | null;
}

/** Whether a suspension stops the account now. */
export function isSuspendedAt(suspension: Suspension | null, now: number): boolean {
  return suspension !== null && (suspension.until === null || now < suspension.until);
}
