import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collection, doc, getDoc, getDocs, setDoc, Timestamp } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejection, startHarness, type Harness } from '../support/harness';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness('demo-emulator-admin');
  dir = await mkdtemp(join(tmpdir(), 'emulator-export-'));
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => h.clear());

describe('emulator-only endpoints and data files', () => {
  it('answers the health check', async () => {
    expect(await h.raw('GET', '/')).toEqual({ status: 200, json: 'Ok' });
  });

  it('clears one project only', async () => {
    const other = h.client(null, 'demo-emulator-admin-other'); // same server, another project
    await setDoc(doc(h.client(), 'posts', 'a'), { n: 1 });
    await setDoc(doc(other, 'posts', 'a'), { n: 2 });
    expect(
      await h.raw('DELETE', `/emulator/v1/projects/${h.projectId}/databases/(default)/documents`),
    ).toEqual({ status: 200, json: {} });
    expect((await getDocs(collection(h.client(), 'posts'))).size).toBe(0);
    expect((await getDoc(doc(other, 'posts', 'a'))).get('n')).toBe(2);
  });

  it('round-trips data through export and import, times included', async () => {
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), {
      title: 'kept',
      at: new Timestamp(1, 5000),
      list: [1, { x: null }],
    });
    await setDoc(doc(db, 'posts', 'a', 'comments', 'c'), { text: 'nested' });
    const before = (
      await h.rest('batchGet', { documents: [h.name('posts/a'), h.name('posts/a/comments/c')] })
    ).json;
    await h.emulator.exportData(dir);
    expect(JSON.parse(await readFile(join(dir, 'firestore-export.json'), 'utf8'))).toMatchObject({
      version: 1,
    });
    await h.clear();
    expect((await getDoc(doc(db, 'posts', 'a'))).exists()).toBe(false);
    await h.emulator.importData(dir);
    const after = (
      await h.rest('batchGet', { documents: [h.name('posts/a'), h.name('posts/a/comments/c')] })
    ).json;
    const strip = (entries: unknown) => (entries as { found: unknown }[]).map((e) => e.found);
    expect(strip(after)).toEqual(strip(before));
  });

  it('replaces rules through PUT :securityRules only when the body is well formed', async () => {
    const bad = await h.raw('PUT', `/emulator/v1/projects/${h.projectId}:securityRules`, {
      body: JSON.stringify({ rules: {} }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('rules.files') },
    });
    // Everything stays allowed: the old (absent) rules are kept.
    await setDoc(doc(h.client(), 'posts', 'still-open'), { n: 1 });
  });

  it('compiles rules sent to PUT :securityRules, and keeps the old ones when a file does not parse', async () => {
    const put = (content: string) =>
      h.raw('PUT', `/emulator/v1/projects/${h.projectId}:securityRules`, {
        body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
      });
    const readOnly = [
      "rules_version = '2';",
      'service cloud.firestore {',
      '  match /databases/{database}/documents {',
      '    match /posts/{id} {',
      '      allow read: if true;',
      '      allow write: if false;',
      '    }',
      '  }',
      '}',
    ].join('\n');
    try {
      expect(await put(readOnly)).toEqual({ status: 200, json: {} });
      const db = h.client();
      const denied = await rejection(setDoc(doc(db, 'posts', 'x'), { n: 1 }));
      expect(denied.code).toBe('permission-denied');
      expect(String(denied.message)).toMatch(/'create' on posts\/x/);
      expect((await getDoc(doc(db, 'posts', 'x'))).exists()).toBe(false);

      const broken = await put('service cloud.firestore {\n  match /x { allow read: if (; }\n}');
      expect(broken.status).toBe(400);
      expect(broken.json).toMatchObject({
        error: {
          status: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/^firestore\.rules:\d+:\d+: /),
        },
      });
      // The read-only rules are still in force.
      expect((await rejection(setDoc(doc(db, 'posts', 'y'), { n: 1 }))).code).toBe(
        'permission-denied',
      );
    } finally {
      h.emulator.setRules(null);
    }
  });

  it('returns found and missing per requested name, with a field mask', async () => {
    await setDoc(doc(h.client(), 'posts', 'a'), { a: 1, b: { c: 2, d: 3 } });
    const result = await h.rest('batchGet', {
      documents: [h.name('posts/a'), h.name('posts/zz')],
      mask: { fieldPaths: ['b.c'] },
    });
    expect(result.status).toBe(200);
    const [found, missing] = result.json as Record<string, unknown>[];
    expect(found).toMatchObject({
      found: {
        name: h.name('posts/a'),
        fields: { b: { mapValue: { fields: { c: { integerValue: '2' } } } } },
      },
    });
    expect(found.readTime).toEqual(expect.any(String));
    expect(missing).toEqual({ missing: h.name('posts/zz'), readTime: expect.any(String) });
  });
});
