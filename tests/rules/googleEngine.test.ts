/**
 * What Google's Cloud Firestore emulator evaluates differently from the interpreter this project
 * used to run, and the rules that depend on it, each through the Lite SDK as the app writes:
 * empty slices (an error on the engine, not []), `in` on an empty list, missing map keys (an
 * error unless read with get()), integers and floats (1.0 == 1, but 1.0 is not an int), and
 * regular expressions whose Unicode tables predate most emoji.
 */
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import { toFields } from '../../scripts/lib/ownerClient';
import type { Fields } from '../../scripts/lib/restValue';
import type { Comment } from '../../src/features/posts/data/post';
import { addComment, appendChange, restComment } from '../support/commentCommit';
import {
  expectAllowed,
  expectDenied,
  firestoreRules,
  googleUser,
  newPost,
  startHarness,
  unsignedToken,
  withSummary,
  type Harness,
} from '../support/harness';
import { DATE, TITLE } from '../support/fixtures';
import { setDoc, updateDoc } from '../support/stampedWrites';

const ADMIN = googleUser('admin-engine', readAdminEmail());
const FAN = googleUser('fan-engine', 'fan@example.test');

let harness: Harness;
let admin: Firestore;
let fan: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-google-engine');
  admin = harness.client(ADMIN);
  fan = harness.client(FAN);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
});

/** The administrator publishes a post as the app does: `comments: []`, with its stamp. */
async function publish(id: string, fields: Record<string, unknown> = {}): Promise<void> {
  await setDoc(doc(admin, 'posts', id), newPost({ title: TITLE, ...fields }));
}

const fanComment = (text: string): Comment => ({ user: FAN.email, text, date: DATE });
/** The summary of a post just published: no comments. */
const NEW_POST = { commentCount: 0, cardComments: [] };

function commentOn(postId: string, comment: Comment, change?: Record<string, unknown>) {
  return addComment(fan, { uid: FAN.sub, postId, postTitle: TITLE, comment, change });
}

const storedComments = async (id: string) =>
  (await getDoc(doc(fan, 'posts', id))).get('comments') as unknown; // checked by the caller

describe('the first comment on a new post (an empty slice on the engine)', () => {
  it('lets a fan post the first comment, as the app writes it', async () => {
    await publish('new');
    await expectAllowed(commentOn('new', fanComment('First!')));
    expect(await storedComments('new')).toEqual([fanComment('First!')]);
  });

  it('denies the attacks on a first comment, each next to its allowed twin', async () => {
    await publish('new');
    // Two comments at once, one of them another's.
    const forged = { user: 'other@example.test', text: 'Planted', date: DATE };
    await expectDenied(
      commentOn('new', fanComment('First!'), withSummary([forged, fanComment('First!')])),
    );
    // Someone else's address on the comment.
    await expectDenied(commentOn('new', { ...fanComment('First!'), user: 'other@example.test' }));
    // A fourth field, named as a prototype's key.
    await expectDenied(
      commentOn(
        'new',
        fanComment('First!'),
        appendChange({ ...fanComment('First!'), constructor: 'x' }, NEW_POST),
      ),
    );
    await expectAllowed(commentOn('new', fanComment('First!')));
  });

  it('lets the next comment follow the first (the slice of one earlier comment)', async () => {
    await publish('new');
    await expectAllowed(commentOn('new', fanComment('First!')));
    await harness.seed(`commenters/${FAN.sub}`, { last: new Date(Date.now() - 11_000) });
    await expectAllowed(commentOn('new', fanComment('Second')));
    expect(await storedComments('new')).toEqual([fanComment('First!'), fanComment('Second')]);
  });

  it('reads a post that has no `closed` key as open (a missing key is an error)', async () => {
    await publish('new');
    await expectAllowed(updateDoc(doc(admin, 'posts', 'new'), { closed: true }));
    await expectDenied(commentOn('new', fanComment('Closed?')));
    await expectAllowed(updateDoc(doc(admin, 'posts', 'new'), { closed: false }));
    await expectAllowed(commentOn('new', fanComment('Open again')));
  });
});

describe('integers and floats', () => {
  it('refuses a post whose `created` is a float, allows the integer twin', async () => {
    const now = Date.now();
    await expectDenied(setDoc(doc(admin, 'posts', 'f'), newPost({ created: now + 0.5 })));
    await expectAllowed(setDoc(doc(admin, 'posts', 'f'), newPost({ created: now })));
  });

  // The engine compares a double equal to an integer as equal (1.0 == 1): the comment count's rule
  // (summarisesComments) asks `is int` as well, so a double count, which the SDK sends for -0 and
  // a hostile client's JSON for anything, is refused here and on production alike. The Lite SDK
  // never sends 1.0 (it is 1 in JavaScript): the commit goes over REST with the fan's mock token.
  it('holds 1.0 == 1: a first comment counted 1.0 passes only without `is int`', async () => {
    const rules = firestoreRules();
    const withoutIsInt = rules.replace(/post\.get\('commentCount', null\) is int\s*&& /, '');
    expect(withoutIsInt).not.toBe(rules);
    const loose = await startHarness('demo-rules-google-engine-float', { rules: withoutIsInt });
    const first = fanComment('First!');
    const countedAs = (on: Harness, commentCount: Fields[string]) =>
      restComment(on, {
        token: unsignedToken(FAN),
        uid: FAN.sub,
        postId: 'new',
        postTitle: TITLE,
        comment: first,
        post: { ...toFields(withSummary([first])), commentCount },
      });
    try {
      for (const on of [harness, loose]) await on.seed('posts/new', newPost({ title: TITLE }));
      expect((await countedAs(loose, { doubleValue: 1 })).status).toBe(200);
      expect((await countedAs(harness, { doubleValue: 1 })).status).toBe(403);
      expect((await countedAs(harness, { integerValue: '1' })).status).toBe(200);
    } finally {
      await loose.close();
    }
  });
});
