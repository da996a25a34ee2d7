import { describe, expect, it } from 'vitest';
import { compileRules } from './index';
import { check, doc, NOW, request, store, v } from './testSupport';
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

  it('gives request.time to the microsecond when the store has it (a commit)', () => {
    const timeMicros = NOW.getTime() * 1000 + 789;
    expect(check('request.time.nanos() == 789000', { timeMicros }).allowed).toBe(true);
    expect(check('request.time.nanos() == 0', {}).allowed).toBe(true);
  });

  it('denies with "Null value error." when a rule reads a field of a missing document', () => {
    expect(check('resource.data.a == 1').reason).toBe("Null value error. for 'get' @ L6");
    expect(check('request.auth.uid == 1').reason).toBe("Null value error. for 'get' @ L6");
  });
});

describe('get(), exists(), getAfter(), existsAfter()', () => {
  // Before the commit: u1 and gone. After it: u1, u2 (created by the batch), gone deleted.
  const u1 = doc('users/u1', { role: v.str('editor') });
  const data = () => store([u1, doc('users/gone')], [u1, doc('users/u2', { role: v.str('new') })]);
  const at = (id: string) => `/databases/$(database)/documents/users/${id}`;
  const missing = (fn: string, id: string) =>
    `Function [${fn}] called with path to nonexistent resource: /databases/(default)/documents/users/${id}`;

  it.each([
    [`get(${at('u1')}).data.role == 'editor'`, true, 'true for'],
    [`exists(${at('u1')}) && existsAfter(${at('u1')})`, true, 'true for'],
    [`exists(path('/databases/(default)/documents/users/u1'))`, true, 'true for'],
    // getAfter sees the whole batch: a document it creates exists, one it deletes does not.
    [`!exists(${at('u2')}) && existsAfter(${at('u2')})`, true, 'true for'],
    [`getAfter(${at('u2')}).data.role == 'new'`, true, 'true for'],
    [`exists(${at('gone')}) && !existsAfter(${at('gone')})`, true, 'true for'],
    // matches Firestore: get() of a missing document is an error, never null...
    [`get(${at('u2')}) == null`, false, missing('get', 'u2')],
    [`get(${at('u2')}).data.role == 'x'`, false, missing('get', 'u2')],
    [`getAfter(${at('gone')}) != null`, false, missing('getAfter', 'gone')],
    // ...which && and || absorb when the other side decides, as for any error.
    [`!exists(${at('u2')}) || get(${at('u2')}).data.role == 'x'`, true, 'true for'],
    [`get(${at('u2')}).data.role == 'x' || true`, true, 'true for'],
    [`exists(${at('u2')}) && get(${at('u2')}).data.role == 'x'`, false, 'false for'],
    [`exists(/databases/$(database)/documents/users)`, false, 'does not name a document'],
    ['exists(/other/users/u1)', false, 'is not a document path'],
  ])('%s → %s', (condition, allowed, reason) => {
    const decision = check(condition, {}, data());
    expect(decision.reason).toContain(reason);
    expect(decision.allowed).toBe(allowed);
  });
});

describe('document access limits (10 per operation and single-document request, 20 per batch)', () => {
  /** `n` accesses to distinct missing documents x/{prefix}0 … x/{prefix}{n-1}. */
  const reads = (n: number, prefix = 'd') =>
    Array.from(
      { length: n },
      (_, i) => `!exists(/databases/$(database)/documents/x/${prefix}${i})`,
    ).join(' && ');
  const perOperation = 'Maximum number of document accesses for one operation (10) exceeded.';
  const perRequest = (n: number) =>
    `Maximum number of document accesses for this request (${n}) exceeded.`;

  it.each([
    ['10 distinct documents', reads(10), true, 'true for'],
    ['11 distinct documents', reads(11), false, perOperation],
    [
      'one document 12 times (cached after the first)',
      Array.from({ length: 12 }, () => reads(1)).join(' && '),
      true,
      'true for',
    ],
    // Exceeding the limit denies the request: `||` does not absorb it as it does other errors.
    ['11 documents || true', `(${reads(11)}) || true`, false, perOperation],
  ])('one evaluation, %s', (_, condition, allowed, reason) => {
    for (const documents of [undefined, 1, 2]) {
      const decision = check(condition, {}, store([], [], documents));
      expect(decision.reason).toContain(reason);
      expect(decision.allowed).toBe(allowed);
    }
  });

  it('counts a repeated read once: get and exists of one document twelve times', () => {
    let fetched = 0;
    const data = { get: () => (fetched++, doc('x/d0')), getAfter: () => null };
    const same = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? 'exists(/databases/$(database)/documents/x/d0)'
        : 'get(/databases/$(database)/documents/x/d0) != null',
    );
    expect(check(same.join(' && '), {}, data).allowed).toBe(true);
    expect(fetched).toBe(1);
  });

  it.each([
    // [documents in the request, distinct reads per evaluation, evaluations, last one's reason]
    [1, 6, 2, perRequest(10)],
    [2, 6, 3, 'true for'],
    [2, 7, 3, perRequest(20)],
    [3, 10, 2, 'true for'],
    [3, 10, 3, perRequest(20)],
  ])(
    'a request over %s document(s), %s new documents read by each of %s evaluations: %s',
    (documents, each, evaluations, reason) => {
      const data = store([], [], documents);
      const decisions = Array.from({ length: evaluations }, (_, e) =>
        check(reads(each, `e${e}-`), {}, data),
      );
      expect(decisions.slice(0, -1).every((d) => d.allowed)).toBe(true);
      expect(decisions[decisions.length - 1].reason).toContain(reason);
    },
  );

  it('shares the cache between the evaluations of one request: a document read before is free', () => {
    let fetched = 0;
    const data = { ...store([], [], 2), get: () => (fetched++, null) };
    for (let e = 0; e < 5; e += 1) expect(check(reads(10), {}, data).allowed).toBe(true);
    expect(fetched).toBe(10);
  });
});
