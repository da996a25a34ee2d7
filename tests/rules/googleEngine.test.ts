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
import type { Comment } from '../../src/shared/posts/post';
import { commentAs, edit, onTheWire, PATHS, type Tamper } from '../support/thread';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../support/harness';
import { DATE, TITLE } from '../support/fixtures';
import { setDoc, updateDoc } from '../support/stampedWrites';

const ADMIN = googleUser('admin-engine', readAdminEmail());
const FAN = googleUser('fan-engine', 'fan@example.test');
const OTHER = googleUser('fan-engine-2', 'other@example.test');

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

/** The administrator publishes a post as the app does: no comments, with its stamp. */
async function publish(id: string, fields: Record<string, unknown> = {}): Promise<void> {
  await setDoc(doc(admin, 'posts', id), newPost({ title: TITLE, ...fields }));
}

const fanComment = (text: string): Comment => ({ user: FAN.email, text, date: DATE });

/** The fan's comment `text` on `postId` through the app's recipe, changed by `tamper`. */
function commentOn(postId: string, text: string, tamper?: Tamper) {
  return commentAs(harness, FAN, { postId, comment: fanComment(text), tamper });
}

const storedCard = async (id: string) =>
  (await getDoc(doc(fan, 'posts', id))).get('cardComments') as unknown; // checked by the caller

describe('the first comment on a new post (an empty slice on the engine)', () => {
  it('lets a fan post the first comment, as the app writes it', async () => {
    await publish('new');
    await expectAllowed(commentOn('new', 'First!'));
    expect(await storedCard('new')).toEqual([fanComment('First!')]);
  });

  it('denies the attacks on a first comment, each next to its allowed twin', async () => {
    await publish('new');
    // Two comments on the card at once, one of them another's.
    const forged = { user: 'other@example.test', text: 'Planted', date: DATE };
    const card = (items: unknown[]) =>
      edit(PATHS.post, (data) => ({ ...data, cardComments: items }));
    await expectDenied(commentOn('new', 'First!', card([forged, fanComment('First!')])));
    // Someone else's address on the card.
    await expectDenied(commentOn('new', 'First!', card([forged])));
    // A fourth field, named as a prototype's key.
    await expectDenied(
      commentOn('new', 'First!', card([{ ...fanComment('First!'), constructor: 'x' }])),
    );
    await expectAllowed(commentOn('new', 'First!'));
  });

  it('lets the next comment follow the first (the slice of one earlier comment)', async () => {
    await publish('new');
    await expectAllowed(commentOn('new', 'First!'));
    await harness.seed(`commenters/${FAN.sub}`, { last: new Date(Date.now() - 11_000) });
    await expectAllowed(commentOn('new', 'Second'));
    expect(await storedCard('new')).toEqual([fanComment('First!'), fanComment('Second')]);
  });

  it('reads a post that has no `closed` key as open (a missing key is an error)', async () => {
    await publish('new');
    await expectAllowed(updateDoc(doc(admin, 'posts', 'new'), { closed: true }));
    await expectDenied(commentOn('new', 'Closed?'));
    await expectAllowed(updateDoc(doc(admin, 'posts', 'new'), { closed: false }));
    await expectAllowed(commentOn('new', 'Open again'));
  });
});

describe('integers and floats', () => {
  it('refuses a post whose `created` is a float, allows the integer twin', async () => {
    const now = Date.now();
    await expectDenied(setDoc(doc(admin, 'posts', 'f'), newPost({ created: now + 0.5 })));
    await expectAllowed(setDoc(doc(admin, 'posts', 'f'), newPost({ created: now })));
  });

  /** The recipe's first comment with its count moved by `operand` (REST JSON) on the wire. */
  const countedBy = (on: Harness, operand: unknown) =>
    onTheWire(
      (path, write) => {
        const count = write.updateTransforms?.find((each) => each.fieldPath === 'commentCount');
        if (!PATHS.post(path) || !count) return false;
        count.increment = operand;
        return true;
      },
      () =>
        commentAs(on, FAN, {
          postId: 'new',
          comment: fanComment('First!'),
          view: { commentCount: 0, cardComments: [], moreComments: false },
        }),
    );

  // The engine compares a double equal to an integer as equal (1.0 == 1), but refuses a double
  // as a list's index ("Unsupported operation ... list[float]"), and the summary's rule asks `is
  // int` of the count as well: a post whose count is a double is counted by its summary no more.
  // The Lite SDK never sends 1.0 (it is 1 in JavaScript): the post is seeded so.
  it('refuses the summary’s next comment on a post whose count is the double 1.0', async () => {
    const post = newPost({ title: TITLE, cardComments: [fanComment('First!')] });
    const fields = { ...toFields(post), commentCount: { doubleValue: 1 } };
    await harness.owner.commit([{ update: { name: harness.name('posts/new'), fields } }]);
    await expectDenied(commentAs(harness, OTHER, { postId: 'new' }));
  });

  // The count after a comment must be an integer (`is int`): stored as the double 1.0, the next
  // comment would find summaryHoldsThread false while the app's recipe, which reads 1.0 as the
  // integer 1 (JavaScript has no other), picked the summary again and again.
  it('denies a first comment that stores its count as a double (1.0)', async () => {
    await harness.seed('posts/new', newPost({ title: TITLE }));
    await expectDenied(countedBy(harness, { doubleValue: 1 }));
  });

  it('allows the twin, the integer 1, and the next comment after it', async () => {
    await harness.seed('posts/new', newPost({ title: TITLE }));
    await expectAllowed(countedBy(harness, { integerValue: '1' }));
    await expectAllowed(commentAs(harness, OTHER, { postId: 'new' }));
  });
});
