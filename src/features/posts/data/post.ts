import { isRecord } from '../../../shared/rest/restDecode';
import { isDealStatus, type DealStatus } from './dealStatus';

/**
 * The spec's shapes (§3), as the app uses them, and the added fields: deal status, closed, deal,
 * pinned.
 */
export interface Comment {
  user: string;
  text: string;
  date: string;
}

/**
 * A post as the feed holds it. Its `comments` list (the spec's) stays in the store: pages leave it
 * out (a field mask) and read the summary beside it (features/posts/data/commentSummary.ts); a card
 * that needs the whole thread reads it when asked (features/comments/store/threads.ts).
 */
export interface Post {
  id: string;
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  /**
   * How many comments the post has; null only while unknown: an older version wrote the post
   * without a count and this read left its comments out (the reader reads them next).
   */
  commentCount: number | null;
  /**
   * The comments a card shows inline: all of them while there are few, else none (commentSummary).
   */
  cardComments: Comment[];
  /** Milliseconds since the epoch. */
  created: number;
  /** How far the deal has got; absent on posts without one (and on every post of the spec). */
  status?: DealStatus;
  /** The administrator closed its comments; absent (open) on every post of the spec. */
  closed?: true;
  /** The id of the deal (deals/{id}) whose story it tells; absent on posts without one. */
  deal?: string;
  /** The club pins it on top of the feed (one post at most); absent on every other post. */
  pinned?: true;
}

/** The deal a form names: an existing deal's id and name, or a new deal's (its id made from it). */
export interface PostDeal {
  id: string;
  name: string;
}

export interface NewPost extends Pick<Post, 'title' | 'content' | 'imageUrl' | 'link' | 'status'> {
  deal?: PostDeal;
}

/**
 * What the administrator's editor changes: the content, the deal status and the deal (absent:
 * none).
 */
export interface PostEdit extends Pick<Post, 'content' | 'status'> {
  deal?: PostDeal;
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
function storedSummary({ commentCount, cardComments }: Record<string, unknown>): CommentSummary {
  return {
    commentCount: Number.isInteger(commentCount) ? Number(commentCount) : null,
    cardComments: Array.isArray(cardComments) ? cardComments.flatMap(toComment) : [],
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

/**
 * What a post keeps beside its comments so that reads which do not show a thread can leave the
 * thread out (a field mask): how many comments it has, and the comments a card shows inline. The
 * rules hold both to the list in every write that changes it (firestore.rules summarisesComments;
 * commentList.summariseComments makes it), so a fan can neither hide nor inflate a thread. Posts
 * written before these fields existed have neither; their comments are read with them.
 */
export interface CommentSummary {
  /** How many comments the post holds (the length of its `comments`); null: not known (Post). */
  commentCount: number | null;
  /**
   * Every comment, oldest first, while the post has at most LIMITS.cardComments of them; none once
   * it has more (the card then offers the whole thread, read when asked for).
   */
  cardComments: Comment[];
}
