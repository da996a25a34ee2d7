/**
 * The caps in firestore.rules keep every post under Firestore's 1 MiB document limit: this writes
 * the largest post the rules allow on Google's engine, through the Lite SDK as the administrator
 * and 400 fans, with every text at its most UTF-8 bytes (characters of 3 bytes and one UTF-16
 * unit each, the most bytes a unit of `size()` can carry), the longest status and deal id, the
 * most search words, and checks that it is stored. Should production's `size()` count code points
 * instead, 4-byte characters would fill each text to its byte cap: that post is sized here too.
 * The post carries its comment summary (commentCount 400, cardComments []): the card holds
 * comments only while there are at most LIMITS.cardComments, so the most comments are also the
 * largest post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import type { Fields } from '../../scripts/lib/restValue';
import { documentSize, MAX_DOCUMENT_SIZE } from '../support/documentSize';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import { LIMITS } from '../../src/shared/limits';
import { WORD_LIMITS } from '../../src/shared/wordLimits';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  startHarness,
  summaryOf,
  type Harness,
} from '../support/harness';
import { setDoc, updateDoc } from '../support/stampedWrites';
import { addComment } from '../support/commentCommit';

/** One UTF-16 code unit, three UTF-8 bytes: the most bytes per unit the rules count. */
const CJK = '\u6F22';
/** Four UTF-8 bytes and one code point: the most bytes per character if size() counted those. */
const EMOJI = '\u{1F3C6}';
const ADMIN = readAdminEmail();
/** The longest post id the rules allow (room for the ids of its comments' copies and reports). */
const POST_ID = 'p'.repeat(LIMITS.postIdBytes);
/** The longest deal id, and one of the longest statuses (9 bytes, as 'Done deal'). */
const DEAL_ID = 'd'.repeat(LIMITS.dealIdChars);
const STATUS = 'Collapsed';

/** The most UTF-8 bytes within both caps: 3-byte characters of one UTF-16 unit each. */
function widest(maxChars: number, maxBytes: number): string {
  return CJK.repeat(Math.min(maxChars, Math.floor(maxBytes / 3)));
}

/** A distinct address of exactly the rules' maximum length. */
function longEmail(i: number): string {
  const domain = '@example.test';
  const local = `fan${i}-`;
  return local + 'x'.repeat(LIMITS.emailBytes - local.length - domain.length) + domain;
}

/**
 * Search words at their caps: WORD_LIMITS.entries entries whose UTF-8 bytes joined by spaces are
 * exactly WORD_LIMITS.bytes (each entry is stored as its bytes and one more, so what the
 * entries are made of does not change the document's size).
 */
function maxWords(): string[] {
  const short = WORD_LIMITS.chars - 1;
  const longer = WORD_LIMITS.bytes - (WORD_LIMITS.entries * (short + 1) - 1);
  return Array.from({ length: WORD_LIMITS.entries }, (_, n) =>
    'w'.repeat(n < longer ? WORD_LIMITS.chars : short),
  );
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

/**
 * Fan i's comment, the post holding the i before it: written blind as the app writes it, from the
 * summary its page read (not read again here: each read of the post is up to 1 MiB).
 */
function commentAsFan(i: number): Promise<void> {
  const fan = googleUser(`worst-${i}`, longEmail(i));
  return addComment(harness.client(fan), {
    uid: fan.sub,
    postId: POST_ID,
    postTitle: widest(LIMITS.titleChars, LIMITS.titleBytes),
    comment: comment(i),
    known: summaryOf(Array.from({ length: i }, (_, k) => comment(k))),
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
        commentCount: 0,
        cardComments: [],
        created: Date.now(),
        status: STATUS,
        deal: DEAL_ID,
        words: maxWords(),
      }),
    );
    // 400 fans one after another (each fan's first comment, so no rate limit applies): Google's
    // engine locks the post per commit, and 20 commits at once on one post time out there.
    for (let i = 0; i < LIMITS.commentsPerPost; i += 1) await expectAllowed(commentAsFan(i));
    // The administrator can still edit the full post to content of the same maximum size.
    await expectAllowed(
      updateDoc(doc(admin, 'posts', POST_ID), {
        content: '\u6F23'.repeat(Math.floor(LIMITS.contentBytes / 3)),
      }),
    );

    const stored = await getDoc(doc(admin, 'posts', POST_ID));
    const comments = stored.get('comments') as unknown[]; // written above as such
    expect(comments).toHaveLength(LIMITS.commentsPerPost);
    expect(comments.at(-1)).toEqual(comment(LIMITS.commentsPerPost - 1));
    expect(stored.get('title')).toBe(widest(LIMITS.titleChars, LIMITS.titleBytes));
    // Its summary: every comment counted, none on the card past LIMITS.cardComments.
    expect(stored.get('words')).toEqual(maxWords());
    expect(new TextEncoder().encode(maxWords().join(' ')).length).toBe(WORD_LIMITS.bytes);
    expect(stored.get('commentCount')).toBe(LIMITS.commentsPerPost);
    expect(stored.get('cardComments')).toEqual([]);

    // One comment more is refused by the rules, not by the size limit.
    await expectDenied(commentAsFan(LIMITS.commentsPerPost));

    const fields = await storedFields(harness, POST_ID);
    const size = documentSize(`posts/${POST_ID}`, fields);
    expect(size).toBeLessThanOrEqual(MAX_DOCUMENT_SIZE);
    // The same post with every text at its byte cap in 4-byte characters: what the caps allow
    // if production's size() counted code points, as its documentation's "characters" may mean.
    const atByteCaps = documentSize(`posts/${POST_ID}`, withTextsAtByteCaps(fields));
    expect(atByteCaps).toBeLessThanOrEqual(MAX_DOCUMENT_SIZE);
    console.info(
      `worst-case post: ${size.toLocaleString('en-US')} bytes (${atByteCaps.toLocaleString('en-US')} at the byte caps), ${(MAX_DOCUMENT_SIZE - atByteCaps).toLocaleString('en-US')} under 1 MiB`,
    );
  }, 120_000);
});

/** The stored document's fields in their REST form. */
async function storedFields(h: Harness, id: string): Promise<Fields> {
  const stored = await h.owner.get(`posts/${id}`);
  if (!stored) throw new Error(`posts/${id} is missing`);
  return stored.fields;
}

/** `fields` with the title, the content and every comment's text at their byte caps. */
function withTextsAtByteCaps(fields: Fields): Fields {
  const atCap = (bytes: number) => ({ stringValue: EMOJI.repeat(Math.floor(bytes / 4)) });
  const comments = fields.comments;
  const values = comments && 'arrayValue' in comments ? (comments.arrayValue.values ?? []) : [];
  return {
    ...fields,
    title: atCap(LIMITS.titleBytes),
    content: atCap(LIMITS.contentBytes),
    comments: {
      arrayValue: {
        values: values.map((value) =>
          'mapValue' in value
            ? {
                mapValue: {
                  fields: { ...value.mapValue.fields, text: atCap(LIMITS.commentBytes) },
                },
              }
            : value,
        ),
      },
    },
  };
}
