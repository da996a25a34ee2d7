import { useState, type Dispatch } from 'react';
import type { FeedAction } from '../data/feedReducer';
import type { FeedOps, WrittenAt } from '../data/feedOps';
import { loadWriteModule } from '../../../shared/errors/loadWriteModule';

/**
 * This page's writes: each goes to Firestore, then into the feed once committed. One stable object
 * for the page's lifetime (dispatch never changes). Stand-ins: the operations themselves
 * (state/pageWrites) load with the first write, so a visitor's first load does not carry them.
 */
export function useFeedWrites(dispatch: Dispatch<FeedAction>): {
  ops: FeedOps;
  writtenAt: WrittenAt;
} {
  const [writes] = useState(() => {
    const writtenAt = new Map<string, number>();
    // Offline the chunk may fail to load: a write that cannot reach the server, said as such.
    const load = () =>
      loadWriteModule(() => import('../state/pageWrites')).then((module) =>
        module.pageWrites(dispatch, writtenAt),
      );
    const ops: FeedOps = {
      createPost: (...args) => load().then((real) => real.createPost(...args)),
      editPost: (...args) => load().then((real) => real.editPost(...args)),
      addComment: (...args) => load().then((real) => real.addComment(...args)),
      removeComment: (...args) => load().then((real) => real.removeComment(...args)),
      setCommentsClosed: (...args) => load().then((real) => real.setCommentsClosed(...args)),
      deletePost: (...args) => load().then((real) => real.deletePost(...args)),
      setPinned: (...args) => load().then((real) => real.setPinned(...args)),
      prepare: () => {
        load().then(
          (real) => real.prepare(),
          () => {},
        );
      },
    };
    return { ops, writtenAt };
  });
  return writes;
}
