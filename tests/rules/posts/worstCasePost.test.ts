/**
 * The caps in firestore.rules keep every post under Firestore's 1 MiB document limit: this writes
 * the largest post the rules allow on Google's engine, through the Lite SDK as the administrator
 * and fans commenting through the app's recipe, with every text at its most UTF-8 bytes
 * (characters of 3 bytes and one UTF-16 unit each, the most bytes a unit of `size()` can carry),
 * the longest status and deal id, the most search words, and checks that it is stored. Should
 * production's `size()` count code points instead, 4-byte characters would fill each text to its
 * byte cap: that post is sized here too. A post holds at most LIMITS.cardComments comments on its
 * card (the rest are documents of their own); a post of an earlier version may still hold a list
 * of 400, the largest post of all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import { commitComment } from '../../../src/features/feed/store/commentCommits';
import type { CommentSummary } from '../../../src/shared/posts/post';
import type { Fields } from '../../../scripts/lib/restValue';
import { documentSize, MAX_DOCUMENT_SIZE } from '../../support/documentSize';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import { LIMITS } from '../../../src/shared/limits';
import { WORD_LIMITS } from '../../../src/shared/wordLimits';
import { expectAllowed, googleUser, startHarness, type Harness } from '../../support/harness';
import { setDoc, updateDoc } from '../../support/stampedWrites';

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
/** The most comments a post's list held under the rules of earlier versions. */
const LEGACY_COMMENTS = 400;
const TITLE = widest(LIMITS.titleChars, LIMITS.titleBytes);

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

/** Fan i's comment through the app's recipe, from the summary its page read (`view`). */
async function commentAsFan(i: number, view: CommentSummary): Promise<CommentSummary> {
  const fan = googleUser(`worst-${i}`, longEmail(i));
  const added = await commitComment(
    { sdk, db: harness.client(fan) },
    { postId: POST_ID, postTitle: TITLE, view, comment: comment(i), uid: fan.sub },
  );
  return added.summary;
}

/** The largest post the administrator may create. */
function largestPost(): Record<string, unknown> {
  return {
    title: TITLE,
    content: widest(LIMITS.contentChars, LIMITS.contentBytes),
    imageUrl: maxUrl(),
    link: maxUrl(),
    comments: [],
    commentCount: 0,
    cardComments: [],
    created: Date.now(),
    pinned: false,
    status: STATUS,
    deal: DEAL_ID,
    words: maxWords(),
  };
}

/** The administrator edits the post to content of the same maximum size; its size is checked. */
async function editAndMeasure(admin: Firestore, what: string): Promise<void> {
  await expectAllowed(
    updateDoc(doc(admin, 'posts', POST_ID), {
      content: '\u6F23'.repeat(Math.floor(LIMITS.contentBytes / 3)),
    }),
  );
  const fields = await storedFields(harness, POST_ID);
  const size = documentSize(`posts/${POST_ID}`, fields);
  expect(size).toBeLessThanOrEqual(MAX_DOCUMENT_SIZE);
  // The same post with every text at its byte cap in 4-byte characters: what the caps allow
  // if production's size() counted code points, as its documentation's "characters" may mean.
  const atByteCaps = documentSize(`posts/${POST_ID}`, withTextsAtByteCaps(fields));
  expect(atByteCaps).toBeLessThanOrEqual(MAX_DOCUMENT_SIZE);
  console.info(
    `worst-case post (${what}): ${size.toLocaleString('en-US')} bytes (${atByteCaps.toLocaleString('en-US')} at the byte caps), ${(MAX_DOCUMENT_SIZE - atByteCaps).toLocaleString('en-US')} under 1 MiB`,
  );
}

describe('the largest post the rules allow', () => {
  const admin = () => harness.client(googleUser('admin-worst', ADMIN));

  beforeEach(async () => {
    await harness.clear();
    // A deal already at the post's status: the post names it without writing it.
    await harness.seed(`deals/${DEAL_ID}`, { name: 'Worst case', status: STATUS });
  });

  it('is stored whole, every field at its maximum and its card full, then marked', async () => {
    await expectAllowed(setDoc(doc(admin(), 'posts', POST_ID), largestPost()));
    let view: CommentSummary = { commentCount: 0, cardComments: [], moreComments: false };
    // The card's comments, then the mark: one fan after another (each fan's first comment).
    for (let i = 0; i <= LIMITS.cardComments; i += 1) view = await commentAsFan(i, view);
    const stored = await getDoc(doc(admin(), 'posts', POST_ID));
    expect(stored.get('words')).toEqual(maxWords());
    expect(new TextEncoder().encode(maxWords().join(' ')).length).toBe(WORD_LIMITS.bytes);
    expect(stored.get('commentCount')).toBe(LIMITS.cardComments);
    expect(stored.get('moreComments')).toBe(true);
    await editAndMeasure(admin(), 'a full card');
  }, 120_000);

  it('holds the card just before the mark at its largest', async () => {
    await expectAllowed(setDoc(doc(admin(), 'posts', POST_ID), largestPost()));
    let view: CommentSummary = { commentCount: 0, cardComments: [], moreComments: false };
    for (let i = 0; i < LIMITS.cardComments; i += 1) view = await commentAsFan(i, view);
    const stored = await getDoc(doc(admin(), 'posts', POST_ID));
    expect(stored.get('cardComments')).toHaveLength(LIMITS.cardComments);
    await editAndMeasure(admin(), 'the card of 8');
  }, 120_000);

  // Posts of earlier versions kept up to 400 comments in their list (the cap of those rules): the
  // largest such post, with its summary, takes a comment (the mark) and an edit, under 1 MiB.
  it('keeps a post of an earlier version with 400 comments under 1 MiB after the mark', async () => {
    const listed = Array.from({ length: LEGACY_COMMENTS }, (_, i) => comment(i));
    await harness.seed(`posts/${POST_ID}`, {
      ...largestPost(),
      comments: listed,
      commentCount: LEGACY_COMMENTS,
    });
    const view = { commentCount: LEGACY_COMMENTS, cardComments: [], moreComments: false };
    await commentAsFan(LEGACY_COMMENTS, view);
    const stored = await getDoc(doc(admin(), 'posts', POST_ID));
    expect(stored.get('moreComments')).toBe(true);
    expect(stored.get('comments')).toHaveLength(LEGACY_COMMENTS);
    await editAndMeasure(admin(), '400 listed comments');
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
  const atCaps = (list: Fields[string] | undefined) => {
    const values = list && 'arrayValue' in list ? (list.arrayValue.values ?? []) : [];
    return {
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
    };
  };
  return {
    ...fields,
    title: atCap(LIMITS.titleBytes),
    content: atCap(LIMITS.contentBytes),
    comments: atCaps(fields.comments),
    cardComments: atCaps(fields.cardComments),
  };
}
