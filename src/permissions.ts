import { config } from './config';

/** The signed-in person, as the app needs them (spec §3: an e-mail). */
export interface AppUser {
  email: string;
  emailVerified: boolean;
}

/**
 * The UI's mirror of firestore.rules: it only hides controls, the rules decide. The administrator
 * is the one verified account whose e-mail equals the configured one.
 */
export function isAdmin(user: AppUser | null): boolean {
  return (
    user !== null &&
    user.emailVerified &&
    config.adminEmail !== '' &&
    // Exactly as firestore.rules compares it: the UI must not show controls the rules refuse.
    user.email === config.adminEmail
  );
}

/** Any signed-in account with a verified e-mail (every Google account) may comment (spec §6). */
export function canComment(user: AppUser | null): boolean {
  return user !== null && user.emailVerified && user.email !== '';
}
