import type { Comment } from '../../../shared/posts/post';
import { foldText } from '../../../shared/posts/postWords';

/**
 * Held for review: what the club holds back and why, as firestore.rules' mustBeHeld() decides it.
 * Pure, so the write recipe, the moderation view and node tools share it.
 */

/** reviewSettings/current: whether first comments are held, and the suspect words. */
export const REVIEW_SETTINGS = 'reviewSettings';
export const REVIEW_SETTINGS_ID = 'current';
/** approvals/{uid}: an account with an approved comment. */
export const APPROVALS = 'approvals';
/** heldComments/{commentId}: a comment waiting for review, read by its author and the club. */
export const HELD_COMMENTS = 'heldComments';

/** The most suspect words the club's list holds (firestore.rules reviewSettings). */
export const MAX_SUSPECT_WORDS = 200;

/** The club's choices, as stored. */
export interface ReviewSettings {
  holdFirst: boolean;
  /** Folded as suspectWord() folds them, each once. */
  words: string[];
}

export const NO_REVIEW: ReviewSettings = { holdFirst: false, words: [] };

/** The club's choices as stored (none stored: nothing is held). */
export function reviewSettingsFrom(data: Record<string, unknown> | undefined): ReviewSettings {
  if (data === undefined) return NO_REVIEW;
  const { holdFirst, words } = data;
  return {
    holdFirst: holdFirst === true,
    words: Array.isArray(words) ? words.filter((word) => typeof word === 'string') : [],
  };
}

/** What decides whether an account's comment is held: the club's choices and its approval. */
export interface Review extends ReviewSettings {
  approved: boolean;
}

/** A comment waiting for review, as its author and the club read it. */
export interface HeldComment {
  /** Its id, the id its thread document takes once approved (commentId). */
  id: string;
  postId: string;
  postTitle: string;
  comment: Comment;
  uid: string;
  /** When it was held (milliseconds). */
  at: number;
  /** A reply's: the id of the comment it answers. */
  replyTo?: string;
}

/** A held comment's document as stored (`field` reads one), or null: not one the app wrote. */
export function heldCommentFrom(id: string, field: (name: string) => unknown): HeldComment | null {
  const at = millisOf(field('at'));
  const [user, text, date, uid, postId, postTitle, replyTo] = [
    'user',
    'text',
    'date',
    'uid',
    'postId',
    'postTitle',
    'replyTo',
  ].map(field);
  if (typeof user !== 'string' || typeof text !== 'string' || typeof date !== 'string') return null;
  if (typeof uid !== 'string' || typeof postId !== 'string') return null;
  return {
    id,
    postId,
    postTitle: typeof postTitle === 'string' ? postTitle : '',
    comment: { user, text, date },
    uid,
    at,
    ...(typeof replyTo === 'string' && { replyTo }),
  };
}

/** A Firestore timestamp's milliseconds (0: not one). */
function millisOf(value: unknown): number {
  const toMillis: unknown =
    typeof value === 'object' && value !== null && Reflect.get(value, 'toMillis');
  return typeof toMillis === 'function' ? Number(toMillis.call(value)) : 0;
}

/** Why a comment waits for review, or null: it does not. */
export type HoldReason = 'first comment' | 'suspect word';

/**
 * Characters that draw nothing inside a word (soft hyphen, zero-width and direction marks,
 * variation selectors, tags: Default_Ignorable_Code_Point): dropped before words are split, so
 * they cannot split one. firestore.rules' foldedForReview() drops a list of code points within
 * this class (tests/config/suspectWords.test.ts), so the page never finds fewer words than the
 * rules do.
 */
// With the two blocks of combining marks whole (their code points not assigned yet too, as the
// rules' list has them; foldText drops the assigned marks of every block).
// eslint-disable-next-line no-misleading-character-class -- code points each dropped alone, never one character made of two
const DRAWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u1AB0-\u1AFF\u20D0-\u20FF]/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const PUNCTUATION = /[\p{P}\p{S}]/gu;

/**
 * The words of `text` as the club's list is checked against them: folded as the search folds them
 * (foldText), split by anything but letters and digits; and, so 'w.o.r.d' and 'wo-rd' are found
 * too, split by white space alone once punctuation and symbols are dropped.
 */
export function reviewedWords(text: string): Set<string> {
  const folded = foldText(text.replace(DRAWS_NOTHING, ''));
  return new Set([...folded.split(NOT_WORD), ...folded.replace(PUNCTUATION, '').split(NOT_WORD)]);
}

/** The suspect words `text` contains, in the list's order. */
export function suspectWordsIn(text: string, words: readonly string[]): string[] {
  const found = reviewedWords(text);
  return words.filter((word) => found.has(word));
}

/** Why the club holds a comment with `text` by an account so reviewed, or null. */
export function holdReason(text: string, review: Review): HoldReason | null {
  if (suspectWordsIn(text, review.words).length > 0) return 'suspect word';
  return review.holdFirst && !review.approved ? 'first comment' : null;
}

/**
 * A word as the club's list keeps it (folded, as a comment's words are), or null when what was
 * typed is not exactly one word.
 */
export function suspectWord(typed: string): string | null {
  const words = [...reviewedWords(typed)].filter((word) => word !== '');
  return words.length === 1 && !/[\p{P}\p{S}\s]/u.test(typed.trim()) ? (words[0] ?? null) : null;
}
