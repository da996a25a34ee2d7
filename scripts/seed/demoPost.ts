import type { DealStatus } from '../../src/shared/posts/dealStatus';

/**
 * The shape of a demo post and its comments, on their own so that the posts (demoPosts.ts) and
 * the deals they tell (demoDeals.ts) can both use it without importing each other.
 */
export interface DemoComment {
  user: string;
  text: string;
  date: string;
}

export interface DemoPost {
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  comments: DemoComment[];
  created: number;
  /** Absent on posts without one, as on every post written before the field existed. */
  status?: DealStatus;
  /** The id of the deal the post belongs to (deals/{id}); absent on most. */
  deal?: string;
  /** The club pins it on top (one post at most; the seed writes the pin naming it). */
  pinned?: true;
}
