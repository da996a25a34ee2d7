import { decodeBatch, type BatchGot } from '../../../shared/rest/batchGet';
import {
  CARD_MASK,
  CHANGES_PER_READ,
  changesQuery,
  decodeChangeStamps,
  type ChangeStamp,
  type PostChanges,
  type RestRead,
} from '../../../shared/posts/changes';
import type { Post } from '../../../shared/posts/post';
import { readTimeOf } from '../../../shared/rest/restDecode';
import { config } from '../../../shared/config';
import { documentPost } from '../../../shared/posts/postDecode';
import { documentsRoot } from '../../../shared/posts/postsQuery';
import { postRest } from '../../../shared/posts/restReads';
import { tellThreadStamps } from './threadStamps';

/**
 * What changed since a read, over Firestore's REST API: the stamps of postChanges newer than it,
 * then the posts whose document changed, by id, without their threads (one read each). A stamp of
 * a thread alone (a busy thread's comments, stamped at most once in 10 seconds) reads no post: the
 * comments feature reads what the page shows of that thread (./threadStamps.ts). Loaded with the first
 * live check (readChanges), so none of it weighs on the first page. `root`: the documents root
 * (postsQuery.documentsRoot).
 */
export async function readChangesOver(
  read: RestRead,
  root: string,
  since: string,
): Promise<PostChanges> {
  const stamps = new Map<string, ChangeStamp>();
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
    for (const stamp of answer.stamps) stamps.set(stamp.id, stamp);
    readTime = answer.readTime;
    // A full answer: more stamps may come after its last one.
    after = answer.stamps.length === CHANGES_PER_READ ? (answer.stamps.at(-1) ?? null) : null;
  } while (after);
  // Everything up to the last answer's read time has been seen.
  const next = readTime ?? since;
  tellThreadStamps([...stamps.values()], next);
  if (stamps.size === 0) return { posts: [], deleted: [], since: next };
  const changedPosts = [...stamps.values()]
    .filter((stamp) => Date.parse(stamp.postAt) >= Date.parse(since))
    .map((stamp) => stamp.id);
  const cards = await readPosts(read, root, changedPosts);
  return { posts: cards.found, deleted: cards.missing, since: next };
}

/** `ids`'s posts, by one batchGet of the card's fields. */
async function readPosts(read: RestRead, root: string, ids: string[]): Promise<BatchGot<Post>> {
  if (ids.length === 0) return { found: [], missing: [] };
  const documents = ids.map((id) => `${root}/posts/${id}`);
  return read('batchGet', { documents, mask: CARD_MASK }, (json) =>
    decodeBatch(json, documentPost),
  );
}

/**
 * The posts changed after `since` (a read time as Firestore wrote it); with nothing changed, one
 * read. Loads with the first check, never with the first page.
 */
export function readChanges(since: string): Promise<PostChanges> {
  return readChangesOver(postRest, documentsRoot(config.firebase.projectId), since);
}
