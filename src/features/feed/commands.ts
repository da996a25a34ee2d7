import { loadWriteModule } from '../../shared/errors/loadWriteModule';
import { onEachSet } from '../../shared/events/onEachSet';
import { createExternalStore } from '../../shared/state/externalStore';
import type { Comment, NewPost, Post, PostEdit } from '../../shared/posts/post';
import type { ReportReason } from '../comments/data/commentCopies';
import type { HeldComment, HoldReason, ReviewSettings } from '../comments/data/review';
import type { FeedAction, WriteAction } from './data/feedState';
import type { CommentedPost, LikeFold, LikeTarget, ReplyTarget, WrittenAt } from './data/writes';

/**
 * The feed's commands: every write a reader or the club makes to posts and comments, called
 * directly by the feature that offers it. Each loads its write code where it is first needed,
 * commits through the one recipe, and then tells every listener what was committed: each feed on
 * the page (its reducer) and the comments' threads. A refusal rejects with a StoreError and
 * changes nothing. This module imports no component, so any feature may call it without a circle.
 */

const commentWrites = () => loadWriteModule(() => import('./store/commentWrites'));
const postWrites = () => loadWriteModule(() => import('./store/postWrites'));

/** What a command committed, as the feeds' reducer takes it. */
export type Committed = WriteAction | Extract<FeedAction, { type: 'pinned' }>;

/** The last committed write, told to every listener (the app's one subscribe-and-tell machine). */
const lastWrite = createExternalStore<Committed | null>(null);
const written = new Map<string, number>();

/**
 * When this page last wrote each post (performance.now()): a live check that began before then
 * may have read the post as it was, so the feeds leave their copy alone.
 */
export const writtenAt: WrittenAt = written;

/** Calls `listener` with each committed write from now on; returns the function that stops it. */
export function onCommitted(listener: (write: Committed) => void): () => void {
  return onEachSet(lastWrite, listener);
}

function committed(write: Committed, ...postIds: string[]): void {
  const now = performance.now();
  for (const id of postIds) written.set(id, now);
  lastWrite.set(write);
}

/**
 * A fan's comment on `post` as the page holds it, or their reply to one of its comments
 * (`replyTo`: the comment answered, by its id or as shown). `uid` is the commenter's account (the
 * rules limit how often each comments); `onRetry` is told when Firestore asks for the commit again.
 * Resolves with why the club holds it for review, or null: it is in the thread.
 */
export async function addComment(
  post: CommentedPost,
  comment: Comment,
  uid: string,
  options?: { onRetry?: () => void; replyTo?: ReplyTarget },
): Promise<HoldReason | null> {
  const added = await (await commentWrites()).addComment(post, comment, uid, options);
  if (added.held !== null) {
    committed({ type: 'held', id: post.id, held: added.heldComment });
    return added.held;
  }
  const { summary, entryId, countedBy, replyTo } = added;
  committed(
    { type: 'commented', id: post.id, comment, summary, entryId, countedBy, replyTo },
    post.id,
  );
  return null;
}

/**
 * The club approves a held comment: it enters its post's thread, counted, and its author is
 * approved from then on.
 */
export async function approveHeld(held: HeldComment): Promise<void> {
  const added = await (await commentWrites()).approveHeld(held);
  const { comment, postId: id } = held;
  committed({ type: 'commented', id, comment, ...added }, id);
}

/** The club rejects a held comment: it is deleted, and nobody but its author ever saw it. */
export async function rejectHeld(held: HeldComment): Promise<void> {
  await (await commentWrites()).rejectHeld(held.id);
}

/** The administrator's choices of what the club holds for review. */
export async function saveReviewSettings(settings: ReviewSettings): Promise<void> {
  await (await commentWrites()).saveReviewSettings(settings);
}

/**
 * Removes a comment or a reply: the administrator's any, a fan's own, or one the club's list shows.
 * A comment with replies leaves 'Comment removed' in its place.
 */
export async function removeComment(postId: string, comment: Comment): Promise<void> {
  const removed = await (await commentWrites()).removeComment(postId, comment);
  committed({ type: 'commentRemoved', id: postId, comment, ...removed }, postId);
}

/**
 * A fan's like of a comment or reply on `post` (`target`: its id, or the comment as a card shows
 * it), or the like taken back (`liked` false); `view` is the comment as the page read it.
 */
export async function likeComment(
  post: CommentedPost,
  target: LikeTarget,
  uid: string,
  liked: boolean,
  view: { likedAt: number | null; pending: LikeFold | null },
): Promise<void> {
  const done = await (await commentWrites()).likeComment(post, target, uid, liked, view);
  committed({ type: 'liked', id: post.id, liked, ...done }, post.id);
}

/** A fan's report of someone else's comment (nothing a feed shows changes). */
export async function reportComment(
  postId: string,
  comment: Comment,
  reason: ReportReason,
  uid: string,
): Promise<void> {
  await (await commentWrites()).reportComment(postId, comment, reason, uid);
}

export async function createPost(input: NewPost): Promise<void> {
  const post = await (await postWrites()).createPost(input);
  committed({ type: 'added', post }, post.id);
}

/** Saves the editor: the content and the deal status (absent: none). */
export async function editPost(id: string, edit: PostEdit): Promise<void> {
  await (await postWrites()).updatePost(id, edit);
  committed({ type: 'edited', id, edit }, id);
}

/** The administrator closes or reopens a post's comments. */
export async function setCommentsClosed(id: string, closed: boolean): Promise<void> {
  await (await postWrites()).setCommentsClosed(id, closed);
  committed({ type: 'closed', id, closed }, id);
}

/** The administrator pins `post` on top of the feed (null: unpins the pinned one). */
export async function pin(post: Post | null): Promise<void> {
  const postIds = await (await postWrites()).pinPost(post?.id ?? null);
  committed({ type: 'pinned', pinned: post && { ...post, pinned: true } }, ...postIds);
}

/**
 * Deletes a post for everyone (one commit) and tells the feeds; then its thread is cleared out of
 * sight (postWrites clearThread): nothing a reader sees waits for it, and one cut short (the tab
 * closed) leaves only documents no page of the app reads.
 */
export async function deletePost(id: string): Promise<void> {
  const writes = await postWrites();
  await writes.deletePost(id);
  committed({ type: 'deleted', id }, id);
  writes
    .clearThread(id)
    .catch((error: unknown) => console.error('Could not clear the deleted post’s comments', error));
}

/**
 * Starts loading the write code and the SDK behind it ahead of a write (a form focused): the first
 * write of most pages is a comment. A failure here is said by the write itself.
 */
export function prepareWrites(): void {
  commentWrites().then(
    ({ warmStore }) => warmStore(),
    () => {},
  );
}
