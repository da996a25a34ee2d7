import {
  arrayUnion,
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  writeBatch,
  deleteDoc,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  RulesDataAccess,
  RulesDecision,
  RulesRequest,
  RulesValidator,
} from '../../emulator/rules/validator';
import { rejection, startHarness, type Harness } from '../support/harness';

/** A hand-written validator: records every call and denies what `deny` says. */
class FakeRules implements RulesValidator {
  calls: { request: RulesRequest; before: unknown; after: unknown }[] = [];
  deny: (request: RulesRequest) => boolean = () => false;

  evaluate(request: RulesRequest, data: RulesDataAccess): RulesDecision {
    this.calls.push({
      request,
      before: data.get('posts/a')?.fields,
      after: data.getAfter('posts/a')?.fields,
    });
    return this.deny(request)
      ? { allowed: false, reason: "false for 'update' @ L12" }
      : { allowed: true, reason: 'allowed' };
  }
}

const fan = { sub: 'fan-1', email: 'fan@example.com', email_verified: true };
let h: Harness;
const rules = new FakeRules();
beforeAll(async () => {
  h = await startHarness('demo-emulator-rules', { rules });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.clear();
  rules.calls = [];
  rules.deny = () => false;
});

describe('the rules hook', () => {
  it('asks for list with the query, and for get per document, with request.auth from the token', async () => {
    const db = h.client(fan);
    await getDocs(query(collection(db, 'posts'), orderBy('created', 'desc'), limit(35)));
    await getDoc(doc(db, 'posts', 'x'));
    const [list, get] = rules.calls.map((c) => c.request);
    expect(list).toMatchObject({
      method: 'list',
      path: 'posts',
      database: '(default)',
      resource: null,
      requestResource: null,
      // The SDK sends its normalized ordering, __name__ included.
      query: {
        limit: 35,
        offset: null,
        orderBy: [
          { field: 'created', direction: 'desc' },
          { field: '__name__', direction: 'desc' },
        ],
      },
    });
    expect(list.auth?.uid).toBe('fan-1');
    expect(list.auth?.token).toMatchObject({ email: 'fan@example.com', email_verified: true });
    expect(get).toMatchObject({ method: 'get', path: 'posts/x', resource: null, query: null });
  });

  it('passes create, update and delete with resource (before) and requestResource (after, transforms applied)', async () => {
    const db = h.client(fan);
    await setDoc(doc(db, 'posts', 'a'), { n: 1 });
    await updateDoc(doc(db, 'posts', 'a'), { n: 2, tags: arrayUnion('t') });
    await deleteDoc(doc(db, 'posts', 'a'));
    const [create, update, remove] = rules.calls.map((c) => c.request);
    expect(create).toMatchObject({ method: 'create', path: 'posts/a', resource: null });
    expect(create.requestResource?.fields).toEqual({ n: { integerValue: '1' } });
    expect(update.method).toBe('update');
    expect(update.resource?.fields).toEqual({ n: { integerValue: '1' } });
    expect(update.requestResource?.fields).toEqual({
      n: { integerValue: '2' },
      tags: { arrayValue: { values: [{ stringValue: 't' }] } },
    });
    expect(update.requestResource?.createTime).toBe(update.resource?.createTime);
    expect(remove).toMatchObject({ method: 'delete', path: 'posts/a', requestResource: null });
    expect(remove.resource?.fields).toEqual(update.requestResource?.fields);
  });

  it('lets get() see the state before the commit and getAfter() the state after it', async () => {
    const db = h.client(fan);
    await setDoc(doc(db, 'posts', 'a'), { n: 1 });
    rules.calls = [];
    const batch = writeBatch(db);
    batch.set(doc(db, 'posts', 'b'), { n: 0 });
    batch.set(doc(db, 'posts', 'a'), { n: 5 });
    await batch.commit();
    expect(rules.calls).toHaveLength(2);
    for (const call of rules.calls) {
      expect(call.before).toEqual({ n: { integerValue: '1' } });
      expect(call.after).toEqual({ n: { integerValue: '5' } });
    }
  });

  it('answers a denial with 403 permission-denied naming method, path and reason, and applies nothing', async () => {
    const db = h.client(fan);
    rules.deny = (request) => request.path === 'posts/denied';
    const batch = writeBatch(db);
    batch.set(doc(db, 'posts', 'fine'), { n: 1 });
    batch.set(doc(db, 'posts', 'denied'), { n: 1 });
    const error = await rejection(batch.commit());
    expect(error.code).toBe('permission-denied');
    expect(String(error.message)).toContain("'create' on posts/denied");
    expect(String(error.message)).toContain("false for 'update' @ L12");
    rules.deny = () => false;
    expect((await getDoc(doc(db, 'posts', 'fine'))).exists()).toBe(false);

    rules.deny = (request) => request.method === 'list';
    const result = await h.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'posts' }] },
    });
    expect(result.status).toBe(403);
    expect(result.json).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
  });

  it('treats no header as signed out, bypasses rules for Bearer owner, and rejects a malformed token', async () => {
    rules.deny = () => true;
    const anonymous = await h.rest('batchGet', { documents: [h.name('posts/a')] });
    expect(anonymous.status).toBe(403);
    expect(rules.calls[0].request.auth).toBeNull();
    const owner = await h.rest('batchGet', { documents: [h.name('posts/a')] }, { token: 'owner' });
    expect(owner.status).toBe(200);
    expect(rules.calls).toHaveLength(1);
    const malformed = await h.rest(
      'batchGet',
      { documents: [h.name('posts/a')] },
      { token: 'not-a-jwt' },
    );
    expect(malformed.status).toBe(401);
    expect(malformed.json).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('allows everything once the rules are removed', async () => {
    rules.deny = () => true;
    h.emulator.setRules(null);
    try {
      const db = h.client();
      await setDoc(doc(db, 'posts', 'open'), { n: 1 });
      expect(rules.calls).toHaveLength(0);
    } finally {
      h.emulator.setRules(rules);
    }
  });
});
