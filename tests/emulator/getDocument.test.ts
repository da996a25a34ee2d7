import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileRules } from '../../emulator/rules/index';
import { startHarness, type Harness } from '../support/harness';

/** GET on a document's URL (Firestore's documents.get), as the app reads one post for a permalink. */
let h: Harness;
let root: string;
beforeAll(async () => {
  h = await startHarness('demo-emulator-get');
  root = `/v1/projects/${h.projectId}/databases/(default)/documents`;
});
afterAll(() => h.close());
beforeEach(async () => {
  h.emulator.setRules(null);
  await h.clear();
});

interface ErrorBody {
  error: { code: number; status: string; message: string };
}

describe('GET .../documents/{path}', () => {
  it('answers the document as Firestore does: name, fields, createTime, updateTime', async () => {
    await h.seed('posts/a', { title: 'Signed', created: 5, tags: ['x'] });
    const result = await h.raw('GET', `${root}/posts/a`);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      name: h.name('posts/a'),
      fields: {
        title: { stringValue: 'Signed' },
        created: { integerValue: '5' },
        tags: { arrayValue: { values: [{ stringValue: 'x' }] } },
      },
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    });
  });

  it('a missing document is 404 NOT_FOUND naming it (matches Firestore)', async () => {
    const result = await h.raw('GET', `${root}/posts/nothing-here`);
    expect(result.status).toBe(404);
    expect((result.json as ErrorBody).error).toEqual({
      code: 404,
      status: 'NOT_FOUND',
      message: `Document "${h.name('posts/nothing-here')}" not found.`,
    });
  });

  it('decodes a percent-encoded id, and reads a subcollection document', async () => {
    await h.seed('posts/a b:c?d', { title: 'odd id' });
    await h.seed('posts/a/comments/c1', { text: 'nested' });
    const odd = await h.raw('GET', `${root}/posts/${encodeURIComponent('a b:c?d')}`);
    expect(odd.status).toBe(200);
    expect(odd.json).toMatchObject({ name: h.name('posts/a b:c?d') });
    const nested = await h.raw('GET', `${root}/posts/a/comments/c1?key=some-api-key`);
    expect(nested.status).toBe(200);
    expect(nested.json).toMatchObject({ fields: { text: { stringValue: 'nested' } } });
  });

  it('serves mask.fieldPaths (repeatable) and ignores the API key', async () => {
    await h.seed('posts/a', { title: 'T', content: 'C', created: 1 });
    const result = await h.raw(
      'GET',
      `${root}/posts/a?key=k&mask.fieldPaths=title&mask.fieldPaths=created`,
    );
    expect(result.status).toBe(200);
    expect((result.json as { fields: unknown }).fields).toEqual({
      title: { stringValue: 'T' },
      created: { integerValue: '1' },
    });
  });

  it('applies the get rule: denied is 403 whether or not the document exists', async () => {
    h.emulator.setRules(
      compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow get: if true; }
    match /closed/{id} { allow list: if true; }
  }
}`),
    );
    await h.seed('open/a', { v: 1 });
    await h.seed('closed/a', { v: 1 });
    expect((await h.raw('GET', `${root}/open/a`)).status).toBe(200);
    expect((await h.raw('GET', `${root}/open/missing`)).status).toBe(404);
    for (const path of ['closed/a', 'closed/missing']) {
      const result = await h.raw('GET', `${root}/${path}`);
      expect(result.status).toBe(403);
      expect((result.json as ErrorBody).error.status).toBe('PERMISSION_DENIED');
      expect((result.json as ErrorBody).error.message).toMatch(`Denied 'get' on ${path}`);
    }
  });

  it('answers a page on this machine without a preflight (a simple GET)', async () => {
    await h.seed('posts/a', { title: 'T' });
    const response = await fetch(`${h.emulator.url}${root}/posts/a`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it.each([
    ['an unknown query parameter', '/posts/a?fields=title', 400, 'INVALID_ARGUMENT', /"fields"/],
    ['a transaction', '/posts/a?transaction=abc', 501, 'UNIMPLEMENTED', /Transactions/],
    ['a past readTime', '/posts/a?readTime=2020-01-01T00:00:00Z', 501, 'UNIMPLEMENTED', /readTime/],
    ['a bad mask', '/posts/a?mask.fieldPaths=a-b', 400, 'INVALID_ARGUMENT', /backticks/],
    ['a reserved id', '/posts/__x__', 400, 'INVALID_ARGUMENT', /reserved/],
    ['a collection (documents.list)', '/posts', 501, 'UNIMPLEMENTED', /collection URLs/],
    ['the database root', '', 501, 'UNIMPLEMENTED', /individual document/],
    ['bad percent-encoding', '/posts/%E0%A4%A', 400, 'INVALID_ARGUMENT', /percent-encoding/],
  ])(
    '%s gets a Firestore error, not a crash',
    async (_what, path, status, errorStatus, message) => {
      await h.seed('posts/a', { title: 'T' });
      const result = await h.raw('GET', `${root}${path}`);
      expect(result.status).toBe(status);
      expect((result.json as ErrorBody).error.status).toBe(errorStatus);
      expect((result.json as ErrorBody).error.message).toMatch(message);
    },
  );

  it.each(['PATCH', 'DELETE'])(
    '%s on a document URL stays refused loudly (501)',
    async (method) => {
      await h.seed('posts/a', { title: 'T' });
      const result = await h.raw(method, `${root}/posts/a`);
      expect(result.status).toBe(501);
      expect((await h.raw('GET', `${root}/posts/a`)).status).toBe(200);
    },
  );
});
