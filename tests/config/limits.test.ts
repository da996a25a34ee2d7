import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { LIMITS } from '../../src/data/limits';
import {
  BLANK_CHARACTERS,
  textProblem,
  fitsLimits,
  hasVisibleCharacter,
} from '../../src/data/textChecks';
import { characterCount, utf8Bytes } from '../../src/lib/text';

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
    ['comment author', /comment\.user\.toUtf8\(\)\.size\(\) <= (\d+)/, ['emailBytes']],
    ['URL', /value\.toUtf8\(\)\.size\(\) <= (\d+)\s+&& value\.matches\('https/, ['urlBytes']],
    ['comments per post', /after\.size\(\) <= (\d+)/, ['commentsPerPost']],
    ['post id', /postId\.toUtf8\(\)\.size\(\) <= (\d+)/, ['postIdBytes']],
    ['query limit', /request\.query\.limit <= (\d+)/, ['queryLimit']],
    ['comment interval', /duration\.value\((\d+), 's'\)/, ['commentIntervalSeconds']],
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

describe('text checks as the rules make them', () => {
  it('counts characters as code points and bytes as UTF-8', () => {
    expect(characterCount('\u{1F3C6}é')).toBe(2);
    expect(utf8Bytes('\u{1F3C6}é')).toBe(6);
    expect(fitsLimits('\u{1F3C6}'.repeat(500), LIMITS.commentChars, LIMITS.commentBytes)).toBe(
      true,
    );
    expect(fitsLimits('\u{1F3C6}'.repeat(501), LIMITS.commentChars, LIMITS.commentBytes)).toBe(
      false,
    );
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
      // Unassigned: no class of the positive pattern, in RE2 as in JavaScript.
      '\u2065\uFFF0\u{E0080}',
    ]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['a', ' ok ', '\u{1F3C6}', 'ж', 'Deal\u200B']) {
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
  it('lists the same blank characters in each class of the rule and in the client', () => {
    const classes = rulesVisiblePattern().match(/\[\^\\P\{[LS]\}[^\]]*\]/g) ?? [];
    expect(classes).toHaveLength(2);
    for (const cls of classes) {
      const listed = [...cls.matchAll(/\\x\{([0-9A-F]+)\}/g)].map((m) => parseInt(m[1], 16));
      expect(new Set(listed)).toEqual(new Set(BLANK_CHARACTERS));
    }
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
    expect(textProblem('\u{1F3C6}'.repeat(201), 200, 800)).toBe('too long');
    expect(textProblem('\u{1F3C6}'.repeat(200), 200, 800)).toBeNull();
  });
});
