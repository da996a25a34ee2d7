/**
 * A thread of documents (firestore.rules posts/{postId}/comments and commentCounts): the app's own
 * comment recipe (src/features/comments/store/commentCommits.ts) run by fans on Google's engine,
 * through each way a comment is counted: the post's summary, the mark, a counter.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import {
  commitComment,
  commitRemoval,
  type CommentWrite,
} from '../../src/features/comments/store/commentCommits';
import { commentId } from '../../src/features/comments/data/commentCopies';
import type { CommentSummary } from '../../src/features/posts/data/post';
import { LIMITS } from '../../src/shared/limits';
import { googleUser, newPost, startHarness, type Harness } from '../support/harness';
import { ADMIN, comment, TITLE } from '../support/fixtures';
import { addDoc } from '../support/stampedWrites';

let harness: Harness;

const fan = (n: number) => googleUser(`fan-${n}`, `fan${n}@example.test`);
const store = (persona: ReturnType<typeof fan>) => ({ sdk, db: harness.client(persona) });
const EMPTY: CommentSummary = { commentCount: 0, cardComments: [], moreComments: false };

async function createPost(): Promise<string> {
  const ref = await addDoc(sdk.collection(harness.client(ADMIN), 'posts'), newPost());
  return ref.id;
}

function write(postId: string, n: number, view: CommentSummary = EMPTY): CommentWrite {
  return {
    postId,
    postTitle: TITLE,
    view,
    comment: comment(fan(n).email, `Comment ${n}`),
    uid: fan(n).sub,
  };
}

async function postData(postId: string) {
  return (await sdk.getDoc(sdk.doc(harness.client(ADMIN), 'posts', postId))).data() ?? {};
}

async function counted(postId: string): Promise<number> {
  const counters = sdk.collection(harness.client(ADMIN), 'posts', postId, 'commentCounts');
  const sum = await sdk.getAggregate(sdk.query(counters), { n: sdk.sum('n') });
  return sum.data().n;
}

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread');
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

describe('a thread of documents', () => {
  it('counts the first comments in the post, marks it, then counts in the counters', async () => {
    const postId = await createPost();
    let view = EMPTY;
    const total = LIMITS.cardComments + 3;
    for (let n = 1; n <= total; n += 1) {
      const added = await commitComment(store(fan(n)), write(postId, n, view));
      view = added.summary;
    }
    const post = await postData(postId);
    expect(post.commentCount).toBe(LIMITS.cardComments);
    expect(post.moreComments).toBe(true);
    expect(post.cardComments).toEqual([]);
    expect(await counted(postId)).toBe(3);
    const thread = await sdk.getDocs(
      sdk.query(sdk.collection(harness.client(null), 'posts', postId, 'comments'), sdk.limit(50)),
    );
    expect(thread.size).toBe(total);
  });

  it('removes a comment of each kind with what counts it', async () => {
    const postId = await createPost();
    let view = EMPTY;
    for (let n = 1; n <= LIMITS.cardComments + 2; n += 1) {
      view = (await commitComment(store(fan(n)), write(postId, n, view))).summary;
    }
    const first = write(postId, 1).comment;
    const last = write(postId, LIMITS.cardComments + 2).comment;
    expect((await commitRemoval(store(fan(1)), postId, first)).countedBy).toBe('summary');
    expect((await commitRemoval(store(ADMIN), postId, last)).countedBy).toBe('counter');
    expect((await postData(postId)).commentCount).toBe(LIMITS.cardComments - 1);
    expect(await counted(postId)).toBe(1);
    const gone = await sdk.getDoc(
      sdk.doc(harness.client(ADMIN), 'comments', await commentId(postId, last)),
    );
    expect(gone.exists()).toBe(false);
  });
});
