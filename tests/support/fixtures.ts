/**
 * The people and the comment most rules test files share: the administrator, a fan and another
 * fan (verified Google accounts), and a comment as the app writes one. Each file has its own
 * project, so sharing the accounts shares nothing stored.
 */
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import type { Comment } from '../../src/shared/posts/post';
import { googleUser, newPost, type Persona } from './harness';

export const ADMIN = googleUser('admin-1', readAdminEmail());
export const FAN = googleUser('fan-1', 'fan@example.test');
export const OTHER_FAN = googleUser('fan-3', 'other@example.test');

const ADMIN_EMAIL = readAdminEmail();
const GOOGLE = { sign_in_provider: 'google.com' } as const;
/** Everyone but the administrator, including tokens that carry the administrator's address. */
export const NOT_ADMIN = {
  visitor: null,
  fan: FAN,
  'another e-mail': googleUser('admin-1', 'admin@northbridge-fc.test.example'),
  'an unverified administrator': { sub: 'admin-2', email: ADMIN_EMAIL, firebase: GOOGLE },
  'a password administrator': { ...ADMIN, firebase: { sign_in_provider: 'password' } },
  'a custom-token administrator': { sub: 'admin-3', email: ADMIN_EMAIL, email_verified: true },
} satisfies Record<string, Persona | null>;

/** The title of newPost(): the post the tests seed and comment on. */
export const TITLE = String(newPost().title);
/** A comment's date as the app shows it. */
export const DATE = '01/03/2026, 12:00:00';

/** A comment by `user`, as a post stores it. */
export function comment(user: string, text = 'Great signing!', date = DATE): Comment {
  return { user, text, date };
}
