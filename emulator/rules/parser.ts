/**
 * Recursive-descent parser: rules file → syntax tree (ast.ts). Only syntax is checked here;
 * names, arities and regexes are checked by compile.ts before anything is evaluated.
 * Expression precedence follows CEL, which the rules language builds on:
 * `?:` < `||` < `&&` < relations (`== != < <= > >= in is`) < `+ -` < `* / %` < unary < postfix.
 */
import type {
  Allow,
  BinaryOp,
  Block,
  Expr,
  FunctionDecl,
  Match,
  PathPart,
  PatternSegment,
  Pos,
  RulesFile,
  RulesMethodName,
} from './ast';
import { Lexer, ParseError, type Token } from './lexer';

const METHODS: readonly string[] = ['read', 'write', 'get', 'list', 'create', 'update', 'delete'];
const RELATIONS: readonly string[] = ['==', '!=', '<', '<=', '>', '>='];
const RESERVED = new Set(['true', 'false', 'null', 'in', 'is', 'if', 'let', 'return']);

export function parseRules(source: string): RulesFile {
  return new Parser(source).file();
}

/** Parses a single expression (used by tests and tools). */
export function parseExpression(source: string): Expr {
  const parser = new Parser(source);
  const expr = parser.expression();
  parser.expectEnd();
  return expr;
}

class Parser {
  private readonly lexer: Lexer;
  private token: Token;

  constructor(source: string) {
    this.lexer = new Lexer(source);
    this.token = this.lexer.next();
  }

  file(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.isIdent('rules_version')) {
      this.advance();
      this.expect('=');
      const value = this.expectType('string', 'a quoted version');
      if (value.text !== '1' && value.text !== '2') {
        throw new ParseError(value.pos, `unsupported rules_version '${value.text}' (use '2')`);
      }
      version = value.text;
      this.expect(';');
    }
    const keyword = this.token;
    this.expectKeyword('service');
    const name = this.dottedName();
    this.expect('{');
    const body = this.block(false);
    this.expect('}');
    this.expectEnd();
    return { version, service: { name, pos: keyword.pos }, body };
  }

  expectEnd(): void {
    if (this.token.type !== 'eof') this.fail(`expected end of input, found ${this.describe()}`);
  }

  /** Statements up to the closing `}` (not consumed). Allows are only legal inside a match. */
  private block(allowStatements: boolean): Block {
    const block: Block = { functions: [], matches: [], allows: [] };
    while (!this.isPunct('}')) {
      if (this.isIdent('match')) block.matches.push(this.match());
      else if (this.isIdent('function')) block.functions.push(this.functionDecl());
      else if (this.isIdent('allow') && allowStatements) block.allows.push(this.allow());
      else this.fail(`expected 'match', 'function'${allowStatements ? " or 'allow'" : ''}`);
    }
    return block;
  }

  private match(): Match {
    const pos = this.token.pos;
    const pattern = this.matchPath();
    this.expect('{');
    const body = this.block(true);
    this.expect('}');
    return { ...body, pattern, pos };
  }

  /** Called with the current token being `match`; scans `/a/{b}/{c=**}` and re-primes. */
  private matchPath(): PatternSegment[] {
    this.token = this.lexer.next();
    if (!this.isPunct('/')) this.fail("expected a path starting with '/' after 'match'");
    const segments: PatternSegment[] = [];
    for (;;) {
      const start = this.lexer.position();
      if (this.lexer.pathConsume('{')) {
        const name = this.lexer.pathText();
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
          throw new ParseError(start, 'expected a variable name in {…}');
        }
        const rest = this.lexer.pathConsume('=**');
        if (!this.lexer.pathConsume('}'))
          throw new ParseError(this.lexer.position(), "expected '}'");
        segments.push(rest ? { kind: 'rest', name } : { kind: 'single', name });
      } else {
        const text = this.lexer.pathText();
        if (text === '') throw new ParseError(start, 'expected a path segment');
        segments.push({ kind: 'literal', text });
      }
      if (!this.lexer.pathConsume('/')) break;
    }
    this.token = this.lexer.next();
    return segments;
  }

  private allow(): Allow {
    const pos = this.token.pos;
    this.advance();
    const methods: RulesMethodName[] = [];
    do {
      const method = this.expectType('ident', 'a method (read, write, get, list, ...)');
      if (!METHODS.includes(method.text)) {
        throw new ParseError(method.pos, `unknown method '${method.text}'`);
      }
      methods.push(method.text as RulesMethodName); // checked against METHODS just above
    } while (this.accept(','));
    let condition: Expr | null = null;
    if (this.accept(':')) {
      this.expectKeyword('if');
      condition = this.expression();
    }
    this.expect(';');
    return { methods, condition, pos };
  }

  private functionDecl(): FunctionDecl {
    const pos = this.token.pos;
    this.advance();
    const name = this.identifierName();
    this.expect('(');
    const params: string[] = [];
    if (!this.isPunct(')')) {
      do params.push(this.identifierName());
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isIdent('let')) {
      const letPos = this.token.pos;
      this.advance();
      const letName = this.identifierName();
      this.expect('=');
      lets.push({ name: letName, value: this.expression(), pos: letPos });
      this.expect(';');
    }
    this.expectKeyword('return');
    const body = this.expression();
    this.accept(';');
    this.expect('}');
    return { name, params, lets, body, pos };
  }

  expression(): Expr {
    const test = this.binary(0);
    if (!this.isPunct('?')) return test;
    const pos = this.token.pos;
    this.advance();
    const then = this.expression();
    this.expect(':');
    const otherwise = this.expression();
    return { kind: 'ternary', test, then, otherwise, pos };
  }

  /** Precedence climbing over the binary levels: 0 `||`, 1 `&&`, 2 relations, 3 `+ -`, 4 `* / %`. */
  private binary(level: number): Expr {
    if (level > 4) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const op = this.binaryOperator(level);
      if (op === null) return left;
      const pos = this.token.pos;
      this.advance();
      if (op === 'is') {
        const type = this.expectType('ident', 'a type name after is');
        left = { kind: 'is', operand: left, typeName: type.text, typePos: type.pos, pos };
        continue;
      }
      const right = this.binary(level + 1);
      left = { kind: 'binary', op, left, right, pos };
    }
  }

  private binaryOperator(level: number): BinaryOp | 'is' | null {
    const { type, text } = this.token;
    if (level === 2 && type === 'ident' && (text === 'in' || text === 'is')) return text;
    if (type !== 'punct') return null;
    const matches =
      (level === 0 && text === '||') ||
      (level === 1 && text === '&&') ||
      (level === 2 && RELATIONS.includes(text)) ||
      (level === 3 && (text === '+' || text === '-')) ||
      (level === 4 && (text === '*' || text === '/' || text === '%'));
    return matches ? (text as BinaryOp) : null; // text is one of the operators listed above
  }

  private unary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const { pos, text } = this.token;
      this.advance();
      const operand = this.unary();
      if (text === '-' && operand.kind === 'int') return { ...operand, value: -operand.value, pos };
      if (text === '-' && operand.kind === 'float')
        return { ...operand, value: -operand.value, pos };
      return { kind: 'unary', op: text === '!' ? '!' : '-', operand, pos };
    }
    return this.postfix(this.primary());
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      const pos = this.token.pos;
      if (this.accept('.')) {
        const nameToken = this.expectType('ident', 'a member name after .');
        const name = nameToken.text;
        if (this.accept('(')) {
          // Calls are reported at the method's name (`x.@size()`), where a reader looks.
          expr = { kind: 'call', target: expr, name, args: this.arguments(), pos: nameToken.pos };
        } else {
          expr = { kind: 'member', object: expr, name, pos };
        }
      } else if (this.accept('[')) {
        expr = this.indexOrSlice(expr, pos);
      } else {
        return expr;
      }
    }
  }

  private indexOrSlice(object: Expr, pos: Pos): Expr {
    const start = this.isPunct(':') ? null : this.expression();
    if (!this.accept(':')) {
      this.expect(']');
      if (start === null) this.fail('expected an index');
      return { kind: 'index', object, index: start, pos };
    }
    const end = this.isPunct(']') ? null : this.expression();
    this.expect(']');
    return { kind: 'slice', object, start, end, pos };
  }

  private arguments(): Expr[] {
    const args: Expr[] = [];
    if (!this.isPunct(')')) {
      do args.push(this.expression());
      while (this.accept(','));
    }
    this.expect(')');
    return args;
  }

  private primary(): Expr {
    const token = this.token;
    const pos = token.pos;
    switch (token.type) {
      case 'int':
        this.advance();
        return { kind: 'int', value: BigInt(token.text), pos };
      case 'float':
        this.advance();
        return { kind: 'float', value: Number(token.text), pos };
      case 'string':
        this.advance();
        return { kind: 'string', value: token.text, pos };
      case 'ident':
        return this.identifierExpr(token);
      case 'punct':
        return this.punctExpr(token);
      default:
        return this.fail(`expected an expression, found ${this.describe()}`);
    }
  }

  private identifierExpr(token: Token): Expr {
    const pos = token.pos;
    if (token.text === 'true' || token.text === 'false') {
      this.advance();
      return { kind: 'bool', value: token.text === 'true', pos };
    }
    if (token.text === 'null') {
      this.advance();
      return { kind: 'null', pos };
    }
    const name = this.identifierName();
    if (this.accept('(')) return { kind: 'call', target: null, name, args: this.arguments(), pos };
    return { kind: 'ident', name, pos };
  }

  private punctExpr(token: Token): Expr {
    const pos = token.pos;
    if (this.accept('(')) {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    if (this.accept('[')) {
      const items: Expr[] = [];
      while (!this.isPunct(']')) {
        items.push(this.expression());
        if (!this.accept(',')) break;
      }
      this.expect(']');
      return { kind: 'list', items, pos };
    }
    if (this.accept('{')) {
      const entries: { key: Expr; value: Expr }[] = [];
      while (!this.isPunct('}')) {
        const key = this.expression();
        this.expect(':');
        entries.push({ key, value: this.expression() });
        if (!this.accept(',')) break;
      }
      this.expect('}');
      return { kind: 'map', entries, pos };
    }
    if (token.text === '/') return this.pathLiteral(pos);
    return this.fail(`expected an expression, found ${this.describe()}`);
  }

  /** `/databases/$(database)/documents/posts/$(id)`; the current token is the first '/'. */
  private pathLiteral(pos: Pos): Expr {
    const parts: PathPart[] = [];
    for (;;) {
      const start = this.lexer.position();
      if (this.lexer.pathConsume('$(')) {
        this.token = this.lexer.next();
        parts.push({ kind: 'expr', expr: this.expression() });
        if (!this.isPunct(')')) this.fail("expected ')' to close $(");
        // The lexer stands just after ')': continue the path from there.
      } else {
        const text = this.lexer.pathText();
        if (text === '') throw new ParseError(start, 'expected a path segment or $(…)');
        parts.push({ kind: 'text', text });
      }
      if (!this.lexer.pathContinues()) break;
      this.lexer.pathConsume('/');
    }
    this.token = this.lexer.next();
    return { kind: 'path', parts, pos };
  }

  private dottedName(): string {
    let name = this.identifierName();
    while (this.accept('.')) name += `.${this.identifierName()}`;
    return name;
  }

  private identifierName(): string {
    const token = this.expectType('ident', 'a name');
    if (RESERVED.has(token.text)) throw new ParseError(token.pos, `'${token.text}' is reserved`);
    return token.text;
  }

  private advance(): void {
    this.token = this.lexer.next();
  }

  private isPunct(text: string): boolean {
    return this.token.type === 'punct' && this.token.text === text;
  }

  private isIdent(text: string): boolean {
    return this.token.type === 'ident' && this.token.text === text;
  }

  private accept(text: string): boolean {
    if (!this.isPunct(text)) return false;
    this.advance();
    return true;
  }

  private expect(text: string): void {
    if (!this.accept(text)) this.fail(`expected '${text}', found ${this.describe()}`);
  }

  private expectKeyword(text: string): void {
    if (!this.isIdent(text)) this.fail(`expected '${text}', found ${this.describe()}`);
    this.advance();
  }

  private expectType(type: Token['type'], what: string): Token {
    const token = this.token;
    if (token.type !== type) this.fail(`expected ${what}, found ${this.describe()}`);
    this.advance();
    return token;
  }

  private describe(): string {
    const { type, text } = this.token;
    if (type === 'eof') return 'end of input';
    if (type === 'string') return 'a string';
    return `'${text}'`;
  }

  private fail(detail: string): never {
    throw new ParseError(this.token.pos, detail);
  }
}
