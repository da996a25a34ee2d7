import { readFileSync } from 'node:fs';
import { doc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import { LIMITS } from '../../src/shared/limits';
import { WORD_LIMITS } from '../../src/shared/wordLimits';
import {
  INVISIBLE_RANGES,
  textProblem,
  fitsLimits,
  hasVisibleCharacter,
} from '../../src/shared/text/textChecks';
import { characterCount, utf8Bytes } from '../../src/shared/text/text';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../support/harness';
import { setDoc } from '../support/stampedWrites';

const RULES = readFileSync('firestore.rules', 'utf8');

/** The numbers a pattern captures in firestore.rules; fails the test when the rule is gone. */
function fromRules(pattern: RegExp): number[] {
  const match = pattern.exec(RULES);
  if (!match) throw new Error(`firestore.rules no longer has ${pattern}`);
  return match.slice(1).map(Number);
}

describe('the UI limits are the ones firestore.rules enforces', () => {
  it.each([
    [
      'title',
      /isTitle\(value\) \{\s*return isText\(value, (\d+), (\d+)\)/,
      ['titleChars', 'titleBytes'],
    ],
    [
      'content',
      /isContent\(value\) \{\s*return isText\(value, (\d+), (\d+)\)/,
      ['contentChars', 'contentBytes'],
    ],
    ['comment text', /isText\(comment\.text, (\d+), (\d+)\)/, ['commentChars', 'commentBytes']],
    ['comment date', /comment\.date\.toUtf8\(\)\.size\(\) <= (\d+)/, ['commentDateBytes']],
    [
      'e-mail address',
      /function isEmail\(value\) \{\s*return value is string && value\.toUtf8\(\)\.size\(\) <= (\d+)/,
      ['emailBytes'],
    ],
    ['URL', /value\.toUtf8\(\)\.size\(\) <= (\d+)\s+&& value\.matches\('https/, ['urlBytes']],
    ['comments a card shows', /function cardCommentsMax\(\) \{ return (\d+); \}/, ['cardComments']],
    [
      'counters of a thread',
      /function isShard\(value\) \{ return value is int && value >= 0 && value < (\d+); \}/,
      ['commentCounters'],
    ],
    [
      'like counters of a comment',
      /function isLikeShard\(value\) \{ return value is int && value >= 0 && value < (\d+); \}/,
      ['likeCounters'],
    ],
    [
      'like interval',
      /resource\.data\.likedAt <= request\.time - duration\.value\((\d+), 's'\)/,
      ['likeIntervalSeconds'],
    ],
    ['post id', /postId\.toUtf8\(\)\.size\(\) <= (\d+)/, ['postIdBytes']],
    ['query limit', /request\.query\.limit <= (\d+)/, ['queryLimit']],
    [
      'comment interval',
      /request\.time >= resource\.data\.last \+ duration\.value\((\d+), 's'\)/,
      ['commentIntervalSeconds'],
    ],
    [
      'deal name',
      /isDealName\(value\) \{\s*return isText\(value, (\d+), (\d+)\)/,
      ['dealNameChars', 'dealNameBytes'],
    ],
    [
      'deal id',
      /isDealId\(value\) \{\s*return value is string && value\.size\(\) <= (\d+)/,
      ['dealIdChars'],
    ],
    ['deal history', /data\.history\.size\(\) <= (\d+)/, ['dealHistorySteps']],
  ] as const)('%s', (_, pattern, keys) => {
    expect(fromRules(pattern)).toEqual(keys.map((key) => LIMITS[key]));
  });
});

describe('the search words’ limits are the ones firestore.rules enforces', () => {
  it.each([
    ['entries', /words\.size\(\) <= (\d+)/, ['entries']],
    ['bytes joined', /joined\.toUtf8\(\)\.size\(\) <= (\d+)/, ['bytes']],
    [
      'characters of an entry',
      /joined\.matches\('\[\^ \]\{1,(\d+)\}\( \[\^ \]\{1,(\d+)\}\)\*'\)/,
      ['chars', 'chars'],
    ],
  ] as const)('%s', (_, pattern, keys) => {
    expect(fromRules(pattern)).toEqual(keys.map((key) => WORD_LIMITS[key]));
  });
});

describe('text checks as the rules make them', () => {
  it('counts characters as UTF-16 code units and bytes as UTF-8', () => {
    expect(characterCount('\u{1F3C6}é')).toBe(3);
    expect(characterCount('😀🤣🥳')).toBe(6);
    expect(utf8Bytes('\u{1F3C6}é')).toBe(6);
    expect(fitsLimits('\u{1F3C6}'.repeat(500), LIMITS.commentChars, LIMITS.commentBytes)).toBe(
      true,
    );
    expect(fitsLimits('\u{1F3C6}'.repeat(501), LIMITS.commentChars, LIMITS.commentBytes)).toBe(
      false,
    );
    expect(fitsLimits('\u{1F3C6}'.repeat(101), LIMITS.titleChars, LIMITS.titleBytes)).toBe(false);
    expect(fitsLimits('x'.repeat(1001), LIMITS.commentChars, LIMITS.commentBytes)).toBe(false);
  });

  it('finds nothing visible in padding and invisible characters', () => {
    for (const text of [
      '',
      ' \n\t',
      '\u200B\u200D\u2060\uFEFF',
      '\u00A0\u3000',
      '\u3164\u115F\u1160\uFFA0',
      '\u0301',
      '\u2800\u2028',
      '\u{1D159}',
      '\u200C\u200D\u200B\uFEFF',
      '\uFE0F\u{E0067}\u{E007F}',
      // Unassigned but Default_Ignorable: reserved for format characters, which draw nothing.
      '\u2065\uFFF0\u{E0080}',
    ]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of [
      'a',
      ' ok ',
      '\u{1F3C6}',
      'ж',
      'Deal\u200B',
      '😀🤣🥳🫠',
      '🫶',
      '⚽',
      '🔥',
      '🇦🇷',
      '\u{1E900}',
    ]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });
});

/** The hasVisibleCharacter() pattern of firestore.rules, as the rules file writes it. */
function rulesVisiblePattern(): string {
  const match = /function hasVisibleCharacter\(value\) \{\s*return value\.matches\('(.*)'\);/.exec(
    RULES,
  );
  if (!match) throw new Error('firestore.rules no longer has hasVisibleCharacter');
  return match[1].replaceAll('\\\\', '\\'); // the rules string's escaped backslashes
}

describe('the visible-character rule is the same on both sides', () => {
  it('lists the same invisible code points in the rule and in the client', () => {
    const cls = /^\(\?s\)\.\*\[\^(.*)\]\.\*$/.exec(rulesVisiblePattern());
    if (!cls) throw new Error('hasVisibleCharacter is no longer one negated class of code points');
    const ranges = [...cls[1].matchAll(/\\x\{([0-9A-F]+)\}(?:-\\x\{([0-9A-F]+)\})?/g)].map(
      ([, first, last]) => [parseInt(first, 16), parseInt(last ?? first, 16)],
    );
    expect(ranges).toEqual(INVISIBLE_RANGES);
    // Nothing else in the class: no Unicode property, whose tables differ between engines.
    expect(cls[1].replaceAll(/\\x\{[0-9A-F]+\}(-\\x\{[0-9A-F]+\})?/g, '')).toBe('');
  });

  it('agrees with the rules pattern (run by RE2, as re2js) on every code point', () => {
    const rules = RE2JS.compile(rulesVisiblePattern());
    const differ: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // no UTF-8 string holds a lone surrogate
      const text = String.fromCodePoint(code);
      if (rules.matches(text) !== hasVisibleCharacter(text)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });
});

describe('textProblem', () => {
  it('names what the rules would refuse', () => {
    expect(textProblem('Deal done', 200, 800)).toBeNull();
    expect(textProblem('\u200B', 200, 800)).toBe('no visible text');
    expect(textProblem('\u{1F3C6}'.repeat(101), 200, 800)).toBe('too long');
    expect(textProblem('\u{1F3C6}'.repeat(100), 200, 800)).toBeNull();
    expect(textProblem('😀🤣🥳🫠', 200, 800)).toBeNull();
  });
});

/**
 * The client's counter (characterCount, fitsLimits) against Google's engine's `size()`: for each
 * kind of text, a title of exactly the cap in the client's units is accepted by the rules and one
 * unit more refused, through the Lite SDK as the administrator's post form writes it.
 */
describe("the client's counter agrees with Google's size()", () => {
  const admin = googleUser('admin-limits', readAdminEmail());
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('demo-rules-limits');
  });
  afterAll(async () => {
    await harness.close();
  });

  /** `unit` repeated to exactly `chars` of the client's count (padded with 'x' if odd). */
  function exactly(unit: string, chars: number): string {
    const text = unit.repeat(Math.floor(chars / characterCount(unit)));
    return text + 'x'.repeat(chars - characterCount(text));
  }

  it.each([
    ['ASCII', 'a'],
    ['precomposed accents', 'é'],
    ['decomposed accents', 'e\u0301'],
    ['CJK', '\u6F22'],
    ['emoji', '😀'],
    ['a flag', '🇦🇷'],
    ['astral letters', '\u{1D400}\u{1E900}'],
  ])('%s: the cap is accepted, one unit more refused', async (_, unit) => {
    const title = exactly(unit, LIMITS.titleChars);
    expect(characterCount(title)).toBe(LIMITS.titleChars);
    expect(textProblem(title, LIMITS.titleChars, LIMITS.titleBytes)).toBeNull();
    expect(textProblem(`${title}x`, LIMITS.titleChars, LIMITS.titleBytes)).toBe('too long');
    await harness.clear();
    const db = harness.client(admin);
    await expectAllowed(setDoc(doc(db, 'posts', 'at-cap'), newPost({ title })));
    await expectDenied(setDoc(doc(db, 'posts', 'over-cap'), newPost({ title: `${title}x` })));
  });
});
