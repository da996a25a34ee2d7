/**
 * The people and the comment most rules test files share: the administrator, a fan and another
 * fan (verified Google accounts), and a comment as the app writes one. Each file has its own
 * project, so sharing the accounts shares nothing stored.
 */
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import type { Comment } from '../../src/features/posts/data/post';
import { googleUser, newPost } from './harness';

export const ADMIN = googleUser('admin-1', readAdminEmail());
export const FAN = googleUser('fan-1', 'fan@example.test');
export const OTHER_FAN = googleUser('fan-3', 'other@example.test');

/** The title of newPost(): the post the tests seed and comment on. */
export const TITLE = String(newPost().title);
/** A comment's date as the app shows it. */
export const DATE = '01/03/2026, 12:00:00';

/** A comment by `user`, as a post stores it. */
export function comment(user: string, text = 'Great signing!', date = DATE): Comment {
  return { user, text, date };
}
