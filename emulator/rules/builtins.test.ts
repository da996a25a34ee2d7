import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { check, doc, v } from './testSupport';

/** Each row is a condition that must evaluate to true (allow) for a get of t/x. */
function allTrue(rows: string[]) {
  it.each(rows)('%s', (condition) => {
    const decision = check(condition);
    expect(decision.reason).toMatch(/^true for 'get'/);
    expect(decision.allowed).toBe(true);
  });
}

/** Each row evaluates to an error (deny) whose message contains the given text. */
function allErrors(rows: [string, string][]) {
  it.each(rows)('%s is an error', (condition, message) => {
    const decision = check(condition);
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain(message);
  });
}

describe('strings', () => {
  allTrue([
    "'héllo'.size() == 5",
    "'😀a'.size() == 2",
    "'AbC'.lower() == 'abc' && 'AbC'.upper() == 'ABC'",
    "'  a b \\n'.trim() == 'a b'",
    "'a,b,,c'.split(',') == ['a', 'b', '', 'c']",
    "'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']",
    "'a.b.c'.replace('\\\\.', '$&') == 'a$&b$&c'",
    "'x@club.test'.matches('.*@club[.]test')",
    "!'x@club.test.evil'.matches('.*@club[.]test')",
    "!'prefix-abc'.matches('abc')",
    "'ABC'.matches('(?i)abc')",
    "'https://a.b/c'.matches('https?://\\\\S+')",
    "!'https://a b'.matches('https?://\\\\S+')",
    "'caf\u00e9'.matches('caf.')",
    "'ab'.toUtf8().size() == 2",
    "'a' + 'b' == 'ab'",
    "'a' < 'b' && 'b' >= 'b'",
  ]);
  allErrors([
    ["'a'.matches(1)", 'Function: [matches]'],
    ["'a'.size() + 'b'", 'int + string'],
  ]);
});

// matches Firestore, whose regexes are RE2; most of these rows fail under JavaScript's RegExp.
describe('regexes are RE2, not JavaScript', () => {
  allTrue([
    // RE2's \S, \s and \w are ASCII-only: a no-break space or U+2028 is "not a space".
    "'https://a.b/x\\u00a0y'.matches('https?://\\\\S+')",
    "'https://a.b/x\\u2028y'.matches('https?://\\\\S+')",
    "!'\\u00a0'.matches('\\\\s')",
    // RE2 syntax JavaScript lacks: inline flags mid-pattern, \pL, POSIX classes, \Q…\E, \z.
    "'aBC'.matches('a(?i)bc')",
    "'é1'.matches('\\\\pL[[:digit:]]')",
    "'a.b'.matches('\\\\Qa.b\\\\E') && !'axb'.matches('\\\\Qa.b\\\\E')",
    "'ab'.matches('\\\\Aab\\\\z')",
    // `.` is one code point; the match is of the whole string.
    "'😀'.matches('.') && !'ab'.matches('a')",
    "'a,b,'.split(',') == ['a', 'b', ''] && 'a1b'.split('([0-9])') == ['a', 'b']",
    "'a1b22c'.replace('[0-9]+', '$1') == 'a$1b$1c'",
  ]);
  // A pattern built at run time is checked when it runs: an error, so the rule denies.
  allErrors([
    ["'aa'.matches('(a)' + '\\\\1')", 'invalid escape sequence'],
    ["'ab'.matches('(?<=a)' + 'b')", "Invalid regular expression '(?<=a)b'"],
  ]);
});

// RE2 (production) builds \p{C} from UnicodeData.txt, which lists no unassigned code point, so
// there U+2065 and U+FFF0 (unassigned) are not \p{C}; re2js puts every unassigned code point in it.
describe('\\p{C}: where re2js and RE2 disagree, the emulator refuses the class', () => {
  it('re2js counts unassigned U+2065 and U+FFF0 as \\p{C} (RE2 does not)', () => {
    const other = RE2JS.compile('\\p{C}');
    expect(other.matches('\u2065')).toBe(true);
    expect(other.matches('\uFFF0')).toBe(true);
  });
  // A literal pattern is refused when the rules load; one built at run time denies.
  it.each([
    "'\\u2065'.matches('\\\\p{C}')",
    "'a'.matches('[^\\\\pC]')",
    "'a'.matches('\\\\P{C}')",
    "'a'.matches('[^\\\\p{^C}]')",
  ])('refuses %s when the rules load', (condition) => {
    expect(() => check(condition)).toThrow(/production's RE2/);
  });
  allErrors([["'\\u2065'.matches('\\\\p' + '{C}')", "production's RE2"]]);
  allTrue([
    // The named classes agree (no unassigned code point in either), and so do positive classes.
    "!'\\u2065'.matches('[\\\\p{Cc}\\\\p{Cf}\\\\p{Co}]')",
    "'\\u200b'.matches('\\\\p{Cf}')",
    "!'\\u2065'.matches('[\\\\p{L}\\\\p{M}\\\\p{N}\\\\p{P}\\\\p{S}]')",
    // An escaped backslash before "pC" is no class.
    "'\\\\pC'.matches('\\\\\\\\pC')",
  ]);
});

describe('lists', () => {
  allTrue([
    '[1, 2, 3].size() == 3',
    "['a', 'b'].hasAll(['b'])",
    "!['a', 'b'].hasAll(['b', 'c'])",
    "['a', 'b'].hasAny(['c', 'a'])",
    "['a', 'b'].hasOnly(['a', 'b', 'c'])",
    "!['a', 'd'].hasOnly(['a', 'b', 'c'])",
    "['a', 'b'].hasAll(['a'].toSet())",
    "['a', 'b', 'a'].toSet().size() == 2",
    "['x', 'y'].join('-') == 'x-y'",
    '[1].concat([2, 3]) == [1, 2, 3]',
    '[1, 2, 3, 2].removeAll([2]) == [1, 3]',
    '2 in [1, 2, 3] && !(4 in [1, 2])',
    '[1, 2] + [3] == [1, 2, 3]',
    '[1, 2, 3, 4][1:3] == [2, 3]',
    '[1, 2, 3][:2] == [1, 2] && [1, 2, 3][1:] == [2, 3]',
    '[1, 2, 3][0:0] == []',
    '[1, [2, 3]][1][0] == 2',
    '[1, 2] == [1.0, 2.0]',
    '[1, 2] != [2, 1]',
  ]);
  allErrors([
    ['[1, 2][2] == 3', 'Index 2 out of range'],
    ['[1, 2][0:3] == []', 'out of bounds'],
    ["[1, 'a'].join(',') == ''", 'Function: [join]'],
    ['[1] < [2]', 'list < list'],
  ]);
});

describe('maps and map diffs', () => {
  allTrue([
    "{'a': 1, 'b': 2}.keys().hasOnly(['a', 'b'])",
    "{'a': 1}.values() == [1]",
    "{'a': 1, 'b': 2}.size() == 2",
    "{'a': 1}.get('a', 0) == 1 && {'a': 1}.get('z', 0) == 0",
    "{'a': {'b': 5}}.get(['a', 'b'], 0) == 5 && {'a': {}}.get(['a', 'b'], 7) == 7",
    "'a' in {'a': 1} && !('b' in {'a': 1})",
    "{'a': 1}['a'] == 1 && {'a': {'b': 2}}.a.b == 2",
    "{'a': 1, 'b': 2} == {'b': 2, 'a': 1}",
    "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 0, 'd': 4}).addedKeys() == ['c'].toSet()",
    "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 0, 'd': 4}).removedKeys() == ['d'].toSet()",
    "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 0, 'd': 4}).changedKeys() == ['b'].toSet()",
    "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 0, 'd': 4}).unchangedKeys() == ['a'].toSet()",
    "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 0, 'd': 4}).affectedKeys() == ['b', 'c', 'd'].toSet()",
    "{'a': [1, {'x': 1}]}.diff({'a': [1, {'x': 1}]}).affectedKeys().size() == 0",
    "{'a': 1}.diff({'a': 1.0}).changedKeys().size() == 0",
  ]);
  allErrors([
    ["{'a': 1}.b == 1", 'Property b is undefined on object.'],
    ["{'a': 1}['b'] == 1", 'Property b is undefined on object.'],
    ["{'a': 1}.diff([1]).size() == 0", 'Function: [diff]'],
    ['{1: 2}.size() == 1', 'Map keys must be strings'],
  ]);
});

describe('sets', () => {
  allTrue([
    "['a', 'b'].toSet().size() == 2",
    "['a', 'b'].toSet().hasAll(['a'])",
    "['a', 'b'].toSet().hasAny(['x', 'b'])",
    "['a'].toSet().hasOnly(['a', 'b'])",
    "['a', 'b'].toSet().difference(['b'].toSet()) == ['a'].toSet()",
    "['a', 'b'].toSet().intersection(['b', 'c'].toSet()) == ['b'].toSet()",
    "['a'].toSet().union(['b'].toSet()) == ['b', 'a'].toSet()",
    "'a' in ['a'].toSet() && !('c' in ['a'].toSet())",
    '[1].toSet() == [1.0].toSet()',
  ]);
});

describe('timestamps and durations', () => {
  // request.time is 2026-03-01T12:00:00Z (a Sunday) in these tests.
  allTrue([
    'request.time.toMillis() == 1772366400000',
    'request.time == timestamp.value(1772366400000)',
    'request.time.year() == 2026 && request.time.month() == 3 && request.time.day() == 1',
    'request.time.hours() == 12 && request.time.minutes() == 0 && request.time.seconds() == 0',
    'request.time.nanos() == 0 && request.time.dayOfWeek() == 7 && request.time.dayOfYear() == 60',
    'request.time.date() == timestamp.date(2026, 3, 1)',
    "request.time.time() == duration.value(12, 'h')",
    "request.time + duration.value(1, 'd') > request.time",
    "request.time - duration.value(90, 'm') == timestamp.value(1772361000000)",
    'request.time - timestamp.date(2026, 3, 1) == duration.time(12, 0, 0, 0)',
    "duration.value(1, 'w') == duration.value(7, 'd')",
    "duration.value(1500, 'ms').seconds() == 1 && duration.value(1500, 'ms').nanos() == 500000000",
    "duration.value(2, 's') + duration.value(1, 's') == duration.value(3000, 'ms')",
    "duration.abs(duration.value(-2, 's')) == duration.value(2, 's')",
    "duration.value(1, 's') < duration.value(2, 's')",
    'request.time is timestamp',
    "duration.value(1, 'ns') is duration",
  ]);
  allErrors([
    ["duration.value(1, 'fortnight') is duration", "Invalid duration unit 'fortnight'"],
    ['request.time + 1 > request.time', 'timestamp + int'],
    ['timestamp.date(2026, 2, 30) is timestamp', 'Invalid date'],
  ]);
});

describe('math and conversions', () => {
  allTrue([
    'math.abs(-3) == 3 && math.abs(-2.5) == 2.5',
    'math.ceil(1.2) == 2 && math.floor(1.8) == 1 && math.round(2.5) == 3 && math.round(-2.5) == -3',
    'math.sqrt(9.0) == 3.0 && math.pow(2, 10) == 1024.0',
    'math.isNaN(0.0 / 0.0) && math.isInfinite(1.0 / 0.0)',
    "int('42') == 42 && int(3.9) == 3 && int(-3.9) == -3",
    "float(2) == 2.0 && float('1.5') == 1.5",
    "string(1) == '1' && string(true) == 'true' && string(null) == 'null' && string(1.0) == '1.0'",
    'debug(1) == 1',
    '7 / 2 == 3 && 7 % 3 == 1 && -7 / 2 == -3 && 7.0 / 2 == 3.5',
    '1 + 1.5 == 2.5 && 1 == 1.0 && 2 > 1.5',
    '9223372036854775807 > 0',
  ]);
  allErrors([
    ["int('x') == 0", 'Function: [int]'],
    ['1 / 0 == 0', 'Division by zero.'],
    ['1 % 0 == 0', 'Modulo by zero.'],
    ['9223372036854775807 + 1 > 0', 'Integer overflow.'],
    ["math.abs('x') == 1", 'Function: [math.abs]'],
  ]);
});

describe('types, paths, bytes and latlng values from documents', () => {
  const resource = doc('t/x', {
    s: v.str('text'),
    i: v.int(7),
    f: v.float(1.5),
    b: v.bool(true),
    n: v.nil(),
    t: v.ts('2026-01-02T03:04:05.123456789Z'),
    y: v.bytes('AQID'),
    r: v.ref('posts/abc'),
    g: v.geo(51.5, -0.12),
    l: v.list(v.int(1), v.str('two')),
    m: v.map({ k: v.str('v') }),
  });
  it.each([
    'resource.data.s is string && resource.data.i is int && resource.data.f is float',
    'resource.data.i is number && resource.data.f is number && !(resource.data.s is number)',
    'resource.data.b is bool && resource.data.n is null && resource.data.n == null',
    'resource.data.t is timestamp && resource.data.t.nanos() == 123456789',
    'resource.data.t.toMillis() == 1767323045123',
    'resource.data.y is bytes && resource.data.y.size() == 3',
    "resource.data.y.toBase64() == 'AQID' && resource.data.y.toHexString() == '010203'",
    'resource.data.r is path && resource.data.r == /databases/(default)/documents/posts/abc',
    "resource.data.r[4] == 'abc'",
    'resource.data.g is latlng && resource.data.g.latitude() == 51.5',
    "resource.data.l is list && resource.data.l[1] == 'two'",
    "resource.data.m is map && resource.data.m.k == 'v'",
    "resource.data.keys().size() == 11 && resource.id == 'x'",
    'resource.__name__ == /databases/$(database)/documents/t/$(id)',
    "resource['__name__'] == path('/databases/(default)/documents/t/x')",
    'resource.data.diff({}).addedKeys().size() == 11 && resource.data.diff({}) is map_diff',
    "['a'].toSet() is set && !(['a'] is set)",
  ])('%s', (condition) => {
    const decision = check(condition, { resource });
    expect(decision.reason).toMatch(/^true/);
  });
});

// Published test vectors (FIPS 180-2 for SHA-256, RFC 1321 for MD5, the CRC-32 check value).
describe('hashing: strings as UTF-8, or bytes, to Bytes', () => {
  allTrue([
    "hashing.sha256('abc').toHexString().lower() == 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'",
    "hashing.sha256('').toHexString() == 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'",
    // é is two UTF-8 bytes (C3 A9): the digest is of those, not of a UTF-16 unit.
    "hashing.sha256('é').toHexString().lower() == '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c'",
    "hashing.md5('abc').toHexString().lower() == '900150983cd24fb0d6963f7d28e17f72'",
    "hashing.md5('').toBase64() == '1B2M2Y8AsgTpgAmY7PhCfg=='",
    "hashing.crc32('123456789').toHexString() == 'CBF43926'",
    "hashing.crc32('').toHexString() == '00000000' && hashing.crc32('a').size() == 4",
    "hashing.sha256(hashing.sha256('abc')) is bytes && hashing.sha256('abc').size() == 32",
  ]);
  it('hashes bytes as they are: the digest of a stored Bytes field equals that of its text', () => {
    const resource = doc('t/x', { y: v.bytes(Buffer.from('abc').toString('base64')) });
    const decision = check("hashing.sha256(resource.data.y) == hashing.sha256('abc')", {
      resource,
    });
    expect(decision.reason).toMatch(/^true/);
  });
  allErrors([
    ['hashing.sha256(1)', 'Function: [hashing.sha256], Argument: [int]'],
    ['hashing.md5(null)', 'Function: [hashing.md5], Argument: [null]'],
    ["hashing.crc32(['a'])", 'Function: [hashing.crc32], Argument: [list]'],
  ]);
});
