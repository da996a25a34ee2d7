/**
 * The caps in firestore.rules keep every post under Firestore's 1 MiB document limit: this writes
 * the largest post the rules allow, through the Lite SDK as the administrator and 400 fans, with
 * every text at its maximum in UTF-8 bytes (4-byte characters), the longest status and deal id,
 * and checks that it is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import { documentSize, MAX_DOCUMENT_SIZE } from '../support/documentSize';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import { LIMITS } from '../../src/data/limits';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  startHarness,
  type Harness,
} from '../support/harness';
import { setDoc, updateDoc } from '../support/stampedWrites';
import { addComment } from '../support/commentCommit';

const EMOJI = '\u{1F3C6}'; // one character, four UTF-8 bytes
const ADMIN = readAdminEmail();
/** The longest post id the rules allow (room for the ids of its comments' copies and reports). */
const POST_ID = 'p'.repeat(LIMITS.postIdBytes);
/** The longest deal id, and one of the longest statuses (9 bytes, as 'Done deal'). */
const DEAL_ID = 'd'.repeat(LIMITS.dealIdChars);
const STATUS = 'Collapsed';

/** `count` 4-byte characters, or as many as fit in `bytes`, whichever is fewer. */
function widest(maxChars: number, maxBytes: number): string {
  return EMOJI.repeat(Math.min(maxChars, Math.floor(maxBytes / 4)));
}

/** A distinct address of exactly the rules' maximum length. */
function longEmail(i: number): string {
  const domain = '@example.test';
  const local = `fan${i}-`;
  return local + 'x'.repeat(LIMITS.emailBytes - local.length - domain.length) + domain;
}

function maxUrl(): string {
  const base = 'https://img.example/';
  return base + 'x'.repeat(LIMITS.urlBytes - base.length);
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-worst-case');
});
afterAll(async () => {
  await harness.close();
});

function comment(i: number) {
  return {
    user: longEmail(i),
    text: widest(LIMITS.commentChars, LIMITS.commentBytes),
    date: 'd'.repeat(LIMITS.commentDateBytes),
  };
}

function commentAsFan(i: number): Promise<void> {
  const fan = googleUser(`worst-${i}`, longEmail(i));
  return addComment(harness.client(fan), {
    uid: fan.sub,
    postId: POST_ID,
    postTitle: widest(LIMITS.titleChars, LIMITS.titleBytes),
    comment: comment(i),
  });
}

describe('the largest post the rules allow', () => {
  it('is stored whole, with every field at its maximum and the most comments', async () => {
    const admin: Firestore = harness.client(googleUser('admin-worst', ADMIN));
    // A deal already at the post's status: the post names it without writing it.
    await harness.seed(`deals/${DEAL_ID}`, { name: 'Worst case', status: STATUS });
    await expectAllowed(
      setDoc(doc(admin, 'posts', POST_ID), {
        title: widest(LIMITS.titleChars, LIMITS.titleBytes),
        content: widest(LIMITS.contentChars, LIMITS.contentBytes),
        imageUrl: maxUrl(),
        link: maxUrl(),
        comments: [],
        created: Date.now(),
        status: STATUS,
        deal: DEAL_ID,
      }),
    );
    // 400 fans, a few at a time (each fan's first comment, so no rate limit applies).
    for (let start = 0; start < LIMITS.commentsPerPost; start += 20) {
      const batch = Array.from(
        { length: Math.min(20, LIMITS.commentsPerPost - start) },
        (_, k) => start + k,
      );
      await Promise.all(batch.map((i) => expectAllowed(commentAsFan(i))));
    }
    // The administrator can still edit the full post to content of the same maximum size.
    await expectAllowed(
      updateDoc(doc(admin, 'posts', POST_ID), {
        content: '\u{1F947}'.repeat(Math.floor(LIMITS.contentBytes / 4)),
      }),
    );

    const stored = await getDoc(doc(admin, 'posts', POST_ID));
    const comments = stored.get('comments') as unknown[]; // written above as such
    expect(comments).toHaveLength(LIMITS.commentsPerPost);
    expect(comments.at(-1)).toEqual(comment(LIMITS.commentsPerPost - 1));
    expect(Buffer.byteLength(stored.get('title') as string)).toBe(LIMITS.titleBytes);

    // One comment more is refused by the rules, not by the size limit.
    await expectDenied(commentAsFan(LIMITS.commentsPerPost));

    const size = await storedSize(harness, POST_ID);
    expect(size).toBeLessThanOrEqual(MAX_DOCUMENT_SIZE);
    console.info(
      `worst-case post: ${size.toLocaleString('en-US')} bytes, ${(MAX_DOCUMENT_SIZE - size).toLocaleString('en-US')} under 1 MiB`,
    );
  }, 60_000);
});

/** The stored document's size as Firestore counts it, from its REST form. */
async function storedSize(h: Harness, id: string): Promise<number> {
  const stored = await h.owner.get(`posts/${id}`);
  if (!stored) throw new Error(`posts/${id} is missing`);
  return documentSize(`posts/${id}`, stored.fields);
}
