import { useEffect } from 'react';
import { readOwnLikes } from '../store/likes';

/**
 * The signed-in fan's likes on a post, read once its thread shows (one read a like, one when
 * none), so the comments they like show 'Like' pressed after a reload.
 */
export function useOwnLikes(postId: string, uid: string | null, threadShown: boolean): void {
  useEffect(() => {
    if (uid !== null && threadShown) readOwnLikes(postId, uid);
  }, [postId, uid, threadShown]);
}
