import type { Comment, CommentSummary } from '../../../shared/posts/post';
import type { CountedBy, LikeCountedBy, LikeFold } from './writes';
import type { PostChanges } from '../../../shared/posts/changes';
import type { Cursor, PostsPage } from '../../../shared/posts/page';
import type { Post, PostEdit } from '../../../shared/posts/post';
import type { HeldComment } from '../../comments/data/review';

/**
 * The feed's one state and its one reducer: pages, this page's writes, the shared post, the pinned
 * post and live changes all go through it. Actions are plain data.
 *
 * A post's life on the page has one word for each state:
 * - shown: in `posts` (or waiting in `incoming` until the reader asks for new posts);
 * - shared: the post a permalink names, listed first (`shared`);
 * - pinned: the post the club pins on top, listed first after a shared post (`pinned`);
 * - deleted elsewhere: deleted by another page since it was read (`deletedElsewhere`): hidden
 *   unless the reader is using its card; a post deleted from this page just leaves;
 * - missing: a permalink names a post that does not exist (never did, malformed, or deleted).
 */
export type FeedStatus = 'loading' | 'ready' | 'failed';

export interface FeedState {
  /** The posts shown, in feed order. */
  posts: Post[];
  /** New posts the live checks found, newest first: shown when the reader asks, not before. */
  incoming: Post[];
  /** Loaded posts deleted elsewhere: they leave the feed unless the reader is using their card. */
  deletedElsewhere: ReadonlySet<string>;
  nextCursor: Cursor | null;
  status: FeedStatus;
  /** Whether the page being loaded (or that failed) is the first one. */
  firstPage: boolean;
  /** When Firestore read the first page: the live checks ask for changes after it. */
  readTime: string | null;
  /** The post a permalink names; null without a permalink. Read it through sharedPostOf(). */
  shared: SharedPost | null;
  /** The post the club pins on top (null: none is), from the feed's first page and live checks. */
  pinned: Post | null;
  /**
   * The first page, arrived before the shared post's answer: shown with that answer, in
   * the same render, so the first card painted is the shared one and nothing lands above the newest
   * later.
   */
  held: PostsPage | null;
  /**
   * The read time of the last live check that found a post changed elsewhere (null: none yet):
   * the moderation view looks for new comments then, so it costs no read of its own otherwise.
   */
  changedAt: string | null;
}

export type SharedPostState = 'loading' | 'shown' | 'missing' | 'failed';

export interface SharedPost {
  id: string;
  post: Post | null;
  /** 'missing': no such post; 'failed': it could not be read (Retry reads it again). */
  status: SharedPostState;
}

/** This page's writes, once Firestore has committed them. */
export type WriteAction =
  | { type: 'added'; post: Post }
  | { type: 'edited'; id: string; edit: PostEdit }
  /**
   * `summary`: the post's comment summary after it; `entryId`: the comment's document
   * (src/features/feed/store/commentWrites.ts addComment); `replyTo`: a reply's comment's id.
   */
  | {
      type: 'commented';
      id: string;
      comment: Comment;
      entryId: string;
      countedBy: CountedBy;
      summary: CommentSummary;
      replyTo: string | null;
    }
  /** A fan's comment held for review here: only its author sees it, so no feed changes. */
  | { type: 'held'; id: string; held: HeldComment }
  /**
   * A comment removed here (`countedBy` null: it was not in the thread any more); `markLeft`: it
   * had replies and left 'Comment removed' in its place; `replyTo`: a reply's comment's id.
   */
  | {
      type: 'commentRemoved';
      id: string;
      comment: Comment;
      countedBy: CountedBy | null;
      markLeft: boolean;
      replyTo: string | null;
    }
  /**
   * A fan's like of comment `entryId` made or taken back (`liked`), where it was counted, the
   * counter it moved into the comment's count, and whether it marked the post (its card then
   * offers the thread instead of showing its comments).
   */
  | {
      type: 'liked';
      id: string;
      entryId: string;
      liked: boolean;
      countedBy: LikeCountedBy;
      folded: LikeFold | null;
      marked: boolean;
    }
  | { type: 'closed'; id: string; closed: boolean }
  | { type: 'deleted'; id: string };

export type FeedAction =
  | { type: 'loading'; firstPage: boolean }
  | { type: 'loaded'; page: PostsPage; firstPage: boolean }
  | { type: 'failed' }
  | WriteAction
  /** What a live check found changed elsewhere. */
  | { type: 'changed'; changes: PostChanges }
  | { type: 'showIncoming' }
  | { type: 'shared'; shared: SharedPost }
  /** The pinned post as read, or as this page's pin or unpin left it (null: none). */
  | { type: 'pinned'; pinned: Post | null };
