/**
 * The caller's identity from `Authorization: Bearer <token>`. Like the official emulator, ID
 * tokens are decoded but not verified (the Auth emulator and the SDK's mockUserToken sign with
 * alg "none"), and `Bearer owner` is the admin credential that bypasses the rules.
 */
import type { RulesAuth } from './rules/validator';
import { ApiError } from './errors';
import { assertJsonDepth, isObject, MAX_JSON_DEPTH } from './json';

export type Caller = { kind: 'owner' } | { kind: 'anonymous' } | { kind: 'user'; auth: RulesAuth };

export function callerFromHeader(header: string | undefined): Caller {
  if (header === undefined || header === '') return { kind: 'anonymous' };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw unauthenticated('the Authorization header must be "Bearer <token>"');
  const token = match[1];
  if (token === 'owner') return { kind: 'owner' };
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 2) throw unauthenticated('the token is not a JWT');
  decodePart(parts[0], 'header'); // only checked: signatures are not verified, as in the official emulator
  const claims = decodePart(parts[1], 'payload');
  // Production requires a non-empty `sub` and never falls back to `user_id`.
  const uid = claims.sub;
  if (typeof uid !== 'string' || uid === '') {
    throw unauthenticated('the token has no non-empty "sub" claim');
  }
  return { kind: 'user', auth: { uid, token: claims } };
}

function decodePart(part: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw unauthenticated(`the token's ${what} is not base64url-encoded JSON`);
  }
  if (!isObject(parsed)) throw unauthenticated(`the token's ${what} is not a JSON object`);
  // Checked here because the rules convert claims recursively.
  assertJsonDepth(parsed, MAX_JSON_DEPTH, `The token's ${what}`);
  return parsed;
}

function unauthenticated(why: string): ApiError {
  return new ApiError(
    'UNAUTHENTICATED',
    `Request had invalid authentication credentials: ${why}. Expected an OAuth 2 access token or an ID token.`,
  );
}
