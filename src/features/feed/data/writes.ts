import type { Comment, Post } from '../../../shared/posts/post';

/**
 * The post a comment goes to: its id, its title for the moderation copy, and its comment summary
 * as the page read it (a null count: unknown, so the post is read first).
 */
export type CommentedPost = Pick<
  Post,
  'id' | 'title' | 'commentCount' | 'cardComments' | 'moreComments'
>;

/** The comment a reply answers: its document's id, or the comment as a card shows it. */
export type ReplyTarget = string | Comment;

/** Which copies of a comment stored more than once a removal takes ('one': the administrator's). */
export type RemovedCopies = 'all' | 'one';

/** The comment a like is for: its document's id, or the comment as a card shows it. */
export type LikeTarget = ReplyTarget;

/** Where a like was counted: the comment's own count or one of its like counters. */
export type LikeCountedBy = 'comment' | 'counter';

/** A like counter of a comment holding `n` likes: a like counted on the comment moves them. */
export interface LikeFold {
  shard: number;
  n: number;
}

/** How the thread counted a comment: the post's summary, its mark, or a counter. */
export type CountedBy = 'summary' | 'mark' | 'counter';

/**
 * When each post was last written from this page (performance.now()): a live check that began
 * before then may have read the post as it was, so useLiveUpdates leaves its copy alone.
 */
export type WrittenAt = ReadonlyMap<string, number>;
