/**
 * The fuzz's request bodies: the valid calls the app and the scripts make (the REST shapes of
 * https://firebase.google.com/docs/firestore/reference/rest), and the two ways of spoiling one:
 * text that is no longer JSON, and JSON with a value of the wrong type somewhere.
 */
import type { Random } from './random';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The documents the bench seeds, and where the fuzz's commits write. */
export const FUZZ_COLLECTION = 'fuzz';
export const TEAMS: readonly string[] = ['north', 'south', 'east'];

export interface Target {
  /** projects/{project}/databases/(default)/documents */
  root: string;
  /** The seeded documents' ids in FUZZ_COLLECTION. */
  docs: readonly string[];
}

/** A POST to documents:{verb} and the status production answers it with. */
export interface Call {
  verb: string;
  body: Json;
  expected: number;
  label: string;
}

const from = [{ collectionId: FUZZ_COLLECTION }];
const field = (fieldPath: string) => ({ fieldPath });

/** One of the valid calls, as the owner sends them. */
export function validCall(random: Random, target: Target): Call {
  const name = (id: string) => `${target.root}/${FUZZ_COLLECTION}/${id}`;
  const calls: (() => Call)[] = [
    () => ({
      verb: 'runQuery',
      label: 'runQuery ordered',
      expected: 200,
      body: {
        structuredQuery: {
          from,
          orderBy: [{ field: field('n'), direction: 'DESCENDING' }],
          limit: random.int(1, 10),
        },
      },
    }),
    () => ({
      verb: 'runQuery',
      label: 'runQuery range',
      expected: 200,
      body: {
        structuredQuery: {
          from,
          where: {
            fieldFilter: {
              field: field('n'),
              op: 'GREATER_THAN_OR_EQUAL',
              value: { integerValue: String(random.int(0, 5)) },
            },
          },
        },
      },
    }),
    // An equality on one field ordered by another needs a composite index that
    // firestore.indexes.json lacks: the gate refuses it, as production does.
    () => ({
      verb: 'runQuery',
      label: 'runQuery needing an index',
      expected: 400,
      body: indexedQuery(random),
    }),
    () => ({
      verb: 'runAggregationQuery',
      label: 'runAggregationQuery count',
      expected: 200,
      body: {
        structuredAggregationQuery: {
          structuredQuery: { from },
          aggregations: [{ alias: 'total', count: {} }],
        },
      },
    }),
    () => ({
      verb: 'batchGet',
      label: 'batchGet',
      expected: 200,
      body: { documents: [name(random.pick(target.docs)), name('missing')] },
    }),
    () => ({
      verb: 'commit',
      label: 'commit',
      expected: 200,
      body: {
        writes: [
          {
            update: {
              name: name(`written-${random.int(0, 49)}`),
              fields: {
                n: { integerValue: String(random.int(0, 1000)) },
                team: { stringValue: random.pick(TEAMS) },
              },
            },
          },
        ],
      },
    }),
    () => ({
      verb: 'beginTransaction',
      label: 'beginTransaction read-only',
      expected: 200,
      body: { options: { readOnly: {} } },
    }),
  ];
  return random.pick(calls)();
}

/** A query the gate refuses for want of a composite index (team ASC, n DESC). */
export function indexedQuery(random: Random): Json {
  return {
    structuredQuery: {
      from,
      where: {
        fieldFilter: {
          field: field('team'),
          op: 'EQUAL',
          value: { stringValue: random.pick(TEAMS) },
        },
      },
      orderBy: [{ field: field('n'), direction: 'DESCENDING' }],
    },
  };
}

/** The text of a body spoiled so that it is no longer JSON (or, last, not even text). */
export function malformed(random: Random, text: string): { label: string; body: Buffer } {
  const at = random.int(0, text.length - 1);
  const spoilers: [string, () => string | Buffer][] = [
    ['truncated', () => text.slice(0, at)],
    [
      'a character replaced',
      () => text.slice(0, at) + random.pick([...'{}[]":,\\']) + text.slice(at + 1),
    ],
    ['garbage after it', () => `${text}}}garbage`],
    ['single quotes', () => text.replaceAll('"', "'")],
    ['trailing comma', () => `${text.slice(0, -1)},}`],
    ['a NaN', () => text.replace(/\d+/, 'NaN')],
    ['a comment', () => `/* fuzz */${text}`],
    ['unterminated string', () => `{"structuredQuery": "${text}`],
    ['a lone surrogate escape', () => text.replace('"', '"\\ud800')],
    ['a byte-order mark', () => `\ufeff${text}`],
    ['random bytes', () => random.bytes(random.int(1, 400))],
    ['not UTF-8', () => Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe])])],
  ];
  const [label, spoil] = random.pick(spoilers);
  const body = spoil();
  return { label, body: typeof body === 'string' ? Buffer.from(body) : body };
}

const WRONG_VALUES: Json[] = [
  123,
  -1,
  1.5,
  1e308,
  'text',
  '',
  '9'.repeat(40),
  true,
  null,
  [],
  {},
  [1, 'two', null],
  { unexpected: { nested: true } },
];

/** The body with one value (the whole body, at worst) replaced by one of the wrong type. */
export function wrongTyped(random: Random, body: Json): { label: string; body: Json } {
  const path = random.pick(pathsOf(body));
  const value = random.pick(WRONG_VALUES);
  const where = path.length === 0 ? 'the body' : path.join('.');
  return {
    label: `${typeName(value)} at ${where.replace(/\.\d+/g, '[]')}`,
    body: setAt(body, path, value),
  };
}

type Path = (string | number)[];

/** Every place in a JSON value, the value itself first. */
export function pathsOf(value: Json, at: Path = []): Path[] {
  const inner: Path[] = Array.isArray(value)
    ? value.flatMap((item, index) => pathsOf(item, [...at, index]))
    : isJsonObject(value)
      ? Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))
      : [];
  return [at, ...inner];
}

/** A copy of `value` with `replacement` at `path`. */
export function setAt(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    return value.map((item, index) => (index === head ? setAt(item, rest, replacement) : item));
  }
  if (isJsonObject(value) && typeof head === 'string') {
    return { ...value, [head]: setAt(value[head], rest, replacement) };
  }
  return value;
}

function isJsonObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
