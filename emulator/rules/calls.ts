/**
 * Calls: user functions (with their own activation), built-in and namespaced functions, methods
 * dispatched on the receiver's type, and the document reads get()/exists()/getAfter()/
 * existsAfter() (documents.ts). Names and argument counts are checked here, at compile time.
 */
import type { Expr, Pos } from './ast';
import { regexProblem } from './builtins/regex';
import { findMethod, GLOBAL_FUNCTIONS, methodArities, NAMESPACES } from './builtins/registry';
import type { NamedFunction } from './builtins/types';
import { documentCall, isDocumentFunction } from './documents';
import { ParseError } from './lexer';
import { Activation, blockAt, collect, LIMITS, step, type Compiled, type Frame } from './runtime';
import { findFunction, isVariable, type CompileScope, type FunctionInfo } from './scopes';
import { RError, typeName, type Result } from './values';

/** Compiles a call; `compileExpr` is passed in so that this module does not import compile.ts. */
export function compileCall(
  expr: Extract<Expr, { kind: 'call' }>,
  scope: CompileScope,
  compileExpr: (expr: Expr, scope: CompileScope) => Compiled,
): Compiled {
  const args = expr.args.map((arg) => compileExpr(arg, scope));
  const { target, name, pos } = expr;
  if (target === null) return compileGlobalCall(name, args, pos, expr.args.length, scope);
  if (
    target.kind === 'ident' &&
    Object.hasOwn(NAMESPACES, target.name) &&
    !isVariable(target.name, scope)
  ) {
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
  if (fn.unsupported) throw new ParseError(pos, `'${label}': ${fn.unsupported}`);
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
  const info = findFunction(name, scope);
  if (info) {
    if (info.decl.params.length !== count) {
      throw new ParseError(
        pos,
        `function '${name}' takes ${info.decl.params.length} argument(s), not ${count}`,
      );
    }
    return userCall(info, args);
  }
  if (isDocumentFunction(name)) {
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
