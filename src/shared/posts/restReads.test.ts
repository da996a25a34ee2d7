import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restRead } from './restReads';

/** fetch's answers in turn, each made when asked for (a body is read once). */
function answering(...answers: (() => Response | Promise<Response>)[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('No more answers');
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** An answer whose connection drops while its body comes. */
const droppedMidway = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    }),
  );

const decodeList = (body: unknown) => {
  if (!Array.isArray(body)) throw new Error('expected a list');
  return body;
};

beforeEach(() => {
  // Retries wait no time at all (the policy's own waits: shared/rest/retryingRead.test.ts).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('restRead', () => {
  it('asks again when the connection drops before an answer or while it comes', async () => {
    const fetch = answering(
      () => Promise.reject(new TypeError('Failed to fetch')),
      droppedMidway,
      () => json([1, 2]),
    );
    await expect(restRead('/read', undefined, decodeList)).resolves.toEqual([1, 2]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks again on 503 and 504, as UNAVAILABLE and DEADLINE_EXCEEDED', async () => {
    const fetch = answering(
      () => json({ error: { message: 'down' } }, 503),
      () => json({ error: { message: 'slow' } }, 504),
      () => json([]),
    );
    await expect(restRead('/read', undefined, decodeList)).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("after three tries, fails with the last one's code and Firestore's message", async () => {
    const down = () => json({ error: { message: 'The service is unavailable' } }, 503);
    answering(down, down, () => json({ error: { message: 'Deadline exceeded' } }, 504));
    await expect(restRead('/read', undefined, decodeList)).rejects.toMatchObject({
      name: 'StoreError',
      code: 'deadline-exceeded',
      message: 'Deadline exceeded',
    });
  });

  it.each([
    ['a refusal', () => json({ error: { message: 'denied' } }, 403), 'permission-denied'],
    ['an odd answer', () => json({ documents: 'not a list' }), 'unknown'],
    ['an answer that is not JSON', () => new Response('<html>'), 'unknown'],
  ])('fails at once on %s', async (_, answer, code) => {
    const fetch = answering(answer, () => json([]));
    await expect(restRead('/read', undefined, decodeList)).rejects.toMatchObject({ code });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
