import { isRecord, type RestDocument } from '../../../shared/rest/restDecode';
import { toComment } from '../../../shared/posts/postDecode';
import type { ThreadEntry } from './threadState';

/**
 * A thread document as the REST API returns it, as the page holds it: a comment, a reply (ordered
 * by `replyAt`) or a removed comment's mark (no author, no text), with its counts of replies and
 * likes.
 */
export function toEntry({ name, fields }: RestDocument): ThreadEntry[] {
  const at = timestamp(fields.at) ?? timestamp(fields.replyAt);
  if (at === undefined) return [];
  const id = name.slice(name.lastIndexOf('/') + 1);
  const replies = integer(fields.replies);
  const likes = integer(fields.likes);
  const likedAt = timestamp(fields.likedAt);
  const counted = {
    ...(replies > 0 && { replies }),
    ...(likes > 0 && { likes }),
    ...(likedAt !== undefined && { likedAt: Date.parse(likedAt) }),
  };
  if (isRecord(fields.removed) && fields.removed.booleanValue === true) {
    return [{ id, comment: { user: '', text: '', date: '' }, at, removed: true, ...counted }];
  }
  const [comment] = toComment({
    user: text(fields.user),
    text: text(fields.text),
    date: text(fields.date),
  });
  return comment ? [{ id, comment, at, ...counted }] : [];
}

/** A document an open thread's live check read (../data/threadQueries.ts addedQuery). */
export interface AddedEntry {
  entry: ThreadEntry;
  /** A reply's: the comment it answers. */
  replyTo?: string;
  /** Its `addedAt`, as Firestore wrote it: where the next such read starts. */
  addedAt: string;
}

export function toAddedEntry(document: RestDocument): AddedEntry[] {
  const addedAt = timestamp(document.fields.addedAt);
  if (addedAt === undefined) return [];
  const replyTo = text(document.fields.replyTo);
  return toEntry(document).map((entry) => ({ entry, addedAt, ...(replyTo !== '' && { replyTo }) }));
}

function timestamp(value: unknown): string | undefined {
  return isRecord(value) && typeof value.timestampValue === 'string'
    ? value.timestampValue
    : undefined;
}

function text(value: unknown): string {
  return isRecord(value) && typeof value.stringValue === 'string' ? value.stringValue : '';
}

function integer(value: unknown): number {
  const n = isRecord(value) ? Number(value.integerValue ?? 0) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
