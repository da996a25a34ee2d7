import type { Comment, NewPost, Post, PostEdit } from '../../../shared/posts/post';

/**
 * The post a comment goes to: its id, its title for the moderation copy, and its comment summary
 * as the page read it (a null count: unknown, so the post is read first).
 */
export type CommentedPost = Pick<
  Post,
  'id' | 'title' | 'commentCount' | 'cardComments' | 'moreComments'
>;

/** Which copies of a comment stored more than once a removal takes ('one': the administrator's). */
export type RemovedCopies = 'all' | 'one';

/** The writes a card or form may make; each rejects with a StoreError and changes nothing then. */
export interface FeedOps {
  createPost: (input: NewPost) => Promise<void>;
  /** Saves the editor: the content and the deal status (absent: none). */
  editPost: (id: string, edit: PostEdit) => Promise<void>;
  /**
   * `uid` is the commenter's account: the rules limit how often each account comments.
   * `onRetry` is told when Firestore asks for the commit again (many fans on one post).
   */
  addComment: (
    post: CommentedPost,
    comment: Comment,
    uid: string,
    options?: { onRetry?: () => void },
  ) => Promise<void>;
  /** `copies`: which of a comment stored twice in a list of an earlier version (unused since). */
  removeComment: (id: string, comment: Comment, copies?: RemovedCopies) => Promise<void>;
  /** The administrator closes or reopens a post's comments. */
  setCommentsClosed: (id: string, closed: boolean) => Promise<void>;
  deletePost: (id: string) => Promise<void>;
  /** The administrator pins `post` on top of the feed (null: unpins the pinned one). */
  setPinned: (post: Post | null) => Promise<void>;
  /** Starts loading the data module ahead of a write (a form focused, the post form shown). */
  prepare: () => void;
}

/**
 * When each post was last written from this page (performance.now()): a live check that began
 * before then may have read the post as it was, so useLiveUpdates leaves its copy alone.
 */
export type WrittenAt = ReadonlyMap<string, number>;
