/**
 * A post's search words (`words`) on Google's engine: the administrator writes them with the post
 * and with each edit of its content, bounded in count and size as LIMITS says; nobody else writes
 * them, on create or update. Each attack beside its legitimate twin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arrayUnion, collection, deleteField, doc, type Firestore } from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import { postWords } from '../../../src/shared/posts/postWords';
import { WORD_LIMITS } from '../../../src/shared/wordLimits';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { addDoc, setDoc, updateDoc } from '../../support/stampedWrites';

const PERSONAS = {
  admin: googleUser('admin-1', readAdminEmail()),
  fan: googleUser('fan-1', 'fan@example.test'),
  visitor: null,
  // The administrator's address from a provider the product does not offer.
  passwordAdmin: {
    ...googleUser('pw-2', readAdminEmail()),
    firebase: { sign_in_provider: 'password' },
  },
} satisfies Record<string, Persona | null>;
type PersonaName = keyof typeof PERSONAS;

const TITLE = 'Elias Lindqvist signs';
const CONTENT = 'The left-back arrives from IFK Norrvik.';
const WORDS = postWords(TITLE, CONTENT);

/** `count` distinct entries of `chars` characters each (letters, then a counter). */
function entries(count: number, chars: number, letter = 'w'): string[] {
  return Array.from({ length: count }, (_, n) => {
    const counter = n.toString(36);
    return letter.repeat(chars - counter.length) + counter;
  });
}

/**
 * WORD_LIMITS.entries entries joined by spaces into exactly WORD_LIMITS.bytes bytes (plus `over`):
 * entries one character short of the longest, and as many of the longest as make up the rest.
 */
function atByteCap(over = 0): string[] {
  const short = WORD_LIMITS.chars - 1;
  const longer = WORD_LIMITS.bytes + over - (WORD_LIMITS.entries * (short + 1) - 1);
  return [
    ...entries(WORD_LIMITS.entries - longer, short),
    ...entries(longer, WORD_LIMITS.chars, 'v'),
  ];
}

let harness: Harness;
const as = (persona: PersonaName): Firestore => harness.client(PERSONAS[persona]);
const post = (db: Firestore) => doc(db, 'posts', 'p1');
const create = (words: unknown) => (db: Firestore) =>
  addDoc(collection(db, 'posts'), newPost({ title: TITLE, content: CONTENT, words }));
const edit = (data: Record<string, unknown>) => (db: Firestore) => updateDoc(post(db), data);

beforeAll(async () => {
  harness = await startHarness('demo-rules-post-words');
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/p1', newPost({ title: TITLE, content: CONTENT }));
});

type Case = [name: string, persona: PersonaName, run: (db: Firestore) => Promise<unknown>];

function pairs(cases: [allowed: Case, denied: Case][]): void {
  it.each(cases.map(([allowed]) => allowed))('allows: %s (as %s)', async (_, persona, run) => {
    await expectAllowed(run(as(persona)));
  });
  it.each(cases.map(([, denied]) => denied))('denies: %s (as %s)', async (_, persona, run) => {
    await expectDenied(run(as(persona)));
  });
}

describe('who writes a post’s words', () => {
  pairs([
    [
      ['a new post with its words', 'admin', create(WORDS)],
      ['a new post with its words', 'fan', create(WORDS)],
    ],
    [
      ['a new post with its words', 'admin', create(WORDS)],
      ['a new post with its words', 'passwordAdmin', create(WORDS)],
    ],
    [
      [
        'new content with its words',
        'admin',
        edit({ content: 'Lindqvist is here.', words: WORDS }),
      ],
      ['new content with its words', 'fan', edit({ content: 'Lindqvist is here.', words: WORDS })],
    ],
    [
      ['the words alone, given to a post without them', 'admin', edit({ words: WORDS })],
      ['the words alone, given to a post without them', 'fan', edit({ words: WORDS })],
    ],
    [
      ['the words alone, given to a post without them', 'admin', edit({ words: WORDS })],
      ['the words alone, given to a post without them', 'visitor', edit({ words: WORDS })],
    ],
    [
      ['the words removed', 'admin', edit({ words: deleteField() })],
      ['a word added to them', 'fan', edit({ words: arrayUnion('spam') })],
    ],
  ]);

  it('denies a fan’s post written whole over the administrator’s, words and all', async () => {
    await expectDenied(
      setDoc(post(as('fan')), newPost({ title: TITLE, content: CONTENT, words: ['spam'] })),
    );
  });
});

describe('the administrator’s words are bounded', () => {
  const longest = entries(1, WORD_LIMITS.chars);
  pairs([
    [
      [`${WORD_LIMITS.entries} entries`, 'admin', create(entries(WORD_LIMITS.entries, 4))],
      [`${WORD_LIMITS.entries + 1} entries`, 'admin', create(entries(WORD_LIMITS.entries + 1, 4))],
    ],
    [
      [
        `${WORD_LIMITS.entries} entries on edit`,
        'admin',
        edit({ words: entries(WORD_LIMITS.entries, 4) }),
      ],
      [
        `${WORD_LIMITS.entries + 1} entries on edit`,
        'admin',
        edit({ words: entries(WORD_LIMITS.entries + 1, 4) }),
      ],
    ],
    [
      [`an entry of ${WORD_LIMITS.chars} characters`, 'admin', create(longest)],
      [
        `an entry of ${WORD_LIMITS.chars + 1} characters`,
        'admin',
        create(entries(1, WORD_LIMITS.chars + 1)),
      ],
    ],
    [
      // Characters are code points: 20 of 4 bytes each (80 bytes) is still one entry of 20.
      [
        `an entry of ${WORD_LIMITS.chars} astral letters`,
        'admin',
        create(['\u{20000}'.repeat(WORD_LIMITS.chars)]),
      ],
      [
        `an entry of ${WORD_LIMITS.chars + 1} astral letters`,
        'admin',
        create(['\u{20000}'.repeat(WORD_LIMITS.chars + 1)]),
      ],
    ],
    [
      [`${WORD_LIMITS.bytes.toLocaleString('en')} bytes joined`, 'admin', create(atByteCap())],
      ['one byte more', 'admin', create(atByteCap(1))],
    ],
    [
      ['no words at all', 'admin', create([])],
      ['an empty entry', 'admin', create(['ab', ''])],
    ],
    [
      ['two entries', 'admin', create(['ab', 'cd'])],
      ['one entry holding a space (two words in one)', 'admin', create(['ab cd'])],
    ],
    [
      ['string entries', 'admin', create(['12', 'ab'])],
      ['a number entry', 'admin', create([12, 'ab'])],
    ],
    [
      ['string entries', 'admin', create(['ab'])],
      ['a map entry', 'admin', create([{ word: 'ab' }, 'ab'])],
    ],
    [
      ['a list', 'admin', create(['lindqvist'])],
      ['a string instead of a list', 'admin', create('lindqvist')],
    ],
    [
      ['a list', 'admin', create(['lindqvist'])],
      ['a map instead of a list', 'admin', create({ 0: 'lindqvist' })],
    ],
    [
      ['a list on edit', 'admin', edit({ content: 'New.', words: ['new'] })],
      ['null on edit', 'admin', edit({ content: 'New.', words: null })],
    ],
  ]);
});

describe('the sizes above', () => {
  it('are what they say', () => {
    const joined = (words: string[]) => new TextEncoder().encode(words.join(' ')).length;
    expect(atByteCap()).toHaveLength(WORD_LIMITS.entries);
    expect(joined(atByteCap())).toBe(WORD_LIMITS.bytes);
    expect(joined(atByteCap(1))).toBe(WORD_LIMITS.bytes + 1);
    expect(Math.max(...atByteCap(1).map((word) => word.length))).toBe(WORD_LIMITS.chars);
  });
});
