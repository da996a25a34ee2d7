import {
  documentData,
  idOf,
  isRecord,
  readTimeOf,
  restDocument,
  runQueryDocuments,
  type RestDocument,
} from '../rest/restDecode';
import { isDealStatus } from './dealStatus';
import type { PostsPage } from './page';
import type { Comment, CommentSummary, Post } from './post';
import { PAGE_SIZE } from './postsQuery';

/**
 * Decodes the JSON of a Firestore REST `runQuery` response into Posts, in the order the server
 * returned them: the one decoder of every page read (index.html's first request, then each
 * Load More through shared/posts/restReads.ts), ending in toPost().
 */
export function decodeRunQuery(json: unknown): Post[] {
  return runQueryDocuments(json).map(documentPost);
}

/** Decodes the JSON of a Firestore REST GET of one document (a `Document`) into a Post. */
export function decodeDocument(json: unknown): Post {
  const document = restDocument(json);
  if (!document) throw new Error('get: expected a document with a name');
  return documentPost(document);
}

/** A REST document as a Post: its id from the name, its fields decoded. */
export function documentPost(document: RestDocument): Post {
  return toPost(idOf(document.name), documentData(document));
}

/** A page of `size` posts from the size + 1 a query returns: the extra one says more exist. */
export function toPage(
  fetched: Post[],
  readTime: string | null = null,
  size = PAGE_SIZE,
): PostsPage {
  const posts = fetched.slice(0, size);
  const last = posts.at(-1);
  return {
    posts,
    nextCursor: fetched.length > size && last ? { created: last.created, id: last.id } : null,
    readTime,
  };
}

/** A runQuery answer for posts as a page. */
export function decodePage(json: unknown): PostsPage {
  return toPage(decodeRunQuery(json), readTimeOf(json));
}

/**
 * The feed's first page (postsQuery FIRST_PAGE_QUERY): the pinned post that leads it apart, and
 * the newest after it, as many as fill the page with it.
 */
export function decodeFirstPage(json: unknown): PostsPage {
  const posts = decodeRunQuery(json);
  if (!posts[0]?.pinned) return { ...toPage(posts, readTimeOf(json)), pinned: null };
  return { ...toPage(posts.slice(1), readTimeOf(json), PAGE_SIZE - 1), pinned: posts[0] };
}

/**
 * A stored document as a Post, whatever an older version wrote: missing or mistyped fields become
 * '' / [] / 0 instead of breaking the feed, and a status outside the list reads as none. Its
 * comments are not part of it (a read of the thread takes them: commentList.toComments).
 */
export function toPost(id: string, data: unknown): Post {
  const fields = isRecord(data) ? data : {};
  return {
    id,
    title: text(fields.title),
    content: text(fields.content),
    imageUrl: text(fields.imageUrl),
    link: text(fields.link),
    ...storedSummary(fields),
    created: toMillis(fields.created),
    ...(isDealStatus(fields.status) && { status: fields.status }),
    ...(fields.closed === true && { closed: true }),
    ...(typeof fields.deal === 'string' && fields.deal !== '' && { deal: fields.deal }),
    ...(fields.pinned === true && { pinned: true }),
  };
}

/** The summary as stored beside the comments; a count of null where an older version kept none. */
function storedSummary({
  commentCount,
  cardComments,
  moreComments,
}: Record<string, unknown>): CommentSummary {
  return {
    commentCount: Number.isInteger(commentCount) ? Number(commentCount) : null,
    cardComments: Array.isArray(cardComments) ? cardComments.flatMap(toComment) : [],
    moreComments: moreComments === true,
  };
}

/** One stored comment, or none when it is not a map. */
export function toComment(value: unknown): Comment[] {
  if (!isRecord(value)) return [];
  return [{ user: text(value.user), text: text(value.text), date: text(value.date) }];
}

function toMillis(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
