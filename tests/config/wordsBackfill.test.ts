/**
 * `npm run words:backfill` on Google's engine: posts written before the search words get the words
 * the app's one derivation makes, and nothing else of theirs changes; a post already holding its
 * words is not written again, so a second run writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillWords } from '../../scripts/words/backfillWords';
import { postWords } from '../../src/shared/posts/postWords';
import { documentData } from '../../src/shared/rest/restDecode';
import { newPost, startHarness, type Harness } from '../support/harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('demo-words-backfill');
});
afterAll(async () => {
  await harness.close();
});

async function stored(id: string): Promise<Record<string, unknown>> {
  const document = await harness.owner.get(`posts/${id}`);
  if (!document) throw new Error(`posts/${id} is missing`);
  return documentData(document);
}

describe('words:backfill', () => {
  it('gives older posts their words, keeps the rest of them, and writes nothing the second time', async () => {
    const old = newPost({ title: 'Jørgen Østergaard signs', content: 'From FK Tromsø.' });
    const current = newPost({ title: 'Müller', content: 'A centre-back.' });
    await harness.seed('posts/old', old);
    await harness.seed('posts/current', {
      ...current,
      words: postWords('Müller', 'A centre-back.'),
    });
    await harness.seed('posts/stale', {
      ...newPost({ title: 'Edited', content: 'New text.' }),
      words: ['ol', 'old'],
    });

    expect(await backfillWords(harness.owner)).toEqual({ read: 3, written: 2 });
    const backfilled = await stored('old');
    expect(backfilled.words).toEqual(postWords('Jørgen Østergaard signs', 'From FK Tromsø.'));
    expect(backfilled.words).toContain('ostergaard');
    expect(backfilled.title).toBe(old.title);
    expect(backfilled.created).toBe(old.created);
    expect((await stored('stale')).words).toEqual(postWords('Edited', 'New text.'));

    expect(await backfillWords(harness.owner)).toEqual({ read: 3, written: 0 });
  });
});
