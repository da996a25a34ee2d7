import { describe, expect, it } from 'vitest';
import { compileRules } from './index';
import { check, doc, request, store, v } from './testSupport';
import type { RulesMethod, RulesRequest } from './validator';

const ERR = '(1 / 0 == 0)';

describe('&&, || and errors, as documented for rules', () => {
  it.each([
    [`false && ${ERR}`, false, 'false for'],
    [`true || ${ERR}`, true, 'true for'],
    [`${ERR} || true`, true, 'true for'],
    [`${ERR} && false`, false, 'false for'],
    [`${ERR} || false`, false, 'Division by zero.'],
    [`${ERR} && true`, false, 'Division by zero.'],
    [`${ERR} || ${ERR}`, false, 'Division by zero.'],
    ['true && 1', false, 'Expected a bool'],
    ['1 || true', true, 'true for'],
    [`true ? true : ${ERR}`, true, 'true for'],
    [`${ERR} ? true : true`, false, 'Division by zero.'],
    ["'yes' ? true : false", false, 'must be a bool'],
    [`!${ERR}`, false, 'Division by zero.'],
    ['!true == false', true, 'true for'],
    ['1', false, "1 for 'get'"],
    ['null', false, "null for 'get'"],
    [`${ERR} == ${ERR}`, false, 'Division by zero.'],
  ])('%s → %s', (condition, allowed, reason) => {
    const decision = check(condition);
    expect(decision.allowed).toBe(allowed);
    expect(decision.reason).toContain(reason);
  });

  it('never evaluates the right side when the left decides (no document read)', () => {
    let reads = 0;
    const data = { get: () => (reads++, null), getAfter: () => null };
    check('true || exists(/databases/$(database)/documents/t/y)', {}, data);
    check('false && exists(/databases/$(database)/documents/t/y)', {}, data);
    expect(reads).toBe(0);
  });
});

describe('methods, matching and the decision reason', () => {
  const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /r/{id} {
      allow read;
    }
    match /w/{id} {
      allow write: if id == 'ok';
    }
    match /each/{id} {
      allow get: if id == 'g';
      allow list: if request.query.limit == 5;
      allow create: if request.resource.data.v == 1;
      allow update: if request.resource.data.v == 2;
      allow update: if request.resource.data.v == 3;
      allow delete: if resource.data.v == 4;
    }
    match /a/{a}/b/{b} {
      allow get: if a == 'x' && b == 'y';
    }
    match /tree/{rest=**} {
      allow get: if rest == /a/b/c;
      allow list: if true;
    }
  }
}`);
  const ask = (method: RulesMethod, path: string, extra: Partial<RulesRequest> = {}) =>
    rules.evaluate(request({ method, path, ...extra }), store());
  const withV = (value: number) => doc('each/id', { v: v.int(value) });

  it('read covers get and list; write covers create, update and delete', () => {
    expect(ask('get', 'r/1').allowed).toBe(true);
    expect(ask('list', 'r', { query: { limit: null, offset: null, orderBy: [] } }).allowed).toBe(
      true,
    );
    expect(ask('create', 'r/1').reason).toBe('No matching allow statements');
    for (const method of ['create', 'update', 'delete'] as const) {
      expect(ask(method, 'w/ok').allowed).toBe(true);
      expect(ask(method, 'w/no').reason).toBe(`false for '${method}' @ L8`);
      expect(ask('get', 'w/ok').reason).toBe('No matching allow statements');
    }
  });

  it('gives each method only its own allows; any true allow grants', () => {
    expect(ask('get', 'each/g').allowed).toBe(true);
    expect(ask('get', 'each/h').reason).toBe("false for 'get' @ L11");
    const query = { limit: 5, offset: null, orderBy: [] };
    expect(ask('list', 'each', { query }).allowed).toBe(true);
    expect(ask('create', 'each/n', { requestResource: withV(1) }).allowed).toBe(true);
    expect(ask('create', 'each/n', { requestResource: withV(2) }).allowed).toBe(false);
    expect(ask('update', 'each/n', { requestResource: withV(2) }).reason).toBe(
      "true for 'update' @ L14",
    );
    expect(ask('update', 'each/n', { requestResource: withV(3) }).reason).toBe(
      "true for 'update' @ L15",
    );
    // Denied: the last allow evaluated is named.
    expect(ask('update', 'each/n', { requestResource: withV(9) }).reason).toBe(
      "false for 'update' @ L15",
    );
    expect(ask('delete', 'each/n', { resource: withV(4) }).allowed).toBe(true);
    expect(ask('delete', 'each/n').reason).toBe("Null value error. for 'delete' @ L16");
  });

  it('binds {var} to a segment and {var=**} to the rest of the path', () => {
    expect(ask('get', 'a/x/b/y').allowed).toBe(true);
    expect(ask('get', 'a/x/b/z').allowed).toBe(false);
    expect(ask('get', 'a/x').reason).toBe('No matching allow statements');
    expect(ask('get', 'tree/a/b/c').allowed).toBe(true);
    expect(ask('get', 'tree/a/b').allowed).toBe(false);
    expect(ask('get', 'other/1').reason).toBe('No matching allow statements');
  });

  it('in version 2, {var=**} matches zero or more segments; in version 1, one or more', () => {
    const source = (version: string) =>
      `rules_version = '${version}'; service cloud.firestore { match /databases/{d}/documents { match /c/{id}/{rest=**} { allow get; } } }`;
    const get = request({ path: 'c/1' });
    expect(compileRules(source('2')).evaluate(get, store()).allowed).toBe(true);
    expect(compileRules(source('1')).evaluate(get, store()).allowed).toBe(false);
    expect(compileRules(source('1')).evaluate(request({ path: 'c/1/d/2' }), store()).allowed).toBe(
      true,
    );
  });

  it('in version 2, {var=**} may stand before more segments (collection groups)', () => {
    const rules2 = compileRules(
      `rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { match /{path=**}/comments/{c} { allow get: if path == /x/1; } } }`,
    );
    expect(rules2.evaluate(request({ path: 'x/1/comments/9' }), store()).allowed).toBe(true);
    expect(rules2.evaluate(request({ path: 'y/1/comments/9' }), store()).allowed).toBe(false);
  });

  it('cannot evaluate `resource` or the document id for a list: the allow is denied', () => {
    const listRules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /p/{id} {
      allow list: if resource.data.public == true;
      allow list: if id == 'x';
    }
  }
}`);
    const decision = listRules.evaluate(
      request({ method: 'list', path: 'p', query: { limit: 1, offset: null, orderBy: [] } }),
      store(),
    );
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toBe("id is not known for list requests. for 'list' @ L6");
    const first =
      compileRules(`service cloud.firestore { match /databases/{d}/documents { match /p/{id} {
      allow list: if resource.data.public == true; } } }`);
    expect(first.evaluate(request({ method: 'list', path: 'p' }), store()).reason).toContain(
      'resource is not available for list requests',
    );
  });
});

describe('functions and scopes', () => {
  const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  function top() { return 'top'; }
  match /databases/{database}/documents {
    function viaPath() { return database; }
    function twice(x) { let y = x * 2; let z = y + 1; return z - 1; }
    function loop(n) { return loop(n); }
    function unused(e, ok) { return ok; }
    match /f/{id} {
      function usesId() { return id + '!' + top(); }
      function callsOuter() { return twice(2) == 4; }
      allow get: if id == 'a' && usesId() == 'a!top' && callsOuter() && viaPath() == '(default)';
      allow get: if id == 'unused' && unused(1 / 0, true);
      allow get: if id == 'nullLet' && nullable() == null;
      allow get: if id == 'loop' && loop(1);
      function nullable() { let n = null; return n; }
    }
  }
}`);
  const get = (id: string) => rules.evaluate(request({ path: `f/${id}` }), store());

  it('sees path variables and functions of enclosing scopes, params and lets', () => {
    expect(get('a').allowed).toBe(true);
    expect(get('nullLet').allowed).toBe(true);
  });

  it('stops unbounded recursion at the documented call depth of 20', () => {
    expect(get('loop').reason).toContain('Maximum function call depth (20) exceeded.');
  });

  it('passes an error argument along as a value; it only matters if used', () => {
    expect(get('unused').allowed).toBe(true);
  });

  it('does not let a sibling match call a function declared in another match', () => {
    expect(() =>
      compileRules(`service cloud.firestore { match /databases/{d}/documents {
        match /a/{x} { function f() { return true; } }
        match /b/{x} { allow get: if f(); } } }`),
    ).toThrow(/3:38: unknown function 'f'/);
  });

  it('stops an exponential call tree at 1,000 evaluated expressions', () => {
    const fns = Array.from({ length: 15 }, (_, i) =>
      i === 14
        ? 'function f14() { return true; }'
        : `function f${i}() { return f${i + 1}() && f${i + 1}(); }`,
    ).join('\n');
    const source = `service cloud.firestore { match /databases/{d}/documents { ${fns}
      match /t/{id} { allow get: if f0(); } } }`;
    expect(compileRules(source).evaluate(request(), store()).reason).toContain(
      'Maximum number of expressions (1000) exceeded.',
    );
  });
});

describe('request and resource', () => {
  const fan = { uid: 'u1', token: { email: 'fan@x.test', email_verified: true, n: 3 } };
  it.each([
    ['request.auth == null', {}],
    ["request.auth.uid == 'u1' && request.auth.token.email == 'fan@x.test'", { auth: fan }],
    ['request.auth.token.email_verified == true && request.auth.token.n == 3', { auth: fan }],
    ["request.method == 'get' && request.path == /databases/(default)/documents/t/x", {}],
    ['request.resource == null && resource == null', {}],
    [
      "request.resource.data.a == 1 && request.resource.id == 'x' && request.resource.__name__ == /databases/$(database)/documents/t/x",
      { requestResource: doc('t/x', { a: v.int(1) }) },
    ],
    [
      "resource.data.a == 'old' && resource.id == 'x'",
      { resource: doc('t/x', { a: v.str('old') }) },
    ],
    [
      "request.query.limit == 35 && request.query.offset == null && request.query.orderBy.created == 'DESC'",
      {
        query: {
          limit: 35,
          offset: null,
          orderBy: [{ field: 'created', direction: 'desc' as const }],
        },
      },
    ],
  ])('%s', (condition, overrides) => {
    expect(check(condition, overrides).reason).toMatch(/^true/);
  });

  it('denies with "Null value error." when a rule reads a field of a missing document', () => {
    expect(check('resource.data.a == 1').reason).toBe("Null value error. for 'get' @ L6");
    expect(check('request.auth.uid == 1').reason).toBe("Null value error. for 'get' @ L6");
  });
});

describe('get(), exists(), getAfter(), existsAfter()', () => {
  const before = [doc('users/u1', { role: v.str('editor') })];
  const after = [...before, doc('users/u2', { role: v.str('new') })];
  const data = store(before, after);

  it.each([
    "get(/databases/$(database)/documents/users/u1).data.role == 'editor'",
    'exists(/databases/$(database)/documents/users/u1)',
    '!exists(/databases/$(database)/documents/users/u2)',
    'get(/databases/$(database)/documents/users/u2) == null',
    "getAfter(/databases/$(database)/documents/users/u2).data.role == 'new'",
    'existsAfter(/databases/$(database)/documents/users/u2)',
    "exists(path('/databases/(default)/documents/users/u1'))",
  ])('%s', (condition) => {
    expect(check(condition, {}, data).reason).toMatch(/^true/);
  });

  it('errors on a path that is not a document of this database', () => {
    expect(check('exists(/databases/$(database)/documents/users)', {}, data).reason).toContain(
      'does not name a document',
    );
    expect(check('exists(/other/users/u1)', {}, data).reason).toContain('is not a document path');
  });

  it('allows 10 distinct document reads per request; repeated reads of one document count once', () => {
    const reads = (n: number) =>
      Array.from({ length: n }, (_, i) => `!exists(/databases/$(database)/documents/x/d${i})`).join(
        ' && ',
      );
    expect(check(reads(10), {}, data).allowed).toBe(true);
    expect(check(reads(11), {}, data).reason).toContain('Maximum number of document reads (10)');
    const same = Array.from(
      { length: 12 },
      () => 'exists(/databases/$(database)/documents/users/u1)',
    );
    expect(check(same.join(' && '), {}, data).allowed).toBe(true);
  });
});
