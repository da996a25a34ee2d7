import { createContext, use } from 'react';
import type { AppUser } from '../../../shared/permissions/permissions';

/**
 * What every card needs from the feed around it, so no card gets it through four levels of props.
 */
export interface FeedContextValue {
  user: AppUser | null;
  /** One clock for every card's "3 hours ago", renewed every minute while the page is visible. */
  now: number;
  /** Posts deleted elsewhere whose cards stay while the reader is using them. */
  deletedElsewhere: ReadonlySet<string>;
  /** Prefix for the titles' ids (the feed's useId), unique per page. */
  idPrefix: string;
  /** The post a permalink names, once it is shown (first, highlighted); null otherwise. */
  sharedId: string | null;
}

export const FeedContext = createContext<FeedContextValue | null>(null);

export function useFeedContext(): FeedContextValue {
  const value = use(FeedContext);
  if (!value) throw new Error('A post card is rendered outside the feed');
  return value;
}

/** The id of a post's title, which names its article. */
export function titleIdOf(idPrefix: string, postId: string): string {
  // Firestore ids may hold any character but '/'; encoded, they make a valid, space-free id.
  return `${idPrefix}${encodeURIComponent(postId)}`;
}
