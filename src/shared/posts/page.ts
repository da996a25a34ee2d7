import type { Post } from './post';
import { PAGE_SIZE } from './postsQuery';
import { readTimeOf } from '../rest/restDecode';
import { decodeRunQuery } from './postDecode';

export interface Cursor {
  created: number;
  id: string;
}

export interface PostsPage {
  posts: Post[];
  /** Where the next page starts; null when this page is the last one. */
  nextCursor: Cursor | null;
  /** When Firestore read it (its own clock, as it wrote it); changes after it are news. */
  readTime: string | null;
}

/** A page from the PAGE_SIZE + 1 posts a query returns: the extra one says a next page exists. */
export function toPage(fetched: Post[], readTime: string | null = null): PostsPage {
  const posts = fetched.slice(0, PAGE_SIZE);
  const last = posts.at(-1);
  return {
    posts,
    nextCursor: fetched.length > PAGE_SIZE && last ? { created: last.created, id: last.id } : null,
    readTime,
  };
}

/** A runQuery answer for posts as a page. */
export function decodePage(json: unknown): PostsPage {
  return toPage(decodeRunQuery(json), readTimeOf(json));
}
