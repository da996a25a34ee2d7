/**
 * 'Held for review' in the administrator's moderation view, against the real emulators: the
 * club's choices (Hold first comments, the suspect words) read and saved, and the held comments
 * listed oldest first, approved into their thread or rejected. Everything stored is written by the
 * app's own recipes (heldCommits.ts), as a fan's or the administrator's other device would.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentId } from '../comments/data/commentCopies';
import { MAX_SUSPECT_WORDS, type ReviewSettings } from '../comments/data/review';
import { readThreadView } from '../feed/store/commentCommits';
import { commitFanComment, commitReviewSettings, readReview } from '../feed/store/heldCommits';
import {
  buildPost,
  deleteStoredPost,
  readCommentTotal,
  readPost,
  seedPosts,
  type SeedPost,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { readStored, storedIds } from '../../../tests/support/app/moderation';
import { refuseReads } from '../../../tests/support/app/refusals';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';
import { signedInStore } from '../../../scripts/lib/writesElsewhere';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../shared/config';

type SeedComment = SeedPost['comments'][number];

/** The emulator itself, as another device reaches it. */
const target = () => ({
  firestoreUrl: `http://${TEST_FIRESTORE_HOST}`,
  projectId: config.firebase.projectId,
});

const administratorStore = () =>
  signedInStore(target(), 'administrator-elsewhere', config.adminEmail);

/** The club's choices saved on the administrator's other device (heldCommits.ts). */
async function seedSettings(settings: ReviewSettings): Promise<void> {
  await commitReviewSettings(await administratorStore(), settings);
}

/** The club's choices as stored, read back as the recipe reads them. */
async function storedSettings(): Promise<ReviewSettings> {
  const { holdFirst, words } = await readReview(await administratorStore(), 'nobody');
  return { holdFirst, words };
}

/**
 * A fan's comment made on their own device by the app's recipe (commitFanComment), which the
 * club holds; `replyTo`: the comment it answers. Each fan comments once (the rules' rate limit).
 */
async function holdElsewhere(
  post: StoredPost,
  comment: SeedComment,
  replyTo?: SeedComment,
): Promise<string> {
  const uid = `uid-of-${comment.user}`;
  const store = await signedInStore(target(), uid, comment.user);
  const view = await readThreadView(store, post.id);
  if (!view) throw new Error(`There is no post ${post.id}`);
  const added = await commitFanComment(store, {
    postId: post.id,
    postTitle: post.title,
    view,
    comment,
    uid,
    replyTo: replyTo && (await commentId(post.id, replyTo)),
  });
  if (added.held === null) throw new Error(`${comment.text} was published, not held`);
  return added.heldComment.id;
}

const said = (user: string, text: string, minute = 0): SeedComment => ({
  user,
  text,
  date: `1/1/2025, 10:${String(minute).padStart(2, '0')}:00`,
});

let posts: StoredPost[];
const EARLIER = said('regular@example.com', 'Welcome to the club');

beforeEach(async () => {
  await resetApp();
  posts = await seedPosts([
    buildPost({ title: 'Striker signs' }),
    buildPost({ title: 'Keeper leaves', comments: [EARLIER] }),
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openHeld() {
  const rendered = await renderApp({ user: 'admin' });
  await rendered.user.click(screen.getByRole('button', { name: 'Moderation' }));
  const view = await screen.findByRole('region', { name: 'Moderation' });
  const held = within(view).getByRole('region', { name: 'Held for review' });
  return { ...rendered, view, held };
}

/** The held comments listed, in the view's order. */
const items = (held: HTMLElement) =>
  within(held)
    .queryAllByRole('list', { name: 'Waiting for review' })
    .flatMap((list) => within(list).getAllByRole('listitem'));

/** Each listed held comment's line ('author: text'). */
const lines = (held: HTMLElement) =>
  items(held).map((item) => item.querySelector('.moderated__comment')?.textContent);

const listedWords = (held: HTMLElement) =>
  within(within(held).getByRole('list', { name: 'Suspect words' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);

/** Firestore's answer to a write the rules refuse: 403 with its JSON error shape. */
function refusedByRules(): Promise<Response> {
  const error = { code: 403, message: 'Refused by the test', status: 'PERMISSION_DENIED' };
  return Promise.resolve(
    new Response(JSON.stringify({ error }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('the club’s choices', () => {
  it('with none stored, holds nothing: the box is clear, no words, no comments waiting', async () => {
    const { held } = await openHeld();
    const box = await within(held).findByRole('checkbox', { name: 'Hold first comments' });
    expect(box).not.toBeChecked();
    expect(listedWords(held)).toEqual([]);
    await within(held).findByText('No comments are waiting for review.');
  });

  it("'Hold first comments' shows the stored choice and saves each change", async () => {
    await seedSettings({ holdFirst: true, words: ['scandal'] });
    const { user, held } = await openHeld();
    const box = await within(held).findByRole('checkbox', { name: 'Hold first comments' });
    expect(box).toBeChecked();

    await user.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() => expect(box).toBeEnabled());
    expect(await storedSettings()).toEqual({ holdFirst: false, words: ['scandal'] });

    await user.click(box);
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(await storedSettings()).toEqual({ holdFirst: true, words: ['scandal'] });
  });

  it('a refused save puts the box back and says why', async () => {
    await seedSettings({ holdFirst: true, words: [] });
    const { user, held } = await openHeld();
    const box = await within(held).findByRole('checkbox', { name: 'Hold first comments' });
    refuseReads(':commit', 1, refusedByRules);

    await user.click(box);
    expect(await within(held).findByRole('alert')).toHaveTextContent(
      'Not saved: you are not allowed to do that. Try signing in again.',
    );
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    expect(await storedSettings()).toEqual({ holdFirst: true, words: [] });
  });

  it('adds a typed word as the list keeps it, and refuses a phrase, a word listed and a full list', async () => {
    await seedSettings({ holdFirst: false, words: [] });
    const { user, held } = await openHeld();
    const input = await within(held).findByRole('textbox', { name: 'Suspect word' });
    const add = within(held).getByRole('button', { name: 'Add word' });

    await user.type(input, 'WÖRD');
    await user.click(add);
    await waitFor(() => expect(listedWords(held)).toEqual(['word']));
    expect(input).toHaveValue('');
    expect(await storedSettings()).toEqual({ holdFirst: false, words: ['word'] });

    await user.type(input, 'two words');
    await user.click(add);
    expect(await within(held).findByRole('alert')).toHaveTextContent(
      'Enter one word, without spaces or punctuation.',
    );
    expect(input).toHaveValue('two words');

    await user.clear(input);
    await user.type(input, 'Word{Enter}');
    await waitFor(() =>
      expect(within(held).getByRole('alert')).toHaveTextContent(
        '“word” is already a suspect word.',
      ),
    );
    expect(input).toHaveValue('Word');
    expect(await storedSettings()).toEqual({ holdFirst: false, words: ['word'] });
  });

  it('says the list is full at 200 words', async () => {
    const full = Array.from({ length: MAX_SUSPECT_WORDS }, (_, index) => `word${index}`);
    await seedSettings({ holdFirst: false, words: full });
    const { user, held } = await openHeld();
    const input = await within(held).findByRole('textbox', { name: 'Suspect word' });
    await user.type(input, 'extra');
    await user.click(within(held).getByRole('button', { name: 'Add word' }));
    expect(await within(held).findByRole('alert')).toHaveTextContent(
      'The list is full: it holds at most 200 words. Remove one to add another.',
    );
    expect(input).toHaveValue('extra');
  });

  it('removes a word, keeping the rest and the choice to hold first comments', async () => {
    await seedSettings({ holdFirst: true, words: ['scandal', 'rubbish'] });
    const { user, held } = await openHeld();
    await user.click(
      await within(held).findByRole('button', { name: 'Remove suspect word scandal' }),
    );
    await waitFor(() => expect(listedWords(held)).toEqual(['rubbish']));
    expect(await storedSettings()).toEqual({ holdFirst: true, words: ['rubbish'] });
  });
});

describe('the held comments', () => {
  const FIRST = said('first@example.com', 'My first ever comment', 1);
  const RUDE = said('rude@example.com', 'What a RUBBISH signing', 2);
  const REPLY = said('newcomer@example.com', 'Thanks for the welcome', 3);

  /** Three held comments, in this order: a first comment, a suspect word, a first reply. */
  async function holdThree(): Promise<string[]> {
    await seedSettings({ holdFirst: true, words: ['rubbish'] });
    return [
      await holdElsewhere(posts[0], FIRST),
      await holdElsewhere(posts[0], RUDE),
      await holdElsewhere(posts[1], REPLY, EARLIER),
    ];
  }

  it('are listed oldest first, each with its post, author, time and why it is held', async () => {
    await holdThree();
    const { held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(3));
    expect(lines(held)).toEqual([
      `${FIRST.user}: ${FIRST.text}`,
      `${RUDE.user}: ${RUDE.text}`,
      `${REPLY.user}: ${REPLY.text}`,
    ]);
    const [first, rude, reply] = items(held);
    expect(within(first).getByText('First comment')).toBeVisible();
    expect(within(rude).getByText('Suspect word: rubbish')).toBeVisible();
    expect(within(reply).getByText('First comment')).toBeVisible();
    expect(within(reply).getByText('Reply to a comment')).toBeVisible();
    expect(within(first).queryByText('Reply to a comment')).toBeNull();
    expect(within(first).getByText('Held')).toHaveTextContent(/^Held (just now|1 minute ago)$/);
    const link = within(reply).getByRole('link', { name: posts[1].title });
    expect(link).toHaveAttribute('href', expect.stringContaining(`?post=${posts[1].id}`));
  });

  it('Approve puts the comment in its post’s thread, approves its author, and takes it off the list', async () => {
    const [firstId] = await holdThree();
    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(3));
    await user.click(within(items(held)[0]).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(lines(held)).not.toContain(`${FIRST.user}: ${FIRST.text}`));
    expect(items(held)).toHaveLength(2);
    expect((await readPost(posts[0].id))?.comments).toEqual([FIRST]);
    expect(await readCommentTotal(posts[0].id)).toBe(1);
    expect(await readStored(`posts/${posts[0].id}/comments/${firstId}`)).not.toBeNull();
    expect(await readStored(`heldComments/${firstId}`)).toBeNull();
    expect(await readStored(`approvals/uid-of-${FIRST.user}`)).not.toBeNull();
  });

  it('Approve puts a reply under the comment it answers', async () => {
    const [, , replyId] = await holdThree();
    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(3));
    await user.click(within(items(held)[2]).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(items(held)).toHaveLength(2));
    expect((await readPost(posts[1].id))?.comments).toEqual([EARLIER, REPLY]);
    const stored = await readStored(`posts/${posts[1].id}/comments/${replyId}`);
    expect(stored?.replyTo).toBe(await commentId(posts[1].id, EARLIER));
  });

  it('Reject deletes the comment: it never reaches the thread', async () => {
    const [, rudeId] = await holdThree();
    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(3));
    await user.click(within(items(held)[1]).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(lines(held)).not.toContain(`${RUDE.user}: ${RUDE.text}`));
    expect(await readStored(`heldComments/${rudeId}`)).toBeNull();
    expect(await storedIds('heldComments')).toHaveLength(2);
    expect((await readPost(posts[0].id))?.comments).toEqual([]);
    expect(await readStored(`approvals/uid-of-${RUDE.user}`)).toBeNull();
  });

  it('says when none is left waiting', async () => {
    await seedSettings({ holdFirst: true, words: [] });
    await holdElsewhere(posts[0], FIRST);
    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(1));
    await user.click(within(items(held)[0]).getByRole('button', { name: 'Reject' }));
    await within(held).findByText('No comments are waiting for review.');
    expect(within(held).queryByRole('list', { name: 'Waiting for review' })).toBeNull();
  });

  it('a refused approval keeps the comment listed and says why', async () => {
    await seedSettings({ holdFirst: true, words: [] });
    await holdElsewhere(posts[0], FIRST);
    // Deleted, its clearing (which takes held comments too) cut short: the comment is still held.
    await deleteStoredPost(posts[0].id, 'cut short');
    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(1));
    const item = items(held)[0];
    await user.click(within(item).getByRole('button', { name: 'Approve' }));

    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Not approved: this post no longer exists.',
    );
    expect(items(held)).toHaveLength(1);
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(item).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  // 36 fans' comments, each judged by the rules on a shared emulator: more than a test's usual 30 s.
  it('pages by 35, oldest first, with Load More', async () => {
    await seedSettings({ holdFirst: true, words: [] });
    const fan = (index: number) => said(`fan${index}@example.com`, `Held comment ${index}`, index);
    // The first 35 at once (their order among them is the emulator's), then the newest alone.
    const oldest = Array.from({ length: 35 }, (_, index) => fan(index + 1));
    await Promise.all(oldest.map((comment) => holdElsewhere(posts[0], comment)));
    const newest = fan(36);
    await holdElsewhere(posts[0], newest);
    const line = ({ user, text }: SeedComment) => `${user}: ${text}`;

    const { user, held } = await openHeld();
    await waitFor(() => expect(items(held)).toHaveLength(35));
    expect(new Set(lines(held))).toEqual(new Set(oldest.map(line)));
    await user.click(within(held).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(items(held)).toHaveLength(36));
    expect(lines(held).at(-1)).toBe(line(newest));
    expect(within(held).queryByRole('button', { name: 'Load More' })).toBeNull();
  }, 90_000);

  it('a failed read says so, with Retry', async () => {
    await seedSettings({ holdFirst: true, words: [] });
    await holdElsewhere(posts[0], FIRST);
    refuseReads('"collectionId":"heldComments"', 1);
    const { user, held } = await openHeld();
    const alert = await within(held).findByRole('alert');
    expect(alert).toHaveTextContent('The held comments could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(lines(held)).toEqual([`${FIRST.user}: ${FIRST.text}`]));
    expect(within(held).queryByRole('alert')).toBeNull();
  });
});
