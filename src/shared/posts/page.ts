import type { Post } from './post';

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
  /** The feed's first page only: the club's pinned post, which leads its answer (null: none). */
  pinned?: Post | null;
}
