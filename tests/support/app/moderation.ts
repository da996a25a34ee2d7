import { ownerClient, toFields, type OwnerClient } from '../../../scripts/lib/ownerClient';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../../src/shared/config';
import { commentCopy } from '../../../scripts/lib/commentCopy';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import { seededThread } from '../../../scripts/seed/seededThread';
import { commentTimes, type StoredPost } from './firestore';

/**
 * The moderation side of the test's door into the emulator (owner credential, never subject to
 * the rules): comment copies, reports and suspensions, seeded and read as stored.
 */
function firestore(): OwnerClient {
  return ownerClient(`http://${TEST_FIRESTORE_HOST}`, config.firebase.projectId);
}

/**
 * Gives the post's comments their authors' accounts (`uids`, by e-mail) and times (`at`, default
 * commentTimes: a second apart, the last a second ago), as the app would have written them: a post of this version has its
 * thread laid out again as seedPosts lays it out (its documents and moderation copies, by
 * scripts/seed/seededThread.ts); a post of an earlier version (its comments in its list) gets the
 * moderation copies that version wrote beside the list. Returns the copies' ids.
 */
export async function seedCommentCopies(
  post: StoredPost,
  uids: Record<string, string>,
  at: (index: number) => Date = commentTimes(post.comments.length),
): Promise<string[]> {
  const client = firestore();
  const stored = await client.get(`posts/${post.id}`);
  const list = stored?.fields.comments;
  const legacy =
    list !== undefined && 'arrayValue' in list && (list.arrayValue.values ?? []).length > 0;
  const seeded = post.comments.map((comment, index) => ({
    comment,
    at: at(index),
    uid: uids[comment.user] ?? `uid-of-${comment.user}`,
  }));
  if (!legacy) {
    const { writes } = await seededThread(client, post.id, post.title, seeded);
    await client.commit(writes);
    return Promise.all(post.comments.map((comment) => commentId(post.id, comment)));
  }
  const copies = await Promise.all(
    seeded.map(({ comment, uid }) => commentCopy(post.id, post.title, uid, comment)),
  );
  await client.commit(
    copies.map(({ id, fields }, index) => ({
      update: {
        name: client.name(`comments/${id}`),
        fields: toFields({ ...fields, at: seeded[index].at }),
      },
    })),
  );
  return copies.map(({ id }) => id);
}

/** A stored document's plain fields (strings, numbers, booleans, null, timestamps as ms). */
export async function readStored(path: string): Promise<Record<string, unknown> | null> {
  const document = await firestore().get(path);
  if (!document) return null;
  return Object.fromEntries(
    Object.entries(document.fields).map(([key, value]) => {
      if ('stringValue' in value) return [key, value.stringValue];
      if ('integerValue' in value) return [key, Number(value.integerValue)];
      if ('booleanValue' in value) return [key, value.booleanValue];
      if ('timestampValue' in value) return [key, Date.parse(value.timestampValue)];
      return [key, null];
    }),
  );
}

/** The ids of the stored documents of a collection. */
export async function storedIds(collection: string): Promise<string[]> {
  const documents = await firestore().runQuery({ from: [{ collectionId: collection }] });
  return documents.map(({ name }) => name.slice(name.lastIndexOf('/') + 1));
}

/** Suspends an account behind the app's back, as the administrator on another device would. */
export async function seedSuspension(uid: string, until: Date | null): Promise<void> {
  const client = firestore();
  await client.commit([
    {
      update: {
        name: client.name(`suspensions/${uid}`),
        fields: toFields({ until, at: new Date() }),
      },
    },
  ]);
}
