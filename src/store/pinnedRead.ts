import type { Post } from '../data/post';
import { isPostId, permalinkPostId } from '../lib/permalink';
import { preloadPicture } from './preloadPicture';
import { readPost } from './restReads';

/**
 * The permalink's post (`?post=<id>`), read by id as early as possible: main.tsx starts the read
 * before the first render, in parallel with the first page, so the shared card does not arrive
 * long after the feed. usePinnedPost takes it over on mount; nothing else touches it.
 */
let early: { id: string; request: Promise<Post | null> } | null = null;

/** Starts reading the post the address names, if it names a well-formed one. */
export function startPinnedRead(search: string = location.search): void {
  const id = permalinkPostId(search);
  if (id === null || !isPostId(id)) return;
  const request = readPost(id);
  // Its picture, not the newest post's, is this page's largest paint (index.html leaves it to us).
  // A failure is reported by whoever takes the read over.
  request.then((post) => post && preloadPicture(post.imageUrl)).catch(() => {});
  early = { id, request };
}

/** The early read of `id` if there is one (once), a new read otherwise (a Retry, a test's render). */
export function takePinnedRead(id: string): Promise<Post | null> {
  const taken = early;
  early = null;
  return taken?.id === id ? taken.request : readPost(id);
}
