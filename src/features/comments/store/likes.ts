/**
 * What a card asks of likes: the fan's own likes on a post, read once a page for each fan and post
 * (the reads load then: ./ownLikeReads.ts). The like counters are read with the thread's first page.
 */

const asked = new Set<string>();

export function readOwnLikes(postId: string, uid: string): void {
  const key = `${uid}\n${postId}`;
  if (asked.has(key)) return;
  asked.add(key);
  import('./ownLikeReads')
    .then((reads) => reads.readOwnLikes(postId, uid))
    .catch((error: unknown) => {
      asked.delete(key); // asked again when the thread shows again
      console.warn('Could not read your likes', error);
    });
}

/** Forgets what was asked (tests; a page's state starts empty). */
export function forgetOwnLikesAsked(): void {
  asked.clear();
}
