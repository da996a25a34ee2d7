import {
  CHANGES_PER_READ,
  changesQuery,
  decodeBatchGet,
  decodeChangeStamps,
  type ChangeStamp,
  type PostChanges,
  type RestRead,
} from '../data/changes';
import { readTimeOf } from '../data/restDecode';

/**
 * What changed since a read, over Firestore's REST API: the stamps of postChanges newer than it,
 * then those posts by id. Loaded with the first live check (restReads.readChanges), so none of it
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
    // A full answer: more stamps may follow its last one.
    after = answer.stamps.length === CHANGES_PER_READ ? (answer.stamps.at(-1) ?? null) : null;
  } while (after);
  // Everything up to the last answer's read time has been seen.
  const next = readTime ?? since;
  if (ids.size === 0) return { posts: [], deleted: [], since: next };
  const documents = [...ids].map((id) => `${root}/posts/${id}`);
  const { found, missing } = await read('batchGet', { documents }, decodeBatchGet);
  return { posts: found, deleted: missing, since: next };
}
