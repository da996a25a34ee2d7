/**
 * The shapes of a live check (features/live/store/changeReads.ts): the query for the change stamps
 * newer than a read, and the decoders of its answers. Loaded with the first live check, never with
 * the first page.
 */
import { isRecord } from '../rest/restDecode';
import type { Post } from './post';
import { POST_CHANGES } from '../collections';
import { POST_CARD_FIELDS } from './postsQuery';
import { idOf, runQueryDocuments } from '../rest/restDecode';

/**
 * A batchGet's `mask` for a changed post whose thread the page does not hold: its card's fields.
 */
export const CARD_MASK = { fieldPaths: [...POST_CARD_FIELDS] };

/** Stamps read per query; the rules' page limit (50) bounds it too. */
export const CHANGES_PER_READ = 50;

/** What changed after a read: posts created or changed, ids deleted, and where to ask from next. */
export interface PostChanges {
  posts: Post[];
  deleted: string[];
  /** The `since` of the next check: the read time of the last answer. */
  since: string;
}

/**
 * One REST read (shared/posts/restReads.ts's): its JSON answer decoded, or a StoreError.
 */
export type RestRead = <T>(
  method: 'runQuery' | 'batchGet' | 'runAggregationQuery',
  body: unknown,
  decode: (json: unknown) => T,
) => Promise<T>;

/**
 * The stamp of a changed post (postChanges/{id}): which post, and when it or its thread changed,
 * as Firestore wrote it (RFC 3339).
 */
export interface ChangeStamp {
  id: string;
  name: string;
  at: string;
  /** When the post document itself last changed (`at` on stamps of earlier versions). */
  postAt: string;
  /** The comment the stamping write added or removed, if any. */
  comment: string | null;
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
    const postAt = isRecord(fields.postAt) ? fields.postAt.timestampValue : undefined;
    const comment = isRecord(fields.comment) ? fields.comment.stringValue : undefined;
    if (typeof at !== 'string') return [];
    return [
      {
        id: idOf(name),
        name,
        at,
        postAt: typeof postAt === 'string' ? postAt : at,
        comment: typeof comment === 'string' ? comment : null,
      },
    ];
  });
}
