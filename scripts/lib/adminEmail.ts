import { readFileSync } from 'node:fs';

/**
 * The administrator's e-mail has one source of truth: the `adminEmail()` function in
 * firestore.rules, because the rules are what enforce it. The client build, the dev seed and the
 * tests all read it from there, so they cannot disagree with what the server allows.
 */
const ADMIN_EMAIL_FUNCTION = /function\s+adminEmail\s*\(\s*\)\s*\{\s*return\s+'([^']+)'\s*;?\s*\}/;

export function adminEmailFromRules(rulesSource: string): string {
  const match = ADMIN_EMAIL_FUNCTION.exec(rulesSource);
  if (!match) {
    throw new Error(
      "firestore.rules must define `function adminEmail() { return 'name@example.com'; }`",
    );
  }
  return match[1];
}

export function readAdminEmail(rulesPath = 'firestore.rules'): string {
  return adminEmailFromRules(readFileSync(rulesPath, 'utf8'));
}
