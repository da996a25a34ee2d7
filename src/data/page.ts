import type { Post } from './post';
import { PAGE_SIZE } from './postsQuery';

export interface Cursor {
  created: number;
  id: string;
}

export interface PostsPage {
  posts: Post[];
  /** Where the next page starts; null when this page is the last one. */
  nextCursor: Cursor | null;
}

/** A page from the PAGE_SIZE + 1 posts a query returns: the extra one says a next page exists. */
export function toPage(fetched: Post[]): PostsPage {
  const posts = fetched.slice(0, PAGE_SIZE);
  const last = posts.at(-1);
  return {
    posts,
    nextCursor: fetched.length > PAGE_SIZE && last ? { created: last.created, id: last.id } : null,
  };
}
