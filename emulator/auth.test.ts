/**
 * Who a bearer token makes the caller. Production Firebase requires every ID token to carry a
 * non-empty `sub` (the uid); the emulator must refuse the same tokens, or a test could pass here
 * with a token production would reject.
 */
import { describe, expect, it } from 'vitest';
import { callerFromHeader } from './auth';

/** An unsigned ID token (alg "none"), as the SDK's mockUserToken and the Auth emulator make. */
function bearer(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'none' })}.${part(claims)}.`;
}

describe('callerFromHeader', () => {
  it('takes the uid from a non-empty sub', () => {
    expect(callerFromHeader(bearer({ sub: 'fan-1', user_id: 'fan-1' }))).toEqual({
      kind: 'user',
      auth: { uid: 'fan-1', token: { sub: 'fan-1', user_id: 'fan-1' } },
    });
  });

  it.each([
    ['no sub, only user_id', { user_id: 'fan-1' }],
    ['an empty sub beside user_id', { sub: '', user_id: 'fan-1' }],
    ['a numeric sub', { sub: 42 }],
    ['no claims at all', {}],
  ])('refuses a token with %s, as production does', (_, claims) => {
    expect(() => callerFromHeader(bearer(claims))).toThrow(/"sub"/);
  });

  it('treats no header as anonymous and "Bearer owner" as the owner', () => {
    expect(callerFromHeader(undefined)).toEqual({ kind: 'anonymous' });
    expect(callerFromHeader('Bearer owner')).toEqual({ kind: 'owner' });
  });
});
