/**
 * Tokenizer for the rules language. It is pulled by the parser one token at a time, because path
 * literals (`/databases/$(database)/documents`) and `match` paths are lexed differently from
 * expressions: the parser switches to path scanning where the grammar expects a path.
 */
import type { Pos } from './ast';

export type TokenType = 'ident' | 'int' | 'float' | 'string' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  /** The source text (for strings: the decoded value). */
  text: string;
  pos: Pos;
  /** Offset just past the token. */
  end: number;
}

/** Thrown by the lexer and parser; index.ts turns it into a RulesSyntaxError with the file name. */
export class ParseError extends Error {
  constructor(
    readonly pos: Pos,
    readonly detail: string,
  ) {
    super(`${pos.line}:${pos.column}: ${detail}`);
  }
}

// Longest first, so '<=' wins over '<'.
const PUNCTUATION = [
  '&&', '||', '==', '!=', '<=', '>=',
  '{', '}', '(', ')', '[', ']', ',', ';', '.', ':', '?', '!', '-', '+', '*', '/', '%', '<', '>', '=',
]; // prettier-ignore

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  '?': '?',
};

/** Characters allowed in a literal path segment (document IDs as they appear in rules). */
const PATH_CHAR = /[A-Za-z0-9_\-.~%@+:]/;

export class Lexer {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly source: string) {}

  position(): Pos {
    return { line: this.line, column: this.offset - this.lineStart + 1 };
  }

  next(): Token {
    this.skipSpaceAndComments();
    const pos = this.position();
    const ch = this.source[this.offset];
    if (ch === undefined) return { type: 'eof', text: '', pos, end: this.offset };
    if (/[A-Za-z_]/.test(ch)) return this.identifier(pos);
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(this.source[this.offset + 1] ?? ''))) {
      return this.number(pos);
    }
    if (ch === "'" || ch === '"') return this.string(pos, ch);
    for (const punct of PUNCTUATION) {
      if (this.source.startsWith(punct, this.offset)) {
        this.offset += punct.length;
        return { type: 'punct', text: punct, pos, end: this.offset };
      }
    }
    throw new ParseError(pos, `unexpected character '${ch}'`);
  }

  /** In a path: the literal text of one segment right at the current offset ('' if none). */
  pathText(): string {
    const start = this.offset;
    // A whole segment in parentheses, such as `(default)` in /databases/(default)/documents.
    const parenthesized = /^\([A-Za-z0-9_-]+\)/.exec(this.source.slice(start, start + 130));
    if (parenthesized) {
      this.offset += parenthesized[0].length;
      return parenthesized[0];
    }
    while (this.offset < this.source.length && PATH_CHAR.test(this.source[this.offset])) {
      this.offset += 1;
    }
    return this.source.slice(start, this.offset);
  }

  /** In a path: consumes `text` if it comes next, with no whitespace before it. */
  pathConsume(text: string): boolean {
    if (!this.source.startsWith(text, this.offset)) return false;
    this.offset += text.length;
    return true;
  }

  /** In a path: true when the next character continues the path (`/` then a segment). */
  pathContinues(): boolean {
    if (this.source[this.offset] !== '/') return false;
    const after = this.source[this.offset + 1] ?? '';
    return PATH_CHAR.test(after) || after === '$' || after === '{' || after === '(';
  }

  private skipSpaceAndComments(): void {
    const src = this.source;
    while (this.offset < src.length) {
      const ch = src[this.offset];
      if (ch === '\n') {
        this.offset += 1;
        this.line += 1;
        this.lineStart = this.offset;
      } else if (ch === ' ' || ch === '\t' || ch === '\r') {
        this.offset += 1;
      } else if (src.startsWith('//', this.offset)) {
        while (this.offset < src.length && src[this.offset] !== '\n') this.offset += 1;
      } else if (src.startsWith('/*', this.offset)) {
        const pos = this.position();
        const close = src.indexOf('*/', this.offset + 2);
        if (close === -1) throw new ParseError(pos, 'unterminated comment');
        while (this.offset < close + 2) {
          if (src[this.offset] === '\n') {
            this.line += 1;
            this.lineStart = this.offset + 1;
          }
          this.offset += 1;
        }
      } else {
        return;
      }
    }
  }

  private identifier(pos: Pos): Token {
    const start = this.offset;
    while (/[A-Za-z0-9_]/.test(this.source[this.offset] ?? '')) this.offset += 1;
    return { type: 'ident', text: this.source.slice(start, this.offset), pos, end: this.offset };
  }

  private number(pos: Pos): Token {
    const match = /^(?:0[xX][0-9a-fA-F]+|\d*\.?\d+(?:[eE][+-]?\d+)?|\d+\.(?![A-Za-z_]))/.exec(
      this.source.slice(this.offset, this.offset + 64),
    );
    const text = match ? match[0] : '';
    this.offset += text.length;
    const isFloat = !/^0[xX]/.test(text) && /[.eE]/.test(text);
    return { type: isFloat ? 'float' : 'int', text, pos, end: this.offset };
  }

  private string(pos: Pos, quote: string): Token {
    let value = '';
    this.offset += 1;
    for (;;) {
      const ch = this.source[this.offset];
      if (ch === undefined || ch === '\n') throw new ParseError(pos, 'unterminated string');
      this.offset += 1;
      if (ch === quote) break;
      if (ch !== '\\') {
        value += ch;
        continue;
      }
      value += this.escape();
    }
    return { type: 'string', text: value, pos, end: this.offset };
  }

  private escape(): string {
    const pos = { line: this.line, column: this.offset - this.lineStart };
    const ch = this.source[this.offset] ?? '';
    this.offset += 1;
    if (ch in ESCAPES) return ESCAPES[ch];
    const hex = ch === 'x' ? 2 : ch === 'u' ? 4 : ch === 'U' ? 8 : 0;
    const digits = this.source.slice(this.offset, this.offset + hex);
    if (hex > 0 && new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) {
      this.offset += hex;
      return String.fromCodePoint(parseInt(digits, 16));
    }
    // CEL (which the rules language builds on) rejects unknown escapes; write '\\.' for a regex.
    throw new ParseError(pos, `invalid escape sequence '\\${ch}' (write '\\\\${ch}' in a regex)`);
  }
}
