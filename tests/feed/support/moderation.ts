import { ownerClient, toFields, type OwnerClient } from '../../../scripts/lib/ownerClient';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../../src/shared/config';
import { commentCopy } from '../../../scripts/lib/commentCopy';
import type { StoredPost } from './firestore';

/**
 * The moderation side of the test's door into the emulator (owner credential, never subject to
 * the rules): comment copies, reports and suspensions, seeded and read as stored.
 */
function firestore(): OwnerClient {
  return ownerClient(`http://${TEST_FIRESTORE_HOST}`, config.firebase.projectId);
}

/**
 * Writes the moderation copy of each of the post's comments, as the app writes them: `uids` gives
 * each author's account id, `at` each comment's time (default: a minute apart, oldest first).
 */
export async function seedCommentCopies(
  post: StoredPost,
  uids: Record<string, string>,
  at: (index: number) => Date = (index) => new Date(post.created + (index + 1) * 60_000),
): Promise<string[]> {
  const client = firestore();
  const copies = await Promise.all(
    post.comments.map((comment) =>
      commentCopy(post.id, post.title, uids[comment.user] ?? `uid-of-${comment.user}`, comment),
    ),
  );
  await client.commit(
    copies.map(({ id, fields }, index) => ({
      update: {
        name: client.name(`comments/${id}`),
        fields: toFields({ ...fields, at: at(index) }),
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
