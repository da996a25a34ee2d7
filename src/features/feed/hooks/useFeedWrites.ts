import { useState, type Dispatch } from 'react';
import type { RemovedCopies } from '../../comments/data/commentList';
import type { FeedAction } from '../../posts/data/feedReducer';
import type { Comment, NewPost, PostEdit } from '../../posts/data/post';
import { StoreError } from '../../../shared/errors/storeError';
import type * as Writes from '../../../shared/store/writes';
import type { CommentedPost } from '../../../shared/store/writes';

/**
 * The write module (and through it the SDK) loads on the first write or `prepare`, never with the
 * first page: a reader never downloads it. Offline, its chunk may fail to load: that is a write
 * the server cannot be reached for, said as such, and the next write tries again.
 */
export async function loadWrites(): Promise<typeof Writes> {
  try {
    return await import('../../../shared/store/writes');
  } catch (error) {
    throw new StoreError('unavailable', `Could not load the write module: ${String(error)}`);
  }
}

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
  /** `copies` 'one': the administrator removes one copy of a comment stored more than once. */
  removeComment: (id: string, comment: Comment, copies?: RemovedCopies) => Promise<void>;
  /** The administrator closes or reopens a post's comments. */
  setCommentsClosed: (id: string, closed: boolean) => Promise<void>;
  deletePost: (id: string) => Promise<void>;
  /** Starts loading the data module ahead of a write (a form focused, the post form shown). */
  prepare: () => void;
}

/**
 * When each post was last written from this page (performance.now()): a live check that began
 * before then may have read the post as it was, so useLiveUpdates leaves its copy alone.
 */
export type WrittenAt = ReadonlyMap<string, number>;

/**
 * This page's writes: each goes to Firestore, then into the feed once committed. One stable
 * object for the page's lifetime (dispatch never changes).
 */
export function useFeedWrites(dispatch: Dispatch<FeedAction>): {
  ops: FeedOps;
  writtenAt: WrittenAt;
} {
  const [pageWrites] = useState(() => {
    const writtenAt = new Map<string, number>();
    const wrote = (id: string) => writtenAt.set(id, performance.now());
    const ops: FeedOps = {
      async createPost(input) {
        const post = await (await loadWrites()).createPost(input);
        wrote(post.id);
        dispatch({ type: 'added', post });
      },
      async editPost(id, edit) {
        await (await loadWrites()).updatePost(id, edit);
        wrote(id);
        dispatch({ type: 'edited', id, edit });
      },
      async addComment(post, comment, uid, options) {
        const summary = await (await loadWrites()).addComment(post, comment, uid, options);
        wrote(post.id);
        dispatch({ type: 'commented', id: post.id, summary });
      },
      async removeComment(id, comment, copies = 'all') {
        const summary = await (await loadWrites()).removeComment(id, comment, copies);
        wrote(id);
        dispatch({ type: 'commentRemoved', id, summary });
      },
      async setCommentsClosed(id, closed) {
        await (await loadWrites()).setCommentsClosed(id, closed);
        wrote(id);
        dispatch({ type: 'closed', id, closed });
      },
      async deletePost(id) {
        await (await loadWrites()).deletePost(id);
        wrote(id);
        dispatch({ type: 'deleted', id });
      },
      prepare: () => {
        loadWrites().then(
          ({ warmStore }) => warmStore(),
          () => {},
        );
      },
    };
    return { ops, writtenAt };
  });
  return pageWrites;
}
