/**
 * A cold JVM runs Google's engine several times slower than a warm one for its first few hundred
 * commits, and a story's first second (its summary's 8 comments and the mark, on one document) is
 * where it could least afford that. Production is never cold, so before the timeline the engine
 * runs the same recipe on a post of its own, by accounts of their own: none of the hot story's
 * documents is written.
 */
import { commitFanComment } from '../../../src/features/feed/store/heldCommits';
import type { CommentSummary } from '../../../src/shared/posts/post';
import type { Store } from '../../../src/shared/store/firestoreWrites';
import type { HostPort } from '../../lib/emulators';
import { client, googleUser } from './fans';

export interface WarmUp {
  comments: number;
  refused: number;
  ms: number;
}

export interface WarmUpPlan {
  emulator: HostPort;
  sdk: Store['sdk'];
  /** Publishes the warm-up's own post; its id. */
  publish: () => Promise<string>;
  postTitle: string;
  comments: number;
  /** Commits at once. */
  concurrency: number;
}

export async function warmUp(plan: WarmUpPlan): Promise<WarmUp> {
  const { emulator, sdk, postTitle, comments, concurrency } = plan;
  const started = Date.now();
  const postId = await plan.publish();
  let view: CommentSummary = { commentCount: 0, cardComments: [], moreComments: false };
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < comments) {
      next += 1;
      const persona = googleUser(`hot-story-warm-${next}`, `hot.story.warm.${next}@example.com`);
      const comment = { user: persona.email, text: `Warming up ${next}`, date: 'warm-up' };
      try {
        const write = { postId, postTitle, view, comment, uid: persona.sub };
        const added = await commitFanComment(client(emulator, persona, sdk), write);
        if (added.held !== null) throw new Error('held for review');
        view = added.summary;
      } catch {
        refused += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { comments, refused, ms: Date.now() - started };
}
