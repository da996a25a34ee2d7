import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { config } from './config';
import { canComment, isAdmin } from './permissions';

const admin = { email: config.adminEmail, emailVerified: true };
const fan = { email: 'fan@example.com', emailVerified: true };

describe('permissions', () => {
  it('the configured administrator is the admin, and may comment', () => {
    expect(config.adminEmail).toMatch(/@/);
    expect(isAdmin(admin)).toBe(true);
    expect(canComment(admin)).toBe(true);
  });

  it('compares the e-mail exactly, as firestore.rules does', () => {
    expect(isAdmin({ ...admin, email: admin.email.toUpperCase() })).toBe(false);
  });

  it('agrees with adminEmail() in firestore.rules, the single source of truth', () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    expect(rules).toContain(`function adminEmail() { return '${config.adminEmail}'; }`);
  });

  it('an unverified account with the admin e-mail is not the admin', () => {
    expect(isAdmin({ ...admin, emailVerified: false })).toBe(false);
  });

  it('a fan may comment and is not the admin', () => {
    expect(isAdmin(fan)).toBe(false);
    expect(canComment(fan)).toBe(true);
  });

  it('a visitor may do neither', () => {
    expect(isAdmin(null)).toBe(false);
    expect(canComment(null)).toBe(false);
  });

  it('an account without a verified e-mail may not comment', () => {
    expect(canComment({ email: '', emailVerified: true })).toBe(false);
    expect(canComment({ email: 'x@example.com', emailVerified: false })).toBe(false);
  });
});
