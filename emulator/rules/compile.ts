/**
 * Expressions → closures. Every name is resolved here, once: variables to a scope distance,
 * calls (calls.ts) to a user function, a built-in or a namespace function. Anything the
 * interpreter could not evaluate (unknown names, wrong argument counts, unknown types after
 * `is`, regexes RE2 would reject) is a compile error with a position, so a rules file never
 * half-works.
 */
import type { Expr, Pos } from './ast';
import { buildPath, indexPath } from './builtins/paths';
import { NAMESPACES, TYPE_NAMES } from './builtins/registry';
import { compileCall } from './calls';
import { ParseError } from './lexer';
import * as ops from './operators';
import { collect, lookup, step, type Compiled } from './runtime';
import type { CompileScope } from './scopes';
import { RError, RMap, RPath, typeName, type Result, type RValue } from './values';

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
      return compileCall(expr, scope, compileExpr);
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
  if (Object.hasOwn(NAMESPACES, name))
    throw new ParseError(pos, `'${name}' is a namespace: call one of its functions`);
  throw new ParseError(pos, `unknown variable '${name}'`);
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
