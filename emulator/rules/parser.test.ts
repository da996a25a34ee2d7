import { describe, expect, it } from 'vitest';
import { compileRules, RulesSyntaxError } from './index';
import { parseExpression, parseRules } from './parser';

/** `@` marks where the error must be reported; it is removed before compiling. */
function errorAt(marked: string): { source: string; line: number; column: number } {
  const offset = marked.indexOf('@');
  const before = marked.slice(0, offset).split('\n');
  return {
    source: marked.slice(0, offset) + marked.slice(offset + 1),
    line: before.length,
    column: before[before.length - 1].length + 1,
  };
}

function wrap(statement: string): string {
  return `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    ${statement}\n  }\n}\n`;
}

describe('parser', () => {
  it('parses a full rules file: version, service, nested matches, functions, allows', () => {
    const file = parseRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function f(a, b) { let c = a + b; return c > 1; }
    match /posts/{postId}/{rest=**} {
      allow read, write: if f(1, 2);
      allow delete;
    }
  }
}`);
    expect(file.version).toBe('2');
    expect(file.service.name).toBe('cloud.firestore');
    const top = file.body.matches[0];
    expect(top.pattern).toEqual([
      { kind: 'literal', text: 'databases' },
      { kind: 'single', name: 'database' },
      { kind: 'literal', text: 'documents' },
    ]);
    expect(top.functions[0]).toMatchObject({ name: 'f', params: ['a', 'b'] });
    expect(top.functions[0].lets[0].name).toBe('c');
    const inner = top.matches[0];
    expect(inner.pattern[2]).toEqual({ kind: 'rest', name: 'rest' });
    expect(inner.allows.map((a) => a.methods)).toEqual([['read', 'write'], ['delete']]);
    expect(inner.allows[1].condition).toBeNull();
    expect(inner.allows[0].pos).toEqual({ line: 6, column: 7 });
  });

  it.each([
    ['a || b && c', '||'],
    ['a && b == c', '&&'],
    ['a == b + c', '=='],
    ['a + b * c', '+'],
    ['a in b || c', '||'],
    ['a ? b : c || d', undefined],
  ])('gives %s the CEL precedence (top operator %s)', (source, top) => {
    const expr = parseExpression(source);
    if (top === undefined) expect(expr.kind).toBe('ternary');
    else expect(expr).toMatchObject({ kind: 'binary', op: top });
  });

  it('parses literals, member chains, indexes, slices and path literals', () => {
    expect(parseExpression("'it\\'s' + \"two\\n\"")).toMatchObject({
      left: { kind: 'string', value: "it's" },
      right: { kind: 'string', value: 'two\n' },
    });
    expect(parseExpression('-3')).toMatchObject({ kind: 'int', value: -3n });
    expect(parseExpression('2.5e1')).toMatchObject({ kind: 'float', value: 25 });
    expect(parseExpression('a.b[0][1:2].c(d)')).toMatchObject({
      kind: 'call',
      name: 'c',
      args: [{ kind: 'ident', name: 'd' }],
      target: {
        kind: 'slice',
        start: { kind: 'int', value: 1n },
        end: { kind: 'int', value: 2n },
        object: { kind: 'index', object: { kind: 'member', name: 'b' } },
      },
    });
    expect(parseExpression('/databases/$(database)/documents/posts/$(id)')).toMatchObject({
      kind: 'path',
      parts: [
        { kind: 'text', text: 'databases' },
        { kind: 'expr', expr: { kind: 'ident', name: 'database' } },
        { kind: 'text', text: 'documents' },
        { kind: 'text', text: 'posts' },
        { kind: 'expr', expr: { kind: 'ident', name: 'id' } },
      ],
    });
    expect(parseExpression('{"a": [1, 2.0], \'b\': null}')).toMatchObject({ kind: 'map' });
    expect(parseExpression('x is string')).toMatchObject({ kind: 'is', typeName: 'string' });
  });

  it('skips line and block comments', () => {
    expect(parseExpression('/* a */ 1 // b\n + 2')).toMatchObject({ kind: 'binary', op: '+' });
  });
});

describe('compile errors carry file:LINE:COL', () => {
  it.each([
    [
      'missing semicolon after rules_version',
      "rules_version = '2'\n@service cloud.firestore {}",
      "expected ';'",
    ],
    [
      'unsupported rules_version',
      "rules_version = @'3';\nservice cloud.firestore {}",
      'unsupported rules_version',
    ],
    [
      'another service',
      "rules_version = '2';\n@service firebase.storage {}",
      "unsupported service 'firebase.storage'",
    ],
    ['allow without semicolon', wrap('match /a/{b} { allow read: if true @}'), "expected ';'"],
    [
      'unknown allow method',
      wrap('match /a/{b} { allow @fetch: if true; }'),
      "unknown method 'fetch'",
    ],
    [
      'allow outside a match',
      'service cloud.firestore {\n  @allow read;\n}',
      "expected 'match', 'function'",
    ],
    ['condition without if', wrap('match /a/{b} { allow read: @true; }'), "expected 'if'"],
    [
      'match path without slash',
      wrap('match @a/{b} { allow read; }'),
      "expected a path starting with '/'",
    ],
    [
      'unknown function',
      wrap('match /a/{b} { allow read: if @isOwner(); }'),
      "unknown function 'isOwner'",
    ],
    [
      'unknown method',
      wrap("match /a/{b} { allow read: if b.@startsWith('x'); }"),
      "unknown method 'startsWith'",
    ],
    [
      'method arity',
      wrap('match /a/{b} { allow read: if b.@size(1) == 1; }'),
      "method 'size' does not take 1",
    ],
    ['unknown variable', wrap('match /a/{b} { allow read: if @c == 1; }'), "unknown variable 'c'"],
    [
      'a prototype name is no namespace',
      wrap('match /a/{b} { allow read: if @constructor.keys() == 1; }'),
      "unknown variable 'constructor'",
    ],
    [
      'a prototype name is no variable',
      wrap('match /a/{b} { allow read: if @toString == 1; }'),
      "unknown variable 'toString'",
    ],
    [
      'unknown namespace function',
      wrap('match /a/{b} { allow read: if math.@cbrt(8) == 2; }'),
      "unknown function 'math.cbrt'",
    ],
    [
      'unknown namespace',
      wrap('match /a/{b} { allow read: if @crypto.sha256(b) == b; }'),
      "unknown variable 'crypto'",
    ],
    [
      // Production has it; this emulator refuses the rules rather than evaluate them differently.
      'a hashing function the emulator does not implement',
      wrap('match /a/{b} { allow read: if hashing.@crc32c(b) == b; }'),
      'does not implement hashing.crc32c',
    ],
    [
      'unknown type after is',
      wrap('match /a/{b} { allow read: if b is @text; }'),
      "unknown type 'text'",
    ],
    [
      'user function arity',
      wrap('function f(x) { return x; }\n    match /a/{b} { allow read: if @f(1, 2); }'),
      "function 'f' takes 1",
    ],
    [
      'duplicate function',
      wrap('function f() { return 1; }\n    @function f() { return 2; }'),
      "function 'f' is defined twice",
    ],
    [
      'unterminated string',
      wrap("match /a/{b} { allow read: if b == @'x; }"),
      'unterminated string',
    ],
    [
      'unknown escape',
      wrap("match /a/{b} { allow read: if b == 'a@\\q'; }"),
      "invalid escape sequence '\\q'",
    ],
    [
      'regex backreference',
      wrap("match /a/{b} { allow read: if b.matches(@'(a)\\\\1'); }"),
      "Invalid regular expression '(a)\\1': error parsing regexp: invalid escape sequence",
    ],
    [
      'regex lookahead',
      wrap("match /a/{b} { allow read: if b.matches(@'(?=a)a'); }"),
      'invalid or unsupported Perl syntax',
    ],
    [
      'regex lookbehind',
      wrap("match /a/{b} { allow read: if b.split(@'(?<!a)b') == []; }"),
      "Invalid regular expression '(?<!a)b'",
    ],
    [
      'regex possessive quantifier',
      wrap("match /a/{b} { allow read: if b.replace(@'a++', '') == ''; }"),
      'invalid nested repetition operator',
    ],
    [
      'let outside a function',
      wrap('match /a/{b} { allow read: if @let x = 1; }'),
      "'let' is reserved",
    ],
    [
      'unexpected character',
      wrap('match /a/{b} { allow read: if b @# 1; }'),
      "unexpected character '#'",
    ],
    [
      'rest wildcard not last in v1',
      'service cloud.firestore {\n  @match /{p=**}/x { allow read; }\n}',
      'must be the last segment',
    ],
    ['garbage after the service', 'service cloud.firestore {}\n@}', 'expected end of input'],
  ])('%s', (_, marked, detail) => {
    const { source, line, column } = errorAt(marked);
    let error: unknown;
    try {
      compileRules(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RulesSyntaxError);
    const syntax = error as RulesSyntaxError; // checked by toBeInstanceOf just above
    expect(syntax.message).toMatch(new RegExp(`^firestore\\.rules:${line}:${column}: `));
    expect(syntax.detail).toContain(detail);
    expect({ line: syntax.line, column: syntax.column }).toEqual({ line, column });
  });

  it('names the file it was given', () => {
    expect(() => compileRules('service nope {}', 'other.rules')).toThrow(/^other\.rules:1:1: /);
  });
});
