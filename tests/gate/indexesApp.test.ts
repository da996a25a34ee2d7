/**
 * Every query the app makes is served with the shipped firestore.indexes.json, as it must be in
 * production after `firebase deploy --only firestore`; without one of its composite indexes the
 * query needing it is refused as production refuses it; and what the file declares is checked the
 * way the gate checks it at start.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES_PATH } from '../../scripts/lib/emulators';
import { parseIndexConfig } from '../../scripts/lib/gate/indexConfig';
import { changesQuery } from '../../src/shared/posts/changes';
import { COMMENTS } from '../../src/features/comments/data/commentCopies';
import {
  COUNTERS_SUM,
  REPLIES_SHOWN,
  addedQuery,
  likeCountersQuery,
  mostLikedQuery,
  repliesQuery,
  threadQuery,
} from '../../src/features/comments/data/threadQueries';
import {
  dealPostsQuery,
  dealsChangedQuery,
  dealsQuery,
} from '../../src/features/deals/data/dealQueries';
import { FIRST_PAGE_QUERY, pageQuery } from '../../src/shared/posts/postsQuery';
import { searchQuery } from '../../src/features/search/data/searchQuery';
import { shippedIndexesWithout } from '../support/shippedIndexes';
import { startGateWith, type GateHarness as Harness } from './gateHarness';

const PROJECT = 'demo-indexes-app';
/** The shipped file, as the emulator's messages name it when started from the project's root. */
const SHIPPED = 'firestore.indexes.json';

let h: Harness;
beforeAll(async () => {
  h = await startGateWith(PROJECT, INDEXES_PATH);
});
afterAll(() => h.close());

const stamp = '2026-01-01T00:00:00.000000Z';

/** Moderation: a comment list newest first, filtered by reports or by author. */
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
        postAt: stamp,
        comment: null,
      }),
    ],
    ['a search of every post', searchQuery('lindqvist', PROJECT, null)],
    [
      'a search of every post after a cursor',
      searchQuery('lindqvist', PROJECT, { created: 1_700_000_000_000, id: 'p1' }),
    ],
    ['reported comments, newest first', commentsNewestFirst('reported', { booleanValue: true })],
    ["one account's comments, newest first", commentsNewestFirst('uid', { stringValue: 'u1' })],
  ])('serves %s', async (_name, body) => {
    const result = await h.rest('runQuery', body);
    expect(result.json).not.toHaveProperty('error');
    expect(result.status).toBe(200);
  });

  const thread = `projects/${PROJECT}/databases/(default)/documents/posts/p1/comments/p1_a`;
  it.each([
    ["a thread's latest comments", 'runQuery', threadQuery('DESCENDING', undefined)],
    [
      "a thread's comments before one",
      'runQuery',
      threadQuery('DESCENDING', { at: stamp, name: thread }),
    ],
    [
      "a thread's comments after one",
      'runQuery',
      threadQuery('ASCENDING', { at: stamp, name: thread }),
    ],
    ["a thread's count (its counters' sum)", 'runAggregationQuery', COUNTERS_SUM],
    ["a comment's first replies", 'runQuery', repliesQuery('p1_a', REPLIES_SHOWN, undefined)],
    [
      "a comment's replies after one",
      'runQuery',
      repliesQuery('p1_a', 50, { at: stamp, name: `${thread}b` }),
    ],
    ["a thread's comments and replies as added", 'runQuery', addedQuery(undefined)],
    [
      "a thread's comments and replies added after one",
      'runQuery',
      addedQuery({ at: stamp, name: thread }),
    ],
    ["a thread's most liked comments", 'runQuery', mostLikedQuery(undefined)],
    [
      "a thread's most liked comments after one",
      'runQuery',
      mostLikedQuery({ likes: 3, at: stamp, name: thread }),
    ],
    ["a thread's like counters that hold likes", 'runQuery', likeCountersQuery(undefined)],
    [
      "a thread's like counters after one",
      'runQuery',
      likeCountersQuery({ n: 2, name: `${thread.replace('/comments/', '/likeCounts/')}_3` }),
    ],
  ])('serves %s', async (_name, verb, body) => {
    const result = await h.raw(
      'POST',
      `/v1/projects/${PROJECT}/databases/(default)/documents/posts/p1:${verb}`,
      {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(result.json).not.toHaveProperty('error');
    expect(result.status).toBe(200);
  });
});

/** Each deal query, and the composite index it needs: [collection, fields] (none: automatic). */
const DEAL_QUERIES: [
  name: string,
  body: (project: string) => unknown,
  index: [string, string[]] | null,
][] = [
  [
    'a deal’s feed after a cursor',
    (project) => dealPostsQuery('mateo-arlanza', project, { created: 3_000, id: 'p3' }),
    ['posts', ['deal', 'created']],
  ],
  ['every deal', () => dealsQuery('all'), null],
  ['done deals', () => dealsQuery('done'), ['deals', ['status', 'changed']]],
  ['open deals', () => dealsQuery('open'), ['deals', ['open', 'changed']]],
  // A hidden tab's check of its followed deals, so a follower hears of a move.
  ['deals changed after a time', () => dealsChangedQuery(2_000), null],
];

/** The names of the documents a runQuery answered. */
function names(json: unknown): string[] {
  const rows = Array.isArray(json) ? json : [];
  return rows.flatMap((row: { document?: { name: string } }) =>
    row.document ? [row.document.name.split('/').slice(-2).join('/')] : [],
  );
}

describe('the deals’ queries', () => {
  beforeAll(async () => {
    await h.clear();
    for (const [id, created, deal] of [
      ['p1', 1_000, 'mateo-arlanza'],
      ['p2', 2_000, 'mateo-arlanza'],
      ['p3', 3_000, 'mateo-arlanza'],
      ['p4', 4_000, 'jonas-weidemann'],
    ] as const) {
      await h.seed(`posts/${id}`, { created, deal });
    }
    await h.seed('deals/mateo-arlanza', {
      status: 'Done deal',
      open: false,
      changed: new Date(3_000),
    });
    await h.seed('deals/jonas-weidemann', {
      status: 'Talks',
      open: true,
      changed: new Date(4_000),
    });
  });

  it.each(DEAL_QUERIES)('serves %s with the shipped file', async (_name, body) => {
    const result = await h.rest('runQuery', body(PROJECT));
    expect(result.json).not.toHaveProperty('error');
    expect(result.status).toBe(200);
  });

  it('answers them as the strip and the deal’s feed show them', async () => {
    const answers = await Promise.all(
      DEAL_QUERIES.map(([, body]) => h.rest('runQuery', body(PROJECT))),
    );
    expect(answers.map((answer) => names(answer.json))).toEqual([
      ['posts/p2', 'posts/p1'],
      ['deals/jonas-weidemann', 'deals/mateo-arlanza'],
      ['deals/mateo-arlanza'],
      ['deals/jonas-weidemann'],
      ['deals/mateo-arlanza', 'deals/jonas-weidemann'],
    ]);
  });

  it.each(DEAL_QUERIES.filter(([, , index]) => index !== null))(
    'refuses %s without its index, as production does, and serves the others',
    async (name, body, index) => {
      const [collection, [equality, order]] = index ?? ['', []];
      const project = `${PROJECT}-missing`;
      const missing = await startGateWith(project, shippedIndexesWithout([equality, order]));
      try {
        await missing.seed(`${collection}/a`, { [equality]: 'x', [order]: 1 });
        const refused = await missing.rest('runQuery', body(project));
        expect(refused.status).toBe(400);
        expect(refused.json).toMatchObject({
          error: { code: 400, status: 'FAILED_PRECONDITION', message: expect.any(String) },
        });
        const { message } = (refused.json as { error: { message: string } }).error; // matched above
        expect(message).toMatch(
          `The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${project}/firestore/indexes?create_composite=`,
        );
        expect(message).toMatch(
          `the COLLECTION index on "${collection}": ${equality} ASCENDING, ${order} DESCENDING, __name__ DESCENDING).`,
        );
        for (const [other, otherBody] of DEAL_QUERIES) {
          if (other === name) continue;
          expect((await missing.rest('runQuery', otherBody(project))).status, other).toBe(200);
        }
      } finally {
        await missing.close();
      }
    },
  );
});

describe('the search of every post', () => {
  beforeAll(async () => {
    await h.clear();
    for (const [id, created, words] of [
      ['p1', 1_000, ['li', 'lin', 'lindqvist']],
      ['p2', 2_000, ['mu', 'muller']],
      ['p3', 3_000, ['li', 'lindqvist', 'mu', 'muller']],
    ] as const) {
      await h.seed(`posts/${id}`, { created, words });
    }
  });

  it('answers the posts holding the word, newest first, and after a cursor the older ones', async () => {
    const first = await h.rest('runQuery', searchQuery('lindqvist', PROJECT, null));
    expect(names(first.json)).toEqual(['posts/p3', 'posts/p1']);
    const after = searchQuery('lindqvist', PROJECT, { created: 3_000, id: 'p3' });
    expect(names((await h.rest('runQuery', after)).json)).toEqual(['posts/p1']);
  });

  it('is refused without its index, as production refuses it', async () => {
    const message = await refusedWithout(
      ['words', 'created'],
      ['posts/a', { created: 1, words: ['lindqvist'] }],
      (gate, project) => gate.rest('runQuery', searchQuery('lindqvist', project, null)),
    );
    expect(message).toMatch(
      'the COLLECTION index on "posts": words CONTAINS, created DESCENDING, __name__ DESCENDING).',
    );
  });
});

describe('the feed’s pages', () => {
  beforeAll(async () => {
    await h.clear();
    for (const [id, created, pinned] of [
      ['p1', 1_000, true],
      ['p2', 2_000, false],
      ['p3', 3_000, false],
    ] as const) {
      await h.seed(`posts/${id}`, { created, pinned });
    }
    await h.seed('posts/old', { created: 4_000 }); // an earlier version's, not migrated
  });

  it('answer the pinned post first, then the newest; after a cursor the older ones', async () => {
    const first = await h.rest('runQuery', FIRST_PAGE_QUERY);
    expect(names(first.json)).toEqual(['posts/p1', 'posts/p3', 'posts/p2']);
    const after = pageQuery({ created: 3_000, id: 'p3' }, PROJECT);
    expect(names((await h.rest('runQuery', after)).json)).toEqual(['posts/p2']);
  });

  it('are refused without their index, as production refuses them', async () => {
    const message = await refusedWithout(
      ['pinned', 'created'],
      ['posts/a', { created: 1, pinned: false }],
      (gate) => gate.rest('runQuery', FIRST_PAGE_QUERY),
    );
    expect(message).toMatch(
      'the COLLECTION index on "posts": pinned DESCENDING, created DESCENDING, __name__ DESCENDING).',
    );
  });
});

/**
 * The message of a gate without the shipped index on `fields` (a project of its own), once `seed`
 * is written, refusing what `ask` sends as production would: a 400.
 */
async function refusedWithout(
  fields: string[],
  seed: [path: string, data: Record<string, unknown>],
  ask: (gate: Harness, project: string) => Promise<{ status: number; json: unknown }>,
): Promise<string> {
  const project = `${PROJECT}-no-${fields[0]}`;
  const missing = await startGateWith(project, shippedIndexesWithout(fields));
  try {
    await missing.seed(...seed);
    const refused = await ask(missing, project);
    expect(refused.status).toBe(400);
    return (refused.json as { error: { message: string } }).error.message; // a 400's body
  } finally {
    await missing.close();
  }
}

const underPost = (project: string) =>
  `/v1/projects/${project}/databases/(default)/documents/posts/p1:runQuery`;
const post = (gate: Harness, project: string, body: unknown) =>
  gate.raw('POST', underPost(project), {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe("an open thread's live check", () => {
  it('answers the comments and replies added after the last read, in the order added', async () => {
    await h.clear();
    await h.seed('posts/p1/comments/a', { at: new Date(1_000), addedAt: new Date(1_000) });
    await h.seed('posts/p1/comments/old', { at: new Date(1_500) }); // an earlier version's
    const reply = { replyTo: 'a', replyAt: new Date(3_000), addedAt: new Date(3_000) };
    await h.seed('posts/p1/comments/r', reply);
    await h.seed('posts/p1/comments/b', { at: new Date(2_000), addedAt: new Date(2_000) });
    const after = {
      at: new Date(1_000).toISOString(),
      name: `projects/${PROJECT}/databases/(default)/documents/posts/p1/comments/a`,
    };
    expect(names((await post(h, PROJECT, addedQuery(after))).json)).toEqual([
      'comments/b',
      'comments/r',
    ]);
    expect(names((await post(h, PROJECT, addedQuery(undefined))).json)).toEqual([
      'comments/a',
      'comments/b',
      'comments/r',
    ]);
  });
});

describe("a thread's 'Most liked'", () => {
  it('answers the liked comments, the most liked first, never a reply', async () => {
    await h.clear();
    await h.seed('posts/p1/comments/a', { at: new Date(1_000), likes: 1 });
    await h.seed('posts/p1/comments/b', { at: new Date(2_000), likes: 4 });
    await h.seed('posts/p1/comments/c', { at: new Date(3_000) });
    await h.seed('posts/p1/comments/r', { replyTo: 'a', replyAt: new Date(4_000), likes: 9 });
    const answer = await post(h, PROJECT, mostLikedQuery(undefined));
    expect(names(answer.json)).toEqual(['comments/b', 'comments/a']);
  });

  it('is refused without its index, as production refuses it', async () => {
    const message = await refusedWithout(
      ['likes', 'at'],
      ['posts/p1/comments/a', { at: new Date(1_000), likes: 1 }],
      (gate, project) => post(gate, project, mostLikedQuery(undefined)),
    );
    expect(message).toMatch('likes DESCENDING, at DESCENDING, __name__ DESCENDING');
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
      /vector indexes are not checked/,
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
    expect(parseIndexConfig(readFileSync(SHIPPED, 'utf8'), SHIPPED).composites).toHaveLength(9);
  });
});
