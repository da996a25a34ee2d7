import { call, readAll } from '../../../shared/store/firestoreWrites';
import { LIKES } from '../data/commentCopies';
import { setMine } from './likeState';

/**
 * The signed-in fan's own likes on a post: the rules let only them read those, so through the SDK
 * with their sign-in (one read a like, one when none). Loaded by ./likes.ts for a signed-in fan
 * alone: a visitor's reads never bring the write helper.
 */
/** The comments of the post that fan `uid` likes. */
export async function readOwnLikes(postId: string, uid: string): Promise<void> {
  const liked = await call(async (store) => {
    const own = await readAll(
      store,
      `posts/${postId}/${LIKES}`,
      store.sdk.where('user', '==', uid),
    );
    return own
      .filter((like) => like.get('liked') === true)
      .map((like) => String(like.get('comment')));
  });
  setMine(postId, liked);
}
