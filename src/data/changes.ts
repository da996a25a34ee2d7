/**
 * What changed since a read, over Firestore's REST API: the stamps of postChanges newer than it,
 * then those posts by id. Loaded with the first live check (through feedStore.readChanges), so
 * none of it weighs on the first page.
 */
import { isRecord, type Post } from './post';
import { POST_CHANGES } from './postsQuery';
import { documentPost, idOf, readTimeOf, restDocument, runQueryDocuments } from './restDecode';

/** Stamps read per query; the rules' page limit (50) bounds it too. */
export const CHANGES_PER_READ = 50;

/** What changed after a read: posts created or changed, ids deleted, and where to ask from next. */
export interface PostChanges {
  posts: Post[];
  gone: string[];
  /** The `since` of the next check: the read time of the last answer. */
  since: string;
}

/** One REST read (feedStore's): its JSON answer decoded, or a StoreError. */
export type RestRead = <T>(
  method: 'runQuery' | 'batchGet',
  body: unknown,
  decode: (json: unknown) => T,
) => Promise<T>;

/** The stamp of a changed post (postChanges/{id}): which post, and when, as Firestore wrote it. */
export interface ChangeStamp {
  id: string;
  name: string;
  at: string;
}

/** `root`: the documents root (postsQuery.documentsRoot). */
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
  if (ids.size === 0) return { posts: [], gone: [], since: next };
  const documents = [...ids].map((id) => `${root}/posts/${id}`);
  const { found, missing } = await read('batchGet', { documents }, decodeBatchGet);
  return { posts: found, gone: missing, since: next };
}

/**
 * The runQuery for the stamps of posts changed after `since` (a timestamp as Firestore wrote it),
 * oldest first; `after` continues past the last stamp of a full answer.
 */
export function changesQuery(since: string, after: ChangeStamp | null): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: POST_CHANGES }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'at' },
          op: 'GREATER_THAN',
          value: { timestampValue: since },
        },
      },
      orderBy: [
        { field: { fieldPath: 'at' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
      limit: CHANGES_PER_READ,
      ...(after && {
        startAt: {
          values: [{ timestampValue: after.at }, { referenceValue: after.name }],
          before: false,
        },
      }),
    },
  };
}

/** The stamps of a runQuery over postChanges, in order; one without a timestamp is skipped. */
export function decodeChangeStamps(json: unknown): ChangeStamp[] {
  return runQueryDocuments(json).flatMap(({ name, fields }) => {
    const at = isRecord(fields.at) ? fields.at.timestampValue : undefined;
    return typeof at === 'string' ? [{ id: idOf(name), name, at }] : [];
  });
}

/** A batchGet answer: the posts found and the ids of those that do not exist. */
export function decodeBatchGet(json: unknown): { found: Post[]; missing: string[] } {
  if (!Array.isArray(json)) throw new Error('batchGet: expected an array of results');
  const found: Post[] = [];
  const missing: string[] = [];
  for (const entry of json) {
    if (!isRecord(entry)) continue;
    const document = restDocument(entry.found);
    if (document) found.push(documentPost(document));
    else if (typeof entry.missing === 'string') missing.push(idOf(entry.missing));
  }
  return { found, missing };
}
