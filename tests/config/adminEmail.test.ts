import { describe, expect, it } from 'vitest';
import { adminEmailFromRules, readAdminEmail } from '../../scripts/lib/adminEmail';
import { resolveAppEnv } from '../../scripts/lib/appEnv';

const EMULATORS = { VITE_USE_EMULATORS: 'true' };

describe('the administrator e-mail has one source of truth', () => {
  it('is read from adminEmail() in firestore.rules', () => {
    expect(readAdminEmail()).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
  });

  it('is what the app build is given', () => {
    expect(resolveAppEnv(EMULATORS).VITE_ADMIN_EMAIL).toBe(readAdminEmail());
  });

  it('stops the build when .env disagrees with the rules', () => {
    expect(() =>
      resolveAppEnv({ ...EMULATORS, VITE_ADMIN_EMAIL: 'someone.else@example.com' }),
    ).toThrow(/disagrees with adminEmail\(\) in firestore\.rules/);
  });

  it('accepts .env repeating the same address', () => {
    expect(
      resolveAppEnv({ ...EMULATORS, VITE_ADMIN_EMAIL: readAdminEmail() }).VITE_ADMIN_EMAIL,
    ).toBe(readAdminEmail());
  });

  it('refuses a rules file without the adminEmail() function', () => {
    expect(() =>
      adminEmailFromRules('service cloud.firestore { match /x { allow read; } }'),
    ).toThrow(/must define `function adminEmail\(\)/);
  });

  it('reads the address from a one-line function', () => {
    const rules = "function adminEmail() { return 'boss@club.example'; }";
    expect(adminEmailFromRules(rules)).toBe('boss@club.example');
  });
});
