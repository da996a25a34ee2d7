/**
 * The deal rules (firestore.rules): a post names its deal, and the deal's summary deals/{id} is
 * written in the same commit as the post that changes it, consistent with that post. Attacked
 * through the real Lite SDK as the administrator, fans, a visitor and forged tokens would, each
 * attack next to its allowed twin. The summaries are built with src/features/deals/data/deal.ts, as
 * the app's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collection,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import {
  dealAfterPost,
  DEALS,
  type DealStep,
  type DealWrite,
} from '../../../src/features/deals/data/deal';
import type { DealStatus } from '../../../src/shared/posts/dealStatus';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../../support/harness';
import { isPost, stampChange } from '../../support/stampedWrites';
import { NOT_ADMIN } from '../../support/fixtures';

const ADMIN_EMAIL = readAdminEmail();
const ADMIN = googleUser('admin-1', ADMIN_EMAIL);
const notAdmin = Object.entries(NOT_ADMIN);

const HOUR = 3_600_000;
const DEAL = 'mateo-arlanza';
const OTHER_DEAL = 'jonas-weidemann';
const NAME = 'Mateo Arlanza';
/** Seeded: p0 (Rumour) then p1 (Talks) in DEAL; its story so far. */
const STORY: DealStep[] = [
  { status: 'Rumour', at: Date.now() - 48 * HOUR },
  { status: 'Talks', at: Date.now() - 24 * HOUR },
];
/** A character of 4 UTF-8 bytes and two UTF-16 code units (what `size()` counts). */
const EMOJI = '\u{1F3C6}';

let harness: Harness;
let admin: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-deals');
  admin = harness.client(ADMIN);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await seedDeal(DEAL, NAME, STORY, 'p1');
  await harness.seed('posts/p0', newPost({ deal: DEAL, status: 'Rumour', created: STORY[0].at }));
  await harness.seed('posts/p1', newPost({ deal: DEAL, status: 'Talks', created: STORY[1].at }));
  await seedDeal(OTHER_DEAL, 'Jonas Weidemann', [{ status: 'Talks', at: STORY[0].at }], 'p9');
  await harness.seed('posts/p9', newPost({ deal: OTHER_DEAL, status: 'Talks' }));
});

/** A deal as its last post left it, written as the owner. */
function seedDeal(id: string, name: string, history: DealStep[], post: string): Promise<void> {
  const status = history.at(-1)?.status ?? null;
  return harness.seed(`${DEALS}/${id}`, {
    name,
    status,
    open: status !== 'Done deal' && status !== 'Collapsed',
    changed: new Date(history.at(-1)?.at ?? Date.now()),
    post,
    history,
  });
}

/** One write of a commit: set or update (fields) or delete, at a document path. */
type Write =
  { set: string; data: DocumentData } | { update: string; data: DocumentData } | { delete: string };

/** Commits `writes` in one batch as the app does: each post write with its change stamp. */
async function commit(db: Firestore, writes: Write[]): Promise<void> {
  const batch = writeBatch(db);
  for (const write of writes) {
    const path = 'set' in write ? write.set : 'update' in write ? write.update : write.delete;
    const ref = doc(db, path);
    if ('set' in write) batch.set(ref, write.data);
    else if ('update' in write) batch.update(ref, write.data);
    else batch.delete(ref);
    if (isPost(ref)) stampChange(db, batch, ref.id);
  }
  return batch.commit();
}

/** The deal's write as the app sends it: the summary with the server's time. */
const dealSet = (id: string, write: DealWrite | Record<string, unknown>): Write => ({
  set: `${DEALS}/${id}`,
  data: { changed: serverTimestamp(), ...write },
});

/** What the app writes to DEAL after post `postId` with `status` (the seeded story before). */
function movedOn(postId: string, status: DealStatus, history = STORY): DealWrite {
  const write = dealAfterPost(
    { name: NAME, status: history.at(-1)?.status ?? null, history },
    NAME,
    postId,
    status,
    Date.now(),
  );
  if (!write) throw new Error(`${status} does not move the deal on`);
  return write;
}

/** What the app writes to a new deal `name` created by post `postId`. */
function started(name: string, postId: string, status?: DealStatus): DealWrite {
  const write = dealAfterPost(null, name, postId, status, Date.now());
  if (!write) throw new Error('a new deal is always written');
  return write;
}

/** A new post p2 with `fields`, in one commit with `more`. */
const newPostIn = (fields: Record<string, unknown>, ...more: Write[]): Write[] => [
  { set: 'posts/p2', data: newPost(fields) },
  ...more,
];
/** p2 in DEAL with `status`, and DEAL moved on to it with `summary` over the app's. */
const bidMade = (summary: Record<string, unknown> = {}): Write[] =>
  newPostIn(
    { deal: DEAL, status: 'Bid made' },
    dealSet(DEAL, { ...movedOn('p2', 'Bid made'), ...summary }),
  );
/** p2 starting the new deal `id` named `name` with status Rumour. */
const startDeal = (id: string, name = 'Lucas Ferrand', summary: Record<string, unknown> = {}) =>
  newPostIn(
    { deal: id, status: 'Rumour' },
    dealSet(id, { ...started(name, 'p2', 'Rumour'), ...summary }),
  );

/** `write` without its `open` field. */
const withoutOpen = (write: DealWrite) =>
  Object.fromEntries(Object.entries(write).filter(([key]) => key !== 'open'));

/** The deal as anyone reads it. */
const storedDeal = async (id = DEAL) =>
  (await getDoc(doc(harness.client(null), DEALS, id))).data() ?? {};

describe('a post in a deal, and the deal summarising it', () => {
  it('creates a post in a new deal with the deal, in one batch', async () => {
    await expectAllowed(commit(admin, startDeal('lucas-ferrand')));
    const deal = await getDoc(doc(harness.client(null), DEALS, 'lucas-ferrand'));
    expect(deal.data()).toMatchObject({
      name: 'Lucas Ferrand',
      status: 'Rumour',
      open: true,
      post: 'p2',
      history: [{ status: 'Rumour', at: expect.any(Number) }],
    });
    expect(deal.get('changed')).toBeInstanceOf(Timestamp);
  });

  it('creates a post without a status in a new deal: no status, no history yet', async () => {
    const deal = started('Lucas Ferrand', 'p2');
    expect(deal).toMatchObject({ status: null, open: true, history: [] });
    await expectAllowed(
      commit(admin, newPostIn({ deal: 'lucas-ferrand' }, dealSet('lucas-ferrand', deal))),
    );
  });

  // Google's engine refuses an empty slice (history[0:0] is an error): the first step of a deal
  // that has none must not compare the (empty) story before it.
  it('moves a deal with no history yet to its first status: the first step', async () => {
    const id = 'lucas-ferrand';
    await expectAllowed(
      commit(admin, newPostIn({ deal: id }, dealSet(id, started('Lucas Ferrand', 'p2')))),
    );
    const first = dealAfterPost(
      { name: 'Lucas Ferrand', status: null, history: [] },
      'Lucas Ferrand',
      'p3',
      'Talks',
      Date.now(),
    );
    if (!first) throw new Error('a first status moves the deal on');
    const p3 = { set: 'posts/p3', data: newPost({ deal: id, status: 'Talks' }) };
    // Attack twins: a step with another status, two steps at once, a forged earlier step.
    const forged = { status: 'Rumour' as const, at: Date.now() };
    await expectDenied(
      commit(admin, [p3, dealSet(id, { ...first, history: [{ ...forged, status: 'Agreed' }] })]),
    );
    await expectDenied(
      commit(admin, [p3, dealSet(id, { ...first, history: [forged, ...first.history] })]),
    );
    await expectAllowed(commit(admin, [p3, dealSet(id, first)]));
    expect((await storedDeal(id)).history).toEqual([{ status: 'Talks', at: expect.any(Number) }]);
  });

  it('appends a later status of a second post to the history', async () => {
    await expectAllowed(commit(admin, bidMade()));
    const deal = await storedDeal();
    expect(deal).toMatchObject({ status: 'Bid made', open: true, post: 'p2', name: NAME });
    expect(deal.history).toEqual([...STORY, { status: 'Bid made', at: expect.any(Number) }]);
  });

  it('closes the deal with a done deal (open false)', async () => {
    const done = newPostIn(
      { deal: DEAL, status: 'Done deal' },
      dealSet(DEAL, movedOn('p2', 'Done deal')),
    );
    await expectAllowed(commit(admin, done));
    expect(await storedDeal()).toMatchObject({ status: 'Done deal', open: false });
  });

  it('leaves the deal untouched for a post with its status, or with none', async () => {
    const before = await storedDeal();
    await expectAllowed(commit(admin, newPostIn({ deal: DEAL, status: 'Talks' })));
    await expectAllowed(commit(admin, [{ set: 'posts/p3', data: newPost({ deal: DEAL }) }]));
    expect(await storedDeal()).toEqual(before);
  });

  it('denies rewriting the deal for a post with its status, or with none', async () => {
    const repeat = { name: NAME, status: 'Talks', open: true, post: 'p2' };
    const again = [...STORY, { status: 'Talks', at: Date.now() }];
    await expectDenied(
      commit(
        admin,
        newPostIn({ deal: DEAL, status: 'Talks' }, dealSet(DEAL, { ...repeat, history: again })),
      ),
    );
    await expectDenied(
      commit(
        admin,
        newPostIn({ deal: DEAL, status: 'Talks' }, dealSet(DEAL, { ...repeat, history: STORY })),
      ),
    );
    const none = { ...repeat, status: null, history: STORY };
    await expectDenied(commit(admin, newPostIn({ deal: DEAL }, dealSet(DEAL, none))));
  });

  it('edits a status and moves the deal on in the same commit', async () => {
    await expectAllowed(
      commit(admin, [
        { update: 'posts/p1', data: { status: 'Bid made' } },
        dealSet(DEAL, movedOn('p1', 'Bid made')),
      ]),
    );
    expect(await storedDeal()).toMatchObject({ status: 'Bid made', post: 'p1' });
  });

  it('edits the content alone of an old post whose deal has moved on', async () => {
    await expectAllowed(commit(admin, [{ update: 'posts/p0', data: { content: 'Corrected.' } }]));
  });

  it('moves a post to another deal with its status, and takes a post out of its deal', async () => {
    await expectAllowed(commit(admin, [{ update: 'posts/p1', data: { deal: OTHER_DEAL } }]));
    await expectAllowed(commit(admin, [{ update: 'posts/p1', data: { deal: deleteField() } }]));
    await expectAllowed(commit(admin, [{ update: 'posts/p0', data: { status: deleteField() } }]));
  });

  it('renames a deal, keeping its id', async () => {
    await expectAllowed(
      commit(admin, [{ update: `${DEALS}/${DEAL}`, data: { name: 'M. Arlanza' } }]),
    );
    expect(await storedDeal()).toMatchObject({ name: 'M. Arlanza', status: 'Talks' });
  });

  it('lets anyone read a deal and page through deals', async () => {
    const visitor = harness.client(null);
    expect((await getDoc(doc(visitor, DEALS, DEAL))).get('name')).toBe(NAME);
    const page = query(collection(visitor, DEALS), orderBy('changed', 'desc'), limit(50));
    expect((await getDocs(page)).size).toBe(2);
  });
});

describe('only the administrator writes deals', () => {
  it.each(notAdmin)('denies %s creating a post in a new deal with it', async (_, persona) => {
    await expectDenied(commit(harness.client(persona), startDeal('lucas-ferrand')));
  });

  it.each(notAdmin)('denies %s moving a deal on with a post', async (_, persona) => {
    await expectDenied(commit(harness.client(persona), bidMade()));
  });

  it.each(notAdmin)('denies %s renaming or deleting a deal', async (_, persona) => {
    const db = harness.client(persona);
    await expectDenied(commit(db, [{ update: `${DEALS}/${DEAL}`, data: { name: 'Hacked' } }]));
    await expectDenied(commit(db, [{ delete: `${DEALS}/${DEAL}` }]));
  });

  it.each(notAdmin)('denies %s a deal written alone', async (_, persona) => {
    await expectDenied(commit(harness.client(persona), [dealSet('x', started('X', 'p1'))]));
  });

  it('denies the administrator deleting a deal (posts and links name it)', async () => {
    await expectDenied(commit(admin, [{ delete: `${DEALS}/${DEAL}` }]));
    await expectDenied(
      commit(admin, [{ delete: `${DEALS}/${OTHER_DEAL}` }, { delete: 'posts/p9' }]),
    );
  });

  it('still lets the administrator delete a post of a deal, leaving the deal', async () => {
    await expectAllowed(commit(admin, [{ delete: 'posts/p1' }]));
    expect(await storedDeal()).toMatchObject({ status: 'Talks', post: 'p1' });
  });
});

describe('a post’s deal exists after the commit and holds the post’s status', () => {
  it.each<[string, Write[]]>([
    ['a post in a missing deal', newPostIn({ deal: 'nobody' })],
    ['a post with a later status, without the deal', newPostIn({ deal: DEAL, status: 'Agreed' })],
    [
      'a post whose deal takes another status',
      newPostIn({ deal: DEAL, status: 'Agreed' }, dealSet(DEAL, movedOn('p2', 'Bid made'))),
    ],
    ['an edit into a missing deal', [{ update: 'posts/p1', data: { deal: 'nobody' } }]],
    ['an edit of the status alone', [{ update: 'posts/p1', data: { status: 'Agreed' } }]],
    [
      'an edit into a deal of another status',
      [{ update: 'posts/p0', data: { deal: OTHER_DEAL, status: 'Agreed' } }],
    ],
    [
      'a post deleting its new deal (its own rule says never anyway)',
      newPostIn({ deal: OTHER_DEAL }, { delete: `${DEALS}/${OTHER_DEAL}` }),
    ],
  ])('denies %s', async (_, writes) => {
    await expectDenied(commit(admin, writes));
  });

  it('denies two posts of one commit giving one deal different statuses', async () => {
    const second: Write = { set: 'posts/p3', data: newPost({ deal: DEAL, status: 'Agreed' }) };
    await expectDenied(
      commit(admin, [
        ...newPostIn({ deal: DEAL, status: 'Bid made' }),
        second,
        dealSet(DEAL, movedOn('p3', 'Agreed')),
      ]),
    );
    // Twin: both agreed.
    await expectAllowed(
      commit(admin, [
        ...newPostIn({ deal: DEAL, status: 'Agreed' }),
        second,
        dealSet(DEAL, movedOn('p3', 'Agreed')),
      ]),
    );
  });
});

describe('a deal’s summary agrees with the post of its commit', () => {
  const stepNow = (status: DealStatus): DealStep => ({ status, at: Date.now() });
  it.each<[string, Write[]]>([
    ['another status', bidMade({ status: 'Agreed' })],
    ['no status', bidMade({ status: null })],
    [
      'open while done',
      [
        { set: 'posts/p2', data: newPost({ deal: DEAL, status: 'Done deal' }) },
        dealSet(DEAL, { ...movedOn('p2', 'Done deal'), open: true }),
      ],
    ],
    ['closed while open', bidMade({ open: false })],
    ['a changed time of the client', bidMade({ changed: Timestamp.now() })],
    ['a new name', bidMade({ name: 'Someone else' })],
    ['a post of another deal', bidMade({ post: 'p9' })],
    ['a post id that is a path', bidMade({ post: 'p2/comments/c1' })],
    ['no post', bidMade({ post: null })],
    ['an extra field', bidMade({ likes: 0 })],
    [
      'a missing field',
      newPostIn(
        { deal: DEAL, status: 'Bid made' },
        dealSet(DEAL, withoutOpen(movedOn('p2', 'Bid made'))),
      ),
    ],
    [
      'a history rewritten',
      bidMade({ history: [stepNow('Talks'), STORY[1], stepNow('Bid made')] }),
    ],
    ['a history truncated', bidMade({ history: [STORY[1], stepNow('Bid made')] })],
    ['a history without the new step', bidMade({ history: STORY })],
    ['a last step of another status', bidMade({ history: [...STORY, stepNow('Agreed')] })],
    ['two new steps', bidMade({ history: [...STORY, stepNow('Agreed'), stepNow('Bid made')] })],
    [
      'a step dated an hour ago',
      bidMade({ history: [...STORY, { status: 'Bid made', at: Date.now() - HOUR }] }),
    ],
    [
      'a step with an extra field',
      bidMade({ history: [...STORY, { ...stepNow('Bid made'), by: 'admin' }] }),
    ],
  ])('denies a summary with %s', async (_, writes) => {
    await expectDenied(commit(admin, writes));
  });

  it('allows the twin of each: the app’s summary', async () => {
    await expectAllowed(commit(admin, bidMade()));
  });

  it('denies a summary naming a post not written in this commit, allows it written now', async () => {
    await harness.seed('posts/p3', newPost({ deal: DEAL, status: 'Bid made' }));
    const p2: Write = { set: 'posts/p2', data: newPost({ deal: DEAL, status: 'Bid made' }) };
    await expectDenied(commit(admin, [p2, dealSet(DEAL, movedOn('p3', 'Bid made'))]));
    await expectAllowed(commit(admin, [p2, dealSet(DEAL, movedOn('p2', 'Bid made'))]));
  });

  it('denies a new deal whose history does not start from its post', async () => {
    const rumour = started('Lucas Ferrand', 'p2', 'Rumour');
    for (const history of [[], [rumour.history[0], rumour.history[0]], [STORY[0]]]) {
      await expectDenied(commit(admin, startDeal('lucas-ferrand', 'Lucas Ferrand', { history })));
    }
    await expectDenied(
      commit(
        admin,
        newPostIn({ deal: 'lucas-ferrand' }, dealSet('lucas-ferrand', { ...rumour, status: null })),
      ),
    );
  });

  it('denies renaming a deal together with a post that moves it on', async () => {
    await expectDenied(commit(admin, bidMade({ name: 'M. Arlanza' })));
  });

  it('denies a rename that changes anything else', async () => {
    const deal = `${DEALS}/${DEAL}`;
    await expectDenied(
      commit(admin, [{ update: deal, data: { name: 'M. A.', status: 'Agreed' } }]),
    );
    await expectDenied(commit(admin, [{ update: deal, data: { name: 'M. A.', post: 'p0' } }]));
    await expectAllowed(commit(admin, [{ update: deal, data: { name: 'M. A.' } }]));
  });
});

describe('the history keeps at most 100 status changes', () => {
  /** `count` steps alternating Talks and Rumour, ending on Rumour. */
  const steps = (count: number): DealStep[] =>
    Array.from({ length: count }, (_, n) => ({
      status: (count - n) % 2 === 1 ? 'Rumour' : 'Talks',
      at: STORY[0].at + n,
    }));

  it('allows the 100th step', async () => {
    await seedDeal(DEAL, NAME, steps(99), 'p1');
    await expectAllowed(
      commit(
        admin,
        newPostIn(
          { deal: DEAL, status: 'Talks' },
          dealSet(DEAL, movedOn('p2', 'Talks', steps(99))),
        ),
      ),
    );
    expect((await storedDeal()).history).toHaveLength(100);
  });

  it('denies the 101st', async () => {
    await seedDeal(DEAL, NAME, steps(100), 'p1');
    await expectDenied(
      commit(
        admin,
        newPostIn(
          { deal: DEAL, status: 'Talks' },
          dealSet(DEAL, movedOn('p2', 'Talks', steps(100))),
        ),
      ),
    );
  });
});

describe('a deal’s name: 1 to 80 UTF-16 units, at most 320 UTF-8 bytes, something visible', () => {
  const create = (name: string) => commit(admin, startDeal('lucas-ferrand', name));
  const rename = (name: string) => commit(admin, [{ update: `${DEALS}/${DEAL}`, data: { name } }]);

  it.each([
    ['80 characters', 'x'.repeat(80)],
    ['40 emoji (80 UTF-16 units, 160 bytes)', EMOJI.repeat(40)],
    ['80 CJK characters (240 bytes)', '\u6F22'.repeat(80)],
    ['emoji alone', '😀🫶⚽🇦🇷'],
    ['one visible character among invisible ones', '\u200B\u3164x\u2800'],
    ['an accented name', 'Tomás Quiroga'],
  ])('allows %s, created and renamed', async (_, name) => {
    await expectAllowed(create(name));
    await expectAllowed(rename(name));
  });

  it.each([
    ['81 characters', 'x'.repeat(81)],
    ['41 emoji (82 UTF-16 units)', EMOJI.repeat(41)],
    ['80 emoji (160 UTF-16 units, 320 bytes)', EMOJI.repeat(80)],
    ['an empty name', ''],
    ['spaces', '   '],
    ['zero-width spaces', '\u200B\u200B'],
    ['a Hangul filler', '\u3164'],
    ['a blank Braille pattern', '\u2800\u2800'],
    ['a number', 7],
    ['null', null],
  ])('denies %s, created or renamed', async (_, name) => {
    await expectDenied(commit(admin, startDeal('lucas-ferrand', 'x', { name })));
    await expectDenied(commit(admin, [{ update: `${DEALS}/${DEAL}`, data: { name } }]));
  });
});

describe('a deal’s id: words of a-z and 0-9 joined by -, at most 80 characters', () => {
  it.each([['constructor'], ['a'.repeat(80)], ['9'], ['real-costanera-2'], ['x-1-y']])(
    'allows %s',
    async (id) => {
      await expectAllowed(commit(admin, startDeal(id)));
    },
  );

  it.each([
    ['upper case', 'Mateo-arlanza'],
    ['a space', 'mateo arlanza'],
    ['81 characters', 'a'.repeat(81)],
    ['a leading hyphen', '-mateo'],
    ['a trailing hyphen', 'mateo-'],
    ['a double hyphen', 'mateo--arlanza'],
    ['an accent', 'tomás'],
    ['an underscore', 'mateo_arlanza'],
  ])('denies %s, as the deal’s id or in a post', async (_, id) => {
    await expectDenied(commit(admin, startDeal(id)));
    await expectDenied(commit(admin, newPostIn({ deal: id })));
  });

  it('refuses __proto__: a reserved id as a deal, a denied value in a post', async () => {
    const reserved = await commit(admin, startDeal('__proto__')).catch((error: unknown) => error);
    expect(reserved).toMatchObject({ message: expect.stringMatching(/"__proto__" .*reserved/) });
    await expectDenied(commit(admin, newPostIn({ deal: '__proto__' })));
  });

  it('denies a post whose deal is not a string', async () => {
    await expectDenied(commit(admin, newPostIn({ deal: ['mateo-arlanza'] })));
    await expectDenied(commit(admin, newPostIn({ deal: null })));
  });
});

describe('keys named like JavaScript’s prototype are just fields', () => {
  /** An object with an own key `key` (a literal `__proto__` would set the prototype). */
  const withKey = (data: Record<string, unknown>, key: string) =>
    Object.defineProperty({ ...data }, key, { value: 'x', enumerable: true });

  it('never sends a field named __proto__: the SDK refuses reserved names', async () => {
    const summary = withKey({ ...started('Lucas Ferrand', 'p2', 'Rumour') }, '__proto__');
    const refused = await commit(admin, startDeal('lucas-ferrand', 'x', summary)).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      message: expect.stringMatching(/cannot begin and end with "__"/),
    });
  });

  it.each([['constructor'], ['hasOwnProperty'], ['toString'], ['valueOf']])(
    'denies a deal or a post with an extra field %s',
    async (key) => {
      const summary = withKey({ ...started('Lucas Ferrand', 'p2', 'Rumour') }, key);
      await expectDenied(
        commit(
          admin,
          newPostIn({ deal: 'lucas-ferrand', status: 'Rumour' }, dealSet('lucas-ferrand', summary)),
        ),
      );
      await expectDenied(
        commit(admin, [{ set: 'posts/p2', data: withKey(newPost({ deal: DEAL }), key) }]),
      );
    },
  );
});

describe('listing deals: pages only', () => {
  const deals = (db: Firestore) => collection(db, DEALS);
  it('allows a page of 50, filtered by status or open, to anyone', async () => {
    const visitor = harness.client(null);
    await expectAllowed(getDocs(query(deals(visitor), limit(50))));
    await expectAllowed(getDocs(query(deals(visitor), where('open', '==', true), limit(50))));
  });

  it('denies a page of 51 or no limit, even to the administrator', async () => {
    await expectDenied(getDocs(query(deals(admin), limit(51))));
    await expectDenied(getDocs(deals(admin)));
  });

  it('denies an offset, allows offset 0', async () => {
    const page = (offset: number) =>
      harness.rest('runQuery', {
        structuredQuery: { from: [{ collectionId: DEALS }], limit: 50, offset },
      });
    expect((await page(0)).status).toBe(200);
    const skipping = await page(1);
    expect(skipping.status).toBe(403);
    expect(skipping.json).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});
