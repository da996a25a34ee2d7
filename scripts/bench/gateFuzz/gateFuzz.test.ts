import { describe, expect, it } from 'vitest';
import { CATEGORY_COUNTS, buildRequest, plan } from './cases';
import { answeredBy, isFirestoreError, type Outcome } from './exchange';
import { summarise, type Row } from './tally';

const target = { root: 'projects/p/databases/(default)/documents', docs: ['doc-0', 'doc-1'] };

describe('the fuzz plan', () => {
  it('is 1,200 requests in the stated counts', () => {
    const categories = plan(1200, 1200);
    expect(categories).toHaveLength(1200);
    for (const [category, count] of Object.entries(CATEGORY_COUNTS)) {
      expect(
        categories.filter((each) => each === category),
        category,
      ).toHaveLength(count);
    }
  });

  it('is the same requests for the same seed, request by request', () => {
    const requestsOf = (seed: number) =>
      plan(seed, 100).map((category, index) => {
        const { label, method, path, body } = buildRequest(seed, index, category, target);
        return `${label} ${method} ${path.slice(0, 80)} ${body?.length ?? '-'}`;
      });
    expect(requestsOf(7)).toEqual(requestsOf(7));
    expect(requestsOf(7)).not.toEqual(requestsOf(8));
  });
});

describe('reading an answer', () => {
  it("knows Firestore's error shape, its code the HTTP status", () => {
    const shaped = { error: { code: 400, message: 'Bad', status: 'INVALID_ARGUMENT' } };
    expect(isFirestoreError(shaped, 400)).toBe(true);
    expect(isFirestoreError(shaped, 500)).toBe(false);
    // Google's engine's 500: no message.
    expect(isFirestoreError({ error: { code: 500, status: 'UNKNOWN' } }, 500)).toBe(false);
    expect(isFirestoreError('Not Found', 404)).toBe(false);
  });

  it("tells the gate's own answers from the engine's", () => {
    expect(answeredBy(403, { 'content-type': 'application/json; charset=utf-8' })).toBe('gate');
    expect(answeredBy(204, { 'access-control-max-age': '600' })).toBe('gate');
    expect(answeredBy(400, { 'content-type': 'application/json' })).toBe('engine');
    expect(answeredBy(404, {})).toBe('engine');
  });
});

describe('the summary', () => {
  const row = (label: string, outcome: Outcome, expected?: number): Row => ({
    request: { category: 'valid', label, method: 'POST', expected },
    outcome,
    startedAt: 0,
  });
  const answered = (ms: number, status: number): Outcome => ({
    kind: 'answered',
    ms,
    status,
    by: 'engine',
    errorShape: status < 400 ? 'n/a' : 'other',
    errorStatus: null,
  });

  it('counts slow answers and unanswered requests together, by kind and answerer', () => {
    const summary = summarise(
      [
        row('quick', answered(20, 200), 200),
        row('slow', answered(6000, 500)),
        row('hung', { kind: 'unanswered', ms: 15_000, headStatus: null }, 200),
        row('cut', { kind: 'dropped', ms: 5, reason: 'ECONNRESET', headStatus: null }),
      ],
      5000,
      15_000,
      [{ from: 100, to: 2000 }],
    );
    expect(summary.answeredSlow).toBe(1);
    expect(summary.unanswered).toBe(1);
    expect(summary.dropped).toBe(1);
    expect(summary.slowOrUnanswered.byAnswerer).toEqual({
      'engine, held up by a stall of the gate': 1,
      none: 1,
    });
    expect(summary.slowOrUnanswered.byKind).toEqual({ 'valid: hung': 1, 'valid: slow': 1 });
    expect(summary.slowOrUnanswered.slowAnswers).toEqual([
      '6000 ms  valid: slow → 500 (engine) (during a stall)',
    ]);
    expect(summary.errorAnswers).toMatchObject({ total: 1, otherShape: 1 });
    expect(summary.unexpected).toEqual({ 'valid: hung: expected 200, got unanswered': 1 });
    expect(summary.stalls).toEqual({ count: 1, totalSeconds: 1.9, longestSeconds: 1.9 });
  });

  it("tells the gate's DEADLINE_EXCEEDED from other slow answers", () => {
    const deadline: Outcome = {
      kind: 'answered',
      ms: 10_050,
      status: 504,
      by: 'gate',
      errorShape: 'firestore',
      errorStatus: 'DEADLINE_EXCEEDED',
    };
    const summary = summarise(
      [row('hung', deadline), row('slow', answered(7000, 200))],
      5000,
      15_000,
      [],
    );
    expect(summary.answeredSlow).toBe(2);
    expect(summary.slowDeadlines).toBe(1);
  });
});
