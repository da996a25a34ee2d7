import { config } from '../config';

/** The signed-in person, as the app needs them (spec §3: an e-mail). */
export interface AppUser {
  /** The account's id: the rules key each account's comment rate limit by it. */
  uid: string;
  email: string;
  emailVerified: boolean;
  /** Signed in with Google, the only sign-in the rules accept. */
  google: boolean;
}

/**
 * The UI's mirror of firestore.rules: it only hides controls, the rules decide. The administrator
 * is the one verified account whose e-mail equals the configured one.
 */
export function isAdmin(user: AppUser | null): boolean {
  return (
    canComment(user) &&
    config.adminEmail !== '' &&
    // Exactly as firestore.rules compares it: the UI must not show controls the rules refuse.
    user.email === config.adminEmail
  );
}

/** Any Google account with a verified e-mail may comment (spec §6). */
export function canComment(user: AppUser | null): user is AppUser {
  return user !== null && user.google && user.emailVerified && user.email !== '';
}

/** The administrator removes any comment; everyone else who may comment, only their own. */
export function canRemoveComment(user: AppUser | null, comment: { user: string }): boolean {
  return isAdmin(user) || (canComment(user) && comment.user === user.email);
}

/**
 * A fan reports someone else's comment (`null`: whether they report at all); the administrator
 * removes instead.
 */
export function canReportComment(user: AppUser | null, comment: { user: string } | null): boolean {
  return canComment(user) && !isAdmin(user) && comment?.user !== user.email;
}

/** Any account that may comment likes others' comments, never its own (firestore.rules likes). */
export function canLikeComment(user: AppUser | null, comment: { user: string }): boolean {
  return canComment(user) && comment.user !== user.email;
}
