/**
 * Expressions → closures. Every name is resolved here, once: variables to a scope distance,
 * calls to a user function, a built-in or a namespace function. Anything the interpreter could
 * not evaluate (unknown names, wrong argument counts, unknown types after `is`, regexes RE2
 * would reject) is a compile error with a position, so a rules file never half-works.
 */
import type { Expr, FunctionDecl, Pos } from './ast';
import { buildPath, documentPath, indexPath } from './builtins/paths';
import { regexProblem } from './builtins/regex';
import {
  DOCUMENT_FUNCTIONS,
  findMethod,
  GLOBAL_FUNCTIONS,
  methodArities,
  NAMESPACES,
  TYPE_NAMES,
} from './builtins/registry';
import type { NamedFunction } from './builtins/types';
import { ParseError } from './lexer';
import * as ops from './operators';
import { resourceValue } from './request';
import { Activation, blockAt, LIMITS, lookup, step, type Compiled, type Frame } from './runtime';
import { RError, RMap, RPath, typeName, type Result, type RValue } from './values';

export interface CompileScope {
  readonly vars: Set<string>;
  readonly functions: Map<string, FunctionInfo>;
  readonly parent: CompileScope | null;
  readonly isBlock: boolean;
  readonly depth: number;
}

export interface FunctionInfo {
  readonly decl: FunctionDecl;
  /** Depth of the declaring block. */
  readonly depth: number;
  lets: { name: string; value: Compiled }[];
  body: Compiled;
}

const GLOBALS = new Set(['request', 'resource']);

export function compileExpr(expr: Expr, scope: CompileScope): Compiled {
  switch (expr.kind) {
    case 'null':
      return () => null;
    case 'bool':
    case 'int':
    case 'float':
    case 'string': {
      const value = expr.value;
      return () => value;
    }
    case 'ident':
      return compileIdent(expr.name, expr.pos, scope);
    case 'list': {
      const items = expr.items.map((item) => compileExpr(item, scope));
      return (f) => collect(items, f, (values) => values);
    }
    case 'map':
      return compileMap(expr.entries, scope);
    case 'path':
      return compilePath(expr, scope);
    case 'member': {
      const object = compileExpr(expr.object, scope);
      const name = expr.name;
      return (f) => member(object(f), name);
    }
    case 'index': {
      const object = compileExpr(expr.object, scope);
      const index = compileExpr(expr.index, scope);
      return (f) => strict2(object(f), index(f), indexValue);
    }
    case 'slice':
      return compileSlice(expr, scope);
    case 'call':
      return compileCall(expr, scope);
    case 'unary': {
      const operand = compileExpr(expr.operand, scope);
      const apply = expr.op === '!' ? ops.not : ops.negate;
      return (f) => {
        const value = operand(f);
        return value instanceof RError ? value : apply(value);
      };
    }
    case 'is': {
      if (!TYPE_NAMES.has(expr.typeName)) {
        throw new ParseError(expr.typePos, `unknown type '${expr.typeName}' after 'is'`);
      }
      const operand = compileExpr(expr.operand, scope);
      const type = expr.typeName;
      return (f) => {
        const value = operand(f);
        return value instanceof RError ? value : ops.isType(value, type);
      };
    }
    case 'ternary':
      return compileTernary(expr, scope);
    case 'binary':
      return compileBinary(expr.op, compileExpr(expr.left, scope), compileExpr(expr.right, scope));
  }
}

function compileIdent(name: string, pos: Pos, scope: CompileScope): Compiled {
  let hops = 0;
  for (let s: CompileScope | null = scope; s; s = s.parent, hops += 1) {
    if (s.vars.has(name)) {
      const distance = hops;
      return (f) => lookup(f.scope, distance, name);
    }
  }
  if (name === 'request') return (f) => f.ctx.requestValue;
  if (name === 'resource') return (f) => f.ctx.resourceValue;
  if (name in NAMESPACES)
    throw new ParseError(pos, `'${name}' is a namespace: call one of its functions`);
  throw new ParseError(pos, `unknown variable '${name}'`);
}

function isVariable(name: string, scope: CompileScope): boolean {
  for (let s: CompileScope | null = scope; s; s = s.parent) if (s.vars.has(name)) return true;
  return GLOBALS.has(name);
}

function collect(items: Compiled[], f: Frame, done: (values: RValue[]) => Result): Result {
  const values: RValue[] = [];
  for (const item of items) {
    const value = item(f);
    if (value instanceof RError) return value;
    values.push(value);
  }
  return done(values);
}

function strict2(a: Result, b: Result, apply: (a: RValue, b: RValue) => Result): Result {
  if (a instanceof RError) return a;
  if (b instanceof RError) return b;
  return apply(a, b);
}

function compileMap(entries: { key: Expr; value: Expr }[], scope: CompileScope): Compiled {
  const compiled = entries.map(({ key, value }) => [
    compileExpr(key, scope),
    compileExpr(value, scope),
  ]);
  return (f) =>
    collect(compiled.flat(), f, (values) => {
      const map = new Map<string, RValue>();
      for (let i = 0; i < values.length; i += 2) {
        const key = values[i];
        if (typeof key !== 'string')
          return new RError(`Map keys must be strings, not ${typeName(key)}.`);
        map.set(key, values[i + 1]);
      }
      return RMap.fromEntries(map);
    });
}

function compilePath(expr: Extract<Expr, { kind: 'path' }>, scope: CompileScope): Compiled {
  const parts = expr.parts.map((part): Compiled | string =>
    part.kind === 'text' ? part.text : compileExpr(part.expr, scope),
  );
  return (f) => {
    const values: (string | RValue)[] = [];
    for (const part of parts) {
      if (typeof part === 'string') {
        values.push(part);
        continue;
      }
      const value = part(f);
      if (value instanceof RError) return value;
      // An interpolated string is one segment even if it were to contain '/'.
      values.push(typeof value === 'string' ? new RPath([value]) : value);
    }
    return buildPath(values);
  };
}

export function member(object: Result, name: string): Result {
  if (object instanceof RError) return object;
  if (object === null) return new RError('Null value error.');
  if (object instanceof RMap) {
    const value = object.get(name);
    return value === undefined ? new RError(`Property ${name} is undefined on object.`) : value;
  }
  return new RError(`Property ${name} is undefined on object of type ${typeName(object)}.`);
}

function indexValue(object: RValue, index: RValue): Result {
  if (object === null) return new RError('Null value error.');
  if (Array.isArray(object)) {
    if (typeof index !== 'bigint')
      return new RError(`List index must be an int, not ${typeName(index)}.`);
    const item = index >= 0n ? object[Number(index)] : undefined;
    return item === undefined ? new RError(`Index ${index} out of range.`) : item;
  }
  if (object instanceof RMap) {
    if (typeof index !== 'string')
      return new RError(`Map key must be a string, not ${typeName(index)}.`);
    return member(object, index);
  }
  if (object instanceof RPath) return indexPath(object, index);
  return new RError(`Cannot index a value of type ${typeName(object)}.`);
}

function compileSlice(expr: Extract<Expr, { kind: 'slice' }>, scope: CompileScope): Compiled {
  const object = compileExpr(expr.object, scope);
  const start = expr.start ? compileExpr(expr.start, scope) : () => 0n;
  const end = expr.end ? compileExpr(expr.end, scope) : null;
  return (f) => {
    const list = object(f);
    if (list instanceof RError) return list;
    if (!Array.isArray(list)) return new RError(`Cannot slice a value of type ${typeName(list)}.`);
    const from = start(f);
    const to = end ? end(f) : BigInt(list.length);
    if (from instanceof RError) return from;
    if (to instanceof RError) return to;
    if (typeof from !== 'bigint' || typeof to !== 'bigint')
      return new RError('Range bounds must be ints.');
    if (from < 0n || to > BigInt(list.length) || from > to) {
      return new RError(`Range [${from}:${to}] out of bounds for a list of size ${list.length}.`);
    }
    return list.slice(Number(from), Number(to));
  };
}

function compileTernary(expr: Extract<Expr, { kind: 'ternary' }>, scope: CompileScope): Compiled {
  const test = compileExpr(expr.test, scope);
  const then = compileExpr(expr.then, scope);
  const otherwise = compileExpr(expr.otherwise, scope);
  return (f) => {
    const value = test(f);
    if (value === true) return then(f);
    if (value === false) return otherwise(f);
    return value instanceof RError ? value : new RError('Condition of ?: must be a bool.');
  };
}

function compileBinary(
  op: Extract<Expr, { kind: 'binary' }>['op'],
  left: Compiled,
  right: Compiled,
): Compiled {
  switch (op) {
    case '&&':
      return (f) => logical(left(f), () => right(f), false);
    case '||':
      return (f) => logical(left(f), () => right(f), true);
    case '==':
      return (f) => strict2(left(f), right(f), ops.equals);
    case '!=':
      return (f) => strict2(left(f), right(f), (a, b) => !ops.equals(a, b));
    case '<':
    case '<=':
    case '>':
    case '>=':
      return (f) => strict2(left(f), right(f), (a, b) => ops.relation(op, a, b));
    case 'in':
      return (f) => strict2(left(f), right(f), ops.membership);
    default: {
      const apply = ARITHMETIC[op];
      return (f) => step(f.ctx) ?? strict2(left(f), right(f), apply);
    }
  }
}

const ARITHMETIC = {
  '+': ops.add,
  '-': ops.subtract,
  '*': ops.multiply,
  '/': ops.divide,
  '%': ops.modulo,
};

/**
 * `&&` / `||` as documented for rules: the right side runs only when the left does not decide,
 * and an error on one side is absorbed when the other side decides (`error || true` is true,
 * `error && false` is false); otherwise the error stands.
 */
function logical(left: Result, right: () => Result, decides: boolean): Result {
  if (left === decides) return decides;
  const leftError = left instanceof RError ? left : left === !decides ? null : notBool(left);
  const value = right();
  if (value === decides) return decides;
  if (leftError) return leftError;
  if (value instanceof RError) return value;
  return value === !decides ? !decides : notBool(value);
}

function notBool(value: Result): RError {
  return value instanceof RError ? value : new RError(`Expected a bool, got ${typeName(value)}.`);
}

function compileCall(expr: Extract<Expr, { kind: 'call' }>, scope: CompileScope): Compiled {
  const args = expr.args.map((arg) => compileExpr(arg, scope));
  const { target, name, pos } = expr;
  if (target === null) return compileGlobalCall(name, args, pos, expr.args.length, scope);
  if (target.kind === 'ident' && target.name in NAMESPACES && !isVariable(target.name, scope)) {
    const fn = NAMESPACES[target.name][name];
    if (!Object.hasOwn(NAMESPACES[target.name], name)) {
      throw new ParseError(pos, `unknown function '${target.name}.${name}'`);
    }
    return namedCall(`${target.name}.${name}`, fn, args, pos);
  }
  const receiver = compileExpr(target, scope);
  const arities = methodArities(name);
  if (!arities) throw new ParseError(pos, `unknown method '${name}'`);
  if (!arities.has(args.length)) {
    throw new ParseError(pos, `method '${name}' does not take ${args.length} argument(s)`);
  }
  checkRegexLiteral(name, expr.args);
  return (f) => {
    const self = receiver(f);
    if (self instanceof RError) return self;
    return (
      step(f.ctx) ??
      collect(args, f, (values) => {
        const method = findMethod(self, name);
        if (!method || !method.arity.includes(values.length)) {
          return new RError(`Function not found error: Name: [${name}] on ${typeName(self)}.`);
        }
        return method.call(self, values);
      })
    );
  };
}

function checkRegexLiteral(name: string, args: Expr[]): void {
  if (name !== 'matches' && name !== 'split' && name !== 'replace') return;
  const pattern = args[0];
  if (pattern?.kind !== 'string') return;
  const problem = regexProblem(pattern.value);
  if (problem) throw new ParseError(pattern.pos, problem);
}

function namedCall(label: string, fn: NamedFunction, args: Compiled[], pos: Pos): Compiled {
  if (!fn.arity.includes(args.length)) {
    throw new ParseError(pos, `'${label}' does not take ${args.length} argument(s)`);
  }
  return (f) => step(f.ctx) ?? collect(args, f, (values) => fn.call(values));
}

function compileGlobalCall(
  name: string,
  args: Compiled[],
  pos: Pos,
  count: number,
  scope: CompileScope,
): Compiled {
  for (let s: CompileScope | null = scope; s; s = s.parent) {
    const info = s.functions.get(name);
    if (!info) continue;
    if (info.decl.params.length !== count) {
      throw new ParseError(
        pos,
        `function '${name}' takes ${info.decl.params.length} argument(s), not ${count}`,
      );
    }
    return userCall(info, args);
  }
  if ((DOCUMENT_FUNCTIONS as readonly string[]).includes(name)) {
    if (count !== 1) throw new ParseError(pos, `'${name}' takes 1 argument`);
    return documentCall(name, args[0]);
  }
  if (Object.hasOwn(GLOBAL_FUNCTIONS, name))
    return namedCall(name, GLOBAL_FUNCTIONS[name], args, pos);
  throw new ParseError(pos, `unknown function '${name}'`);
}

function userCall(info: FunctionInfo, args: Compiled[]): Compiled {
  const params = info.decl.params;
  return (f) => {
    const ctx = f.ctx;
    if (ctx.callDepth >= LIMITS.callDepth) {
      return new RError(`Maximum function call depth (${LIMITS.callDepth}) exceeded.`);
    }
    const tooMany = step(ctx);
    if (tooMany) return tooMany;
    const vars = new Map<string, Result>();
    // Arguments are values; an error argument only matters if the body uses it.
    for (let i = 0; i < params.length; i += 1) vars.set(params[i], args[i](f));
    const inner: Frame = {
      ctx,
      scope: new Activation(vars, blockAt(f.scope, info.depth), info.depth, false),
    };
    ctx.callDepth += 1;
    for (const binding of info.lets) vars.set(binding.name, binding.value(inner));
    const result = info.body(inner);
    ctx.callDepth -= 1;
    return result;
  };
}

function documentCall(name: string, arg: Compiled): Compiled {
  const after = name === 'getAfter' || name === 'existsAfter';
  const exists = name.startsWith('exists');
  return (f) => {
    const ctx = f.ctx;
    const value = arg(f);
    if (value instanceof RError) return value;
    const path = documentPath(value, ctx.request.database);
    if (path instanceof RError) return path;
    const key = `${after ? 'after' : 'before'}:${path}`;
    let doc = ctx.documents.get(key);
    if (doc === undefined) {
      if (ctx.documents.size >= LIMITS.documentReads) {
        return new RError(`Maximum number of document reads (${LIMITS.documentReads}) exceeded.`);
      }
      const stored = after ? ctx.data.getAfter(path) : ctx.data.get(path);
      doc = stored ? resourceValue(stored, ctx.request.database) : null;
      ctx.documents.set(key, doc);
    }
    return exists ? doc !== null : doc;
  };
}
