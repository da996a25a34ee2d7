/**
 * The compiled rules: a tree of match blocks, each with its compiled allows, and the request
 * walk that finds the blocks whose whole path matches the request and evaluates their allows.
 * Semantics (https://firebase.google.com/docs/firestore/security/rules-structure):
 * `read` = get + list, `write` = create + update + delete; any allow that is true grants;
 * an error in a condition is a deny for that allow; no allow → deny.
 */
import type { Allow, Block, PatternSegment, RulesFile, RulesMethodName } from './ast';
import { compileExpr } from './compile';
import type { CompileScope, FunctionInfo } from './scopes';
import { ParseError } from './lexer';
import { requestValue, resourceVariable } from './request';
import { Activation, type Compiled, type EvalContext } from './runtime';
import type { RulesDataAccess, RulesDecision, RulesMethod, RulesRequest } from './validator';
import { RError, RPath, type Result } from './values';

interface CompiledAllow {
  methods: Set<RulesMethod>;
  line: number;
  condition: Compiled | null;
}

interface CompiledMatch {
  pattern: PatternSegment[];
  allows: CompiledAllow[];
  matches: CompiledMatch[];
  depth: number;
}

const COVERS: Record<RulesMethodName, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

/** Stands for "any document" when a list request is matched against `{docId}`. */
const ANY_DOCUMENT = Symbol('any document');
/**
 * Stands for the unknown path (zero or more segments) above a collection group's collections.
 * Only a `{name=**}` wildcard can consume it (matches Firestore: a collection-group query is
 * allowed by `match /{path=**}/posts/{id}`, never by `match /posts/{id}` alone).
 */
const ANY_DEPTH = Symbol('any depth');
type Segment = string | typeof ANY_DOCUMENT | typeof ANY_DEPTH;

export class RulesProgram {
  private readonly matches: CompiledMatch[];

  constructor(private readonly file: RulesFile) {
    if (file.service.name !== 'cloud.firestore') {
      throw new ParseError(
        file.service.pos,
        `unsupported service '${file.service.name}' (expected cloud.firestore)`,
      );
    }
    const root: CompileScope = {
      vars: new Set(),
      functions: new Map(),
      parent: null,
      isBlock: true,
      depth: 0,
    };
    this.matches = this.compileBlock(file.body, root);
  }

  evaluate(request: RulesRequest, data: RulesDataAccess): RulesDecision {
    if (request.collectionGroup && this.file.version !== '2') {
      // matches Firestore: collection-group queries need rules_version = '2'.
      return {
        allowed: false,
        reason: "Collection group queries need rules_version = '2'",
      };
    }
    const ctx: EvalContext = {
      request,
      data,
      requestValue: requestValue(request),
      resourceValue: resourceVariable(request),
      steps: 0,
      callDepth: 0,
      documents: new Map(),
      reads: data.reads ?? new Map(),
      newReads: 0,
      fatal: null,
    };
    const segments: Segment[] = [
      'databases',
      request.database,
      'documents',
      ...request.path.split('/'),
    ];
    if (request.collectionGroup) segments.splice(segments.length - 1, 0, ANY_DEPTH);
    if (request.method === 'list') segments.push(ANY_DOCUMENT);
    const root = new Activation(new Map(), null, 0, true);
    let last: { line: number; result: Result } | null = null;
    for (const { match, scope } of this.matching(this.matches, segments, 0, root)) {
      for (const allow of match.allows) {
        if (!allow.methods.has(request.method)) continue;
        const result = allow.condition ? allow.condition({ ctx, scope }) : true;
        if (ctx.fatal) {
          return {
            allowed: false,
            reason: `${ctx.fatal.message} for '${request.method}' @ L${allow.line}`,
          };
        }
        if (result === true)
          return { allowed: true, reason: `true for '${request.method}' @ L${allow.line}` };
        last = { line: allow.line, result };
      }
    }
    if (!last) return { allowed: false, reason: 'No matching allow statements' };
    const why = last.result instanceof RError ? last.result.message : String(last.result);
    return { allowed: false, reason: `${why} for '${request.method}' @ L${last.line}` };
  }

  /** Blocks (in source order, outer first) whose full path equals the request path. */
  private *matching(
    matches: CompiledMatch[],
    segments: Segment[],
    start: number,
    parent: Activation,
  ): Generator<{ match: CompiledMatch; scope: Activation }> {
    for (const match of matches) {
      for (const { vars, end } of this.bind(match.pattern, segments, start)) {
        const scope = new Activation(vars, parent, match.depth, true);
        if (end === segments.length) yield { match, scope };
        else yield* this.matching(match.matches, segments, end, scope);
      }
    }
  }

  /** Every way `pattern` can consume segments from `start` (several only with `{x=**}`). */
  private *bind(
    pattern: PatternSegment[],
    segments: Segment[],
    start: number,
    at = 0,
    vars = new Map<string, Result>(),
  ): Generator<{ vars: Map<string, Result>; end: number }> {
    if (at === pattern.length) {
      yield { vars, end: start };
      return;
    }
    const part = pattern[at];
    if (part.kind === 'rest') {
      // Version 2: zero or more segments; version 1: one or more, and only at the end.
      const min = this.file.version === '2' ? 0 : 1;
      for (let end = segments.length; end >= start + min; end -= 1) {
        const taken = segments.slice(start, end);
        const value = taken.some((s) => typeof s !== 'string')
          ? new RError(`${part.name} is not known for list requests.`)
          : new RPath(taken.filter((s): s is string => typeof s === 'string'));
        yield* this.bind(pattern, segments, end, at + 1, new Map(vars).set(part.name, value));
      }
      return;
    }
    const segment = segments[start];
    if (segment === undefined || segment === ANY_DEPTH) return;
    if (part.kind === 'literal') {
      if (segment === part.text) yield* this.bind(pattern, segments, start + 1, at + 1, vars);
      return;
    }
    const value =
      segment === ANY_DOCUMENT
        ? new RError(`${part.name} is not known for list requests.`)
        : segment;
    yield* this.bind(pattern, segments, start + 1, at + 1, new Map(vars).set(part.name, value));
  }

  private compileBlock(block: Block, scope: CompileScope): CompiledMatch[] {
    this.compileFunctions(block, scope);
    return block.matches.map((match) => {
      const vars = new Set<string>();
      match.pattern.forEach((part, i) => {
        if (part.kind === 'literal') return;
        if (vars.has(part.name))
          throw new ParseError(match.pos, `variable '${part.name}' bound twice`);
        if (part.kind === 'rest' && this.file.version === '1' && i !== match.pattern.length - 1) {
          throw new ParseError(
            match.pos,
            "with rules_version '1', {name=**} must be the last segment",
          );
        }
        vars.add(part.name);
      });
      const inner: CompileScope = {
        vars,
        functions: new Map(),
        parent: scope,
        isBlock: true,
        depth: scope.depth + 1,
      };
      const matches = this.compileBlock(match, inner);
      return {
        pattern: match.pattern,
        allows: match.allows.map((allow) => compileAllow(allow, inner)),
        matches,
        depth: inner.depth,
      };
    });
  }

  /** Declares every function of the block first, so they may call each other in any order. */
  private compileFunctions(block: Block, scope: CompileScope): void {
    const infos: FunctionInfo[] = [];
    for (const decl of block.functions) {
      if (scope.functions.has(decl.name))
        throw new ParseError(decl.pos, `function '${decl.name}' is defined twice`);
      const info: FunctionInfo = { decl, depth: scope.depth, lets: [], body: () => null };
      scope.functions.set(decl.name, info);
      infos.push(info);
    }
    for (const info of infos) {
      const vars = new Set(info.decl.params);
      const fnScope: CompileScope = {
        vars,
        functions: new Map(),
        parent: scope,
        isBlock: false,
        depth: scope.depth,
      };
      info.lets = info.decl.lets.map((binding) => {
        const value = compileExpr(binding.value, fnScope);
        vars.add(binding.name);
        return { name: binding.name, value };
      });
      info.body = compileExpr(info.decl.body, fnScope);
    }
  }
}

function compileAllow(allow: Allow, scope: CompileScope): CompiledAllow {
  const methods = new Set(allow.methods.flatMap((method) => COVERS[method]));
  const condition = allow.condition ? compileExpr(allow.condition, scope) : null;
  return { methods, line: allow.pos.line, condition };
}
