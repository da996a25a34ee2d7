/**
 * How long firestore.rules takes to decide a valid comment on a post with 20 comments: the time
 * the rules add to a comment write, which is four decisions (the post's new comment, its
 * moderation copy comments/{id}, the account's commenters/{uid} stamp naming that copy for the
 * rate limit, and the post's change stamp postChanges/{id} that open pages poll). Compiled once,
 * as the emulator does; median over many runs after a warm-up.
 */
import { readFileSync } from 'node:fs';
import type { Document, Fields, Value } from '../../emulator/model';
import { compileRules } from '../../emulator/rules/index';
import type { RulesDataAccess, RulesRequest } from '../../emulator/rules/validator';
import { formatTimestamp } from '../../emulator/time';
import { commentCopy } from '../lib/commentCopy';
import { toFields } from '../lib/ownerClient';
import type { BenchLine } from './emulatorFigures';

/** The p50 the rules may add to a comment write. */
export const COMMENT_RULE_TARGET_MS = 0.2;

const WARM_UP = 2_000;
const SAMPLES = 5_000;

function text(value: string): Value {
  return { stringValue: value };
}

const DATE = '01/03/2026, 12:00:00';
const TITLE = 'Striker signs a four-year deal';

function comment(user: string, body: string): Value {
  return { mapValue: { fields: { user: text(user), text: text(body), date: text(DATE) } } };
}

function post(comments: Value[], now: number): Fields {
  return {
    title: text(TITLE),
    content: text('The club confirms the arrival of a new number nine. '.repeat(20)),
    imageUrl: text('https://img.example/striker.jpg'),
    link: text(''),
    created: { integerValue: String(now) },
    comments: { arrayValue: { values: comments } },
  };
}

/**
 * One decision on the comment batch (all four documents), as the emulator makes it: true when
 * firestore.rules allows the whole batch.
 */
export async function commentDecision(rulesPath = 'firestore.rules'): Promise<() => boolean> {
  const rules = compileRules(readFileSync(rulesPath, 'utf8'));
  const now = Date.now();
  const nowMicros = now * 1000 + 123;
  const root = 'projects/bench/databases/(default)/documents';
  const name = `${root}/posts/p1`;
  const existing = Array.from({ length: 20 }, (_, i) =>
    comment(`fan${i}@example.test`, `Comment ${i}`),
  );
  const auth = {
    uid: 'fan',
    token: {
      email: 'fan@example.test',
      email_verified: true,
      firebase: { sign_in_provider: 'google.com' },
    },
  };
  const common = { database: '(default)', auth, time: new Date(now), timeMicros: nowMicros };
  const copy = await commentCopy('p1', TITLE, 'fan', {
    user: 'fan@example.test',
    text: 'Hi',
    date: DATE,
  });
  const timeAt = (micros: number): Value => ({ timestampValue: formatTimestamp(micros) });
  // A document holding a server time, set a minute ago and now set to the request time: the
  // account's commenters/{uid} (rate limit, naming the copy) and the post's postChanges/{id}.
  const timeSetNow = (path: string, field: string, extra: Fields = {}): RulesRequest => {
    const at = (micros: number): Document => ({
      name: `${root}/${path}`,
      fields: { [field]: timeAt(micros), ...extra },
    });
    return {
      ...common,
      method: 'update',
      path,
      resource: at(nowMicros - 60_000_000),
      requestResource: at(nowMicros),
      query: null,
    };
  };
  const postUpdate: RulesRequest = {
    ...common,
    method: 'update',
    path: 'posts/p1',
    resource: { name, fields: post(existing, now) },
    requestResource: { name, fields: post([...existing, comment('fan@example.test', 'Hi')], now) },
    query: null,
  };
  const commenterUpdate = timeSetNow('commenters/fan', 'last', { target: text(copy.id) });
  const changeUpdate = timeSetNow('postChanges/p1', 'at');
  const copyPath = `comments/${copy.id}`;
  const copyCreate: RulesRequest = {
    ...common,
    method: 'create',
    path: copyPath,
    resource: null,
    requestResource: {
      name: `${root}/${copyPath}`,
      fields: { ...toFields(copy.fields), at: timeAt(nowMicros) },
    },
    query: null,
  };
  const writes = [postUpdate, copyCreate, commenterUpdate, changeUpdate];
  const byPath = (pick: (write: RulesRequest) => Document | null) => (path: string) => {
    const write = writes.find((candidate) => candidate.path === path);
    return write ? pick(write) : null;
  };
  // The batch writes four documents; one access map for the request, as the emulator keeps.
  const access = (): RulesDataAccess => ({
    get: byPath((write) => write.resource),
    getAfter: byPath((write) => write.requestResource),
    documents: writes.length,
    reads: new Map(),
  });
  return () => {
    const data = access();
    return writes.every((write) => rules.evaluate(write, data).allowed);
  };
}

export async function benchCommentRule(rulesPath = 'firestore.rules'): Promise<BenchLine[]> {
  const decide = await commentDecision(rulesPath);
  if (!decide()) throw new Error('The benchmark comment was denied.');

  for (let i = 0; i < WARM_UP; i += 1) decide();
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s += 1) {
    const start = process.hrtime.bigint();
    decide();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return [
    {
      name: 'rules: comment write (20 comments) p50',
      value: round(at(0.5)),
      unit: 'ms',
      target: COMMENT_RULE_TARGET_MS,
    },
    { name: 'rules: comment write (20 comments) p95', value: round(at(0.95)), unit: 'ms' },
  ];
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
