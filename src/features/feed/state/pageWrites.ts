import type { Dispatch } from 'react';
import { loadPostWrites } from '../../admin';
import { loadCommentWrites } from '../../comments';
import type { FeedAction } from '../data/feedReducer';
import { type FeedOps } from '../data/feedOps';

/**
 * This page's writes: each goes to Firestore, then into the feed once committed. Loaded by the
 * first write (useFeedWrites imports it there), so the first load carries none of it. `writtenAt`
 * is the page's one record of when it wrote each post (useLiveUpdates reads it).
 */
export function pageWrites(
  dispatch: Dispatch<FeedAction>,
  writtenAt: Map<string, number>,
): FeedOps {
  const wrote = (id: string) => writtenAt.set(id, performance.now());
  const ops: FeedOps = {
    async createPost(input) {
      const post = await (await loadPostWrites()).createPost(input);
      wrote(post.id);
      dispatch({ type: 'added', post });
    },
    async editPost(id, edit) {
      await (await loadPostWrites()).updatePost(id, edit);
      wrote(id);
      dispatch({ type: 'edited', id, edit });
    },
    async addComment(post, comment, uid, options) {
      const summary = await (await loadCommentWrites()).addComment(post, comment, uid, options);
      wrote(post.id);
      dispatch({ type: 'commented', id: post.id, summary });
    },
    async removeComment(id, comment) {
      const countedBy = await (await loadCommentWrites()).removeComment(id, comment);
      wrote(id);
      if (countedBy === 'summary') dispatch({ type: 'commentRemoved', id, comment });
    },
    async setCommentsClosed(id, closed) {
      await (await loadPostWrites()).setCommentsClosed(id, closed);
      wrote(id);
      dispatch({ type: 'closed', id, closed });
    },
    async setPinned(post) {
      const written = await (await loadPostWrites()).pinPost(post?.id ?? null);
      written.forEach(wrote);
      dispatch({ type: 'pinned', pinned: post && { ...post, pinned: true } });
    },
    async deletePost(id) {
      await (await loadPostWrites()).deletePost(id);
      wrote(id);
      dispatch({ type: 'deleted', id });
    },
    // The SDK, through the fan's writes: the first write of most pages is a comment.
    prepare: () => {
      loadCommentWrites().then(
        ({ warmStore }) => warmStore(),
        () => {},
      );
    },
  };
  return ops;
}
