import type { DealStatus } from './dealStatus';

/**
 * The spec's shapes (§3), as the app uses them, and the added fields: deal status, closed, deal,
 * pinned.
 */
export interface Comment {
  user: string;
  text: string;
  date: string;
}

/**
 * A post as the feed holds it. Its `comments` list (the spec's) stays in the store: pages leave it
 * out (a field mask) and read the summary beside it (shared/posts/commentSummary.ts); a card
 * that needs the whole thread reads it when asked (features/comments/store/threads.ts).
 */
export interface Post {
  id: string;
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  /**
   * How many comments the post has; null only while unknown: an older version wrote the post
   * without a count and this read left its comments out (the reader reads them next).
   */
  commentCount: number | null;
  /**
   * The comments a card shows inline: all of them while there are few, else none (commentSummary).
   */
  cardComments: Comment[];
  /** The thread outgrew the post's summary: its counters count the comments beyond commentCount. */
  moreComments: boolean;
  /** Milliseconds since the epoch. */
  created: number;
  /** How far the deal has got; absent on posts without one (and on every post of the spec). */
  status?: DealStatus;
  /** The administrator closed its comments; absent (open) on every post of the spec. */
  closed?: true;
  /** The id of the deal (deals/{id}) whose story it tells; absent on posts without one. */
  deal?: string;
  /** The club pins it on top of the feed (one post at most); absent on every other post. */
  pinned?: true;
}

/** The deal a form names: an existing deal's id and name, or a new deal's (its id made from it). */
export interface PostDeal {
  id: string;
  name: string;
}

export interface NewPost extends Pick<Post, 'title' | 'content' | 'imageUrl' | 'link' | 'status'> {
  deal?: PostDeal;
}

/**
 * What the administrator's editor changes: the content, the deal status and the deal (absent:
 * none).
 */
export interface PostEdit extends Pick<Post, 'content' | 'status'> {
  deal?: PostDeal;
}

/**
 * What a post keeps of its thread (the comments themselves are documents of their own,
 * posts/{id}/comments; docs/deadline-day.md): the comments it counts, and while they are the whole
 * thread and few, the comments themselves, so a card shows a short thread with no read beyond the
 * post. A longer thread is marked, and counters beside it count the rest. The rules hold the
 * summary to the thread in every write (firestore.rules countsNewComment), so a fan can neither
 * hide nor inflate it. Posts of the spec's shape have no count; their list is read with them.
 */
export interface CommentSummary {
  /**
   * The comments the post counts itself (with moreComments, the counters count the others); null:
   * not known (a post of the spec's shape, whose list this read left out).
   */
  commentCount: number | null;
  /**
   * Every comment, oldest first, while the summary holds the whole thread (at most
   * LIMITS.cardComments); none once it does not (the card then offers the thread, read when asked).
   */
  cardComments: Comment[];
  /** The thread's counters count comments beyond commentCount. */
  moreComments: boolean;
}
