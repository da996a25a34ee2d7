/**
 * The commits firestore.rules requires around a comment, through the Lite SDK as a client makes
 * them (the app's own: src/store/writes.ts). Adding: the post with the comment appended, its
 * change stamp, the copy comments/{id} and commenters/{uid} = {last, target: id}, in one batch.
 * Removing: the post without the comment, its stamp, and the copy deleted when no copy of the
 * comment stays in the post. Options let an attack leave a piece out or change it.
 */
import {
  arrayRemove,
  arrayUnion,
  doc,
  serverTimestamp,
  writeBatch,
  type Firestore,
  type WriteBatch,
} from 'firebase/firestore/lite';
import type { Comment } from '../../src/data/post';
import { retryingContention } from '../../src/store/contention';
import { commentCopy } from '../../scripts/lib/commentCopy';
import { stampChange } from './stampedWrites';

export interface AddComment {
  uid: string;
  postId: string;
  /** The post's title, which the copy repeats. */
  postTitle: string;
  comment: Comment;
  /** The post update; by default the comment appended with arrayUnion. */
  change?: Record<string, unknown>;
  /** Fields written over the copy's (an attack), or null to leave the copy out. */
  copy?: Record<string, unknown> | null;
  /** Another target for the stamp, or null to leave the stamp out. */
  target?: string | null;
  /** Another post's change to make in the same commit (another post's comment, say). */
  also?: (batch: WriteBatch) => void;
}

/** The copy's id and fields a comment gets (at = server time). */
export async function copyOf(
  postId: string,
  postTitle: string,
  uid: string,
  comment: Comment,
): Promise<{ id: string; data: Record<string, unknown> }> {
  const { id, fields } = await commentCopy(postId, postTitle, uid, comment);
  return { id, data: { ...fields, at: serverTimestamp() } };
}

export async function addComment(db: Firestore, options: AddComment): Promise<void> {
  const { uid, postId, postTitle, comment } = options;
  const copy = await copyOf(postId, postTitle, uid, comment);
  // As the app does: a commit aborted by contention (many fans at once) is made again.
  await retryingContention(() => {
    const batch = writeBatch(db);
    batch.update(doc(db, 'posts', postId), options.change ?? { comments: arrayUnion(comment) });
    stampChange(db, batch, postId);
    if (options.copy !== null) {
      batch.set(doc(db, 'comments', copy.id), { ...copy.data, ...options.copy });
    }
    const target = options.target === undefined ? copy.id : options.target;
    if (target !== null) {
      batch.set(doc(db, 'commenters', uid), { last: serverTimestamp(), target });
    }
    options.also?.(batch);
    return batch.commit();
  });
}

export interface RemoveComment {
  postId: string;
  comment: Comment;
  /** The post update; by default every copy of the comment removed with arrayRemove. */
  change?: Record<string, unknown>;
  /** Whether to delete the moderation copy in the same commit (default: yes). */
  deleteCopy?: boolean;
}

export async function removeComment(db: Firestore, options: RemoveComment): Promise<void> {
  const { postId, comment } = options;
  const { id } = await commentCopy(postId, '', '', comment);
  const batch = writeBatch(db);
  batch.update(doc(db, 'posts', postId), options.change ?? { comments: arrayRemove(comment) });
  stampChange(db, batch, postId);
  if (options.deleteCopy ?? true) batch.delete(doc(db, 'comments', id));
  await batch.commit();
}
