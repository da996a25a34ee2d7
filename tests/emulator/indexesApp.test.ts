/**
 * Every query the app makes is served with the shipped firestore.indexes.json, as it must be in
 * production after `firebase deploy --only firestore`; and what the file declares is checked the
 * way --indexes checks it at start.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIndexConfig } from '../../emulator/indexes';
import { DeclaredIndexes } from '../../emulator/query/indexes';
import { changesQuery } from '../../src/data/changes';
import { COMMENTS } from '../../src/data/commentCopies';
import { FIRST_PAGE_QUERY, pageQuery } from '../../src/data/postsQuery';
import { startHarness, type Harness } from '../support/harness';

const PROJECT = 'demo-indexes-app';
const SHIPPED = 'firestore.indexes.json';

let h: Harness;
beforeAll(async () => {
  const config = parseIndexConfig(readFileSync(SHIPPED, 'utf8'), SHIPPED);
  h = await startHarness(PROJECT, { indexes: new DeclaredIndexes(config) });
});
afterAll(() => h.close());

const stamp = '2026-01-01T00:00:00.000000Z';

/** Moderation (issue 22): a comment list newest first, filtered by reports or by author. */
function commentsNewestFirst(field: string, value: Record<string, unknown>): unknown {
  return {
    structuredQuery: {
      from: [{ collectionId: COMMENTS }],
      where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value } },
      orderBy: [{ field: { fieldPath: 'at' }, direction: 'DESCENDING' }],
      limit: 50,
    },
  };
}

describe('the app’s queries with the shipped firestore.indexes.json', () => {
  it.each([
    ['the first page of the feed', FIRST_PAGE_QUERY],
    ['a later page of the feed', pageQuery({ created: 1_700_000_000_000, id: 'p1' }, PROJECT)],
    ['the change stamps since a read', changesQuery(stamp, null)],
    [
      'the change stamps after a full answer',
      changesQuery(stamp, {
        id: 'p1',
        name: `projects/${PROJECT}/databases/(default)/documents/postChanges/p1`,
        at: stamp,
      }),
    ],
    ['reported comments, newest first', commentsNewestFirst('reported', { booleanValue: true })],
    ["one account's comments, newest first", commentsNewestFirst('uid', { stringValue: 'u1' })],
  ])('serves %s', async (_name, body) => {
    const result = await h.rest('runQuery', body);
    expect(result.json).not.toHaveProperty('error');
    expect(result.status).toBe(200);
  });
});

describe('firestore.indexes.json checks', () => {
  const parse = (text: string) => () => parseIndexConfig(text, SHIPPED);
  const entry = (fields: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      indexes: [{ collectionGroup: 'items', queryScope: 'COLLECTION', fields, ...extra }],
    });
  const a = { fieldPath: 'a', order: 'ASCENDING' };
  it.each([
    ['text that is not JSON', '{"indexes": [', /^firestore\.indexes\.json: not valid JSON/],
    ['no indexes list', '{}', /the "indexes" list is missing/],
    ['an unknown key', '{"indexes": [], "overrides": []}', /Unknown name "overrides"/],
    ['one field', entry([a]), /'indexes\[0\]' has 1 field: a composite index needs at least 2/],
    [
      'a misspelt order',
      entry([a, { fieldPath: 'b', order: 'DESC' }]),
      /Invalid value at 'indexes\[0\]\.fields\[1\]\.order': "DESC" \(expected ASCENDING or DESCENDING\)/,
    ],
    [
      'both order and arrayConfig',
      entry([a, { fieldPath: 'b', order: 'ASCENDING', arrayConfig: 'CONTAINS' }]),
      /'indexes\[0\]\.fields\[1\]' must have exactly one of "order" and "arrayConfig"/,
    ],
    ['a repeated field', entry([a, a]), /repeats the field 'a'/],
    [
      'an unknown scope',
      entry([a, { fieldPath: 'b', order: 'ASCENDING' }], { queryScope: 'DATABASE' }),
      /expected COLLECTION or COLLECTION_GROUP/,
    ],
    [
      'a vector index',
      entry([a, { fieldPath: 'v', vectorConfig: { dimension: 2, flat: {} } }]),
      /vector indexes are not supported/,
    ],
    [
      'an override of an unknown shape',
      '{"indexes": [], "fieldOverrides": [{"collectionGroup": "items", "fieldPath": "a", "indexes": [{"order": "ASCENDING"}]}]}',
      /fieldOverrides\[0\]\.indexes\[0\]\.queryScope/,
    ],
  ])('refuses %s, naming the entry', (_name, text, message) => {
    expect(parse(text)).toThrow(message);
  });

  it('reads the shipped file', () => {
    expect(parseIndexConfig(readFileSync(SHIPPED, 'utf8'), SHIPPED).composites).toHaveLength(2);
  });
});
