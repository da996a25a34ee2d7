import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { config } from '../config';
import { canComment, canRemoveComment, isAdmin, type AppUser } from './permissions';

const admin: AppUser = { uid: 'a', email: config.adminEmail, emailVerified: true, google: true };
const fan: AppUser = { uid: 'f', email: 'fan@example.com', emailVerified: true, google: true };
const comment = (user: string) => ({ user, text: 'Hi', date: 'today' });

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
    expect(canComment({ ...fan, email: '' })).toBe(false);
    expect(canComment({ ...fan, emailVerified: false })).toBe(false);
  });

  it('an account from another provider than Google may neither comment nor administer', () => {
    expect(canComment({ ...fan, google: false })).toBe(false);
    expect(isAdmin({ ...admin, google: false })).toBe(false);
  });

  it('the administrator may remove any comment, a fan only their own', () => {
    expect(canRemoveComment(admin, comment('someone@example.com'))).toBe(true);
    expect(canRemoveComment(fan, comment(fan.email))).toBe(true);
    expect(canRemoveComment(fan, comment('someone@example.com'))).toBe(false);
    expect(canRemoveComment(null, comment('someone@example.com'))).toBe(false);
    expect(canRemoveComment({ ...fan, emailVerified: false }, comment(fan.email))).toBe(false);
  });
});
