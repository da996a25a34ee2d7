/**
 * The syntax tree of a rules file, as the parser produces it. Every node carries the position of
 * its first character so that compile-time checks can report `file:LINE:COL`.
 */
export interface Pos {
  line: number;
  column: number;
}

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** One segment of a path literal: literal text, or `$(expr)` interpolation. */
export type PathPart = { kind: 'text'; text: string } | { kind: 'expr'; expr: Expr };

export type Expr =
  | { kind: 'null'; pos: Pos }
  | { kind: 'bool'; value: boolean; pos: Pos }
  | { kind: 'int'; value: bigint; pos: Pos }
  | { kind: 'float'; value: number; pos: Pos }
  | { kind: 'string'; value: string; pos: Pos }
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: { key: Expr; value: Expr }[]; pos: Pos }
  | { kind: 'path'; parts: PathPart[]; pos: Pos }
  | { kind: 'member'; object: Expr; name: string; pos: Pos }
  | { kind: 'index'; object: Expr; index: Expr; pos: Pos }
  | { kind: 'slice'; object: Expr; start: Expr | null; end: Expr | null; pos: Pos }
  /** `name(args)` (global or user function) or `object.name(args)` (method or namespace). */
  | { kind: 'call'; target: Expr | null; name: string; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: Pos }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Pos }
  | { kind: 'is'; operand: Expr; typeName: string; typePos: Pos; pos: Pos }
  | { kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr; pos: Pos };

export type RulesMethodName = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface Allow {
  methods: RulesMethodName[];
  /** null for `allow read;` (unconditional). */
  condition: Expr | null;
  pos: Pos;
}

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr; pos: Pos }[];
  body: Expr;
  pos: Pos;
}

/** A segment of a `match` path: literal, `{name}` (one segment) or `{name=**}` (rest). */
export type PatternSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'single'; name: string }
  | { kind: 'rest'; name: string };

export interface Block {
  functions: FunctionDecl[];
  matches: Match[];
  allows: Allow[];
}

export interface Match extends Block {
  pattern: PatternSegment[];
  pos: Pos;
}

export interface RulesFile {
  version: '1' | '2';
  service: { name: string; pos: Pos };
  body: Block;
}
