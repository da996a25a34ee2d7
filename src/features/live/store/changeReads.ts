import { decodeBatch, type BatchGot } from '../../../shared/rest/batchGet';
import {
  CARD_MASK,
  CHANGES_PER_READ,
  changesQuery,
  decodeChangeStamps,
  type ChangeStamp,
  type PostChanges,
  type RestRead,
} from '../../posts';
import { toComments } from '../../comments';
import type { Comment, Post } from '../../posts';
import { documentData, readTimeOf } from '../../../shared/rest/restDecode';
import { config } from '../../../shared/config';
import { documentPost, documentsRoot, postRest } from '../../posts';
import { heldThread, setThread, threadReading } from '../../comments';

/**
 * What changed since a read, over Firestore's REST API: the stamps of postChanges newer than it,
 * then those posts by id. Loaded with the first live check (readChanges), so none of it
 * weighs on the first page. `root`: the documents root (postsQuery.documentsRoot).
 */
export async function readChangesOver(
  read: RestRead,
  root: string,
  since: string,
): Promise<PostChanges> {
  const ids = new Set<string>();
  let after: ChangeStamp | null = null;
  let readTime: string | null = null;
  do {
    const answer: { stamps: ChangeStamp[]; readTime: string | null } = await read(
      'runQuery',
      changesQuery(since, after),
      (json) => ({
        stamps: decodeChangeStamps(json),
        readTime: readTimeOf(json),
      }),
    );
    for (const stamp of answer.stamps) ids.add(stamp.id);
    readTime = answer.readTime;
    // A full answer: more stamps may come after its last one.
    after = answer.stamps.length === CHANGES_PER_READ ? (answer.stamps.at(-1) ?? null) : null;
  } while (after);
  // Everything up to the last answer's read time has been seen.
  const next = readTime ?? since;
  if (ids.size === 0) return { posts: [], deleted: [], since: next };
  // A changed post is read without its comments, unless this page holds its thread: then whole,
  // so the open thread stays current. Either way one read per post.
  const open = new Set([...ids].filter((id) => heldThread(id) !== undefined));
  const [cards, whole] = await Promise.all([
    readPosts(
      read,
      root,
      [...ids].filter((id) => !open.has(id)),
      CARD_MASK,
    ),
    readPosts(
      read,
      root,
      [...ids].filter((id) => open.has(id)),
      null,
    ),
  ]);
  for (const { id, comments } of whole.threads) setThread(id, comments, [], threadReading(id));
  return {
    posts: [...cards.found, ...whole.found],
    deleted: [...cards.missing, ...whole.missing],
    since: next,
  };
}

/** `ids`'s posts, by one batchGet with `mask` (null: whole), and the threads it read. */
async function readPosts(
  read: RestRead,
  root: string,
  ids: string[],
  mask: typeof CARD_MASK | null,
): Promise<BatchGot<Post> & { threads: { id: string; comments: Comment[] }[] }> {
  if (ids.length === 0) return { found: [], missing: [], threads: [] };
  const documents = ids.map((id) => `${root}/posts/${id}`);
  const got = await read('batchGet', { documents, ...(mask && { mask }) }, (json) =>
    decodeBatch(json, (document) => ({
      post: documentPost(document),
      comments: toComments(documentData(document)),
    })),
  );
  return {
    found: got.found.map(({ post }) => post),
    missing: got.missing,
    threads: got.found.flatMap(({ post, comments }) =>
      comments ? [{ id: post.id, comments }] : [],
    ),
  };
}

/**
 * The posts changed after `since` (a read time as Firestore wrote it); with nothing changed, one
 * read. Loads with the first check, never with the first page.
 */
export function readChanges(since: string): Promise<PostChanges> {
  return readChangesOver(postRest, documentsRoot(config.firebase.projectId), since);
}
