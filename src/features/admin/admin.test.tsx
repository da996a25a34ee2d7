import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPost,
  readCommentDocuments,
  readPost,
  readPosts,
  readStoredWords,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { postWords } from '../../shared/posts/postWords';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

let posts: StoredPost[];

beforeEach(async () => {
  await resetApp();
  posts = await seedPosts([
    buildPost({ title: 'Newest story', created: Date.now() - 60_000 }),
    buildPost({
      title: 'Keeper talks',
      content: 'Talks are ongoing.\nA fee is close.',
      imageUrl: '/images/signing-keeper.svg',
      link: 'https://example.com/keeper',
      comments: [{ user: 'fan@example.com', text: 'Yes!', date: '01/01/2025, 10:00:00' }],
      created: Date.now() - 120_000,
    }),
  ]);
});

async function adminForm() {
  return screen.findByRole('region', { name: 'New post' });
}

const fields = ['Post title', 'Post content', 'Image URL (optional)', 'Link (optional)'] as const;

describe('the administrator creates posts (spec §4 New post, §5)', () => {
  it('posts with all fields: the post goes on top, the inputs clear, the server has the spec shape', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await adminForm();
    await user.type(within(form).getByRole('textbox', { name: 'Post title' }), 'Striker signs');
    await user.type(
      within(form).getByRole('textbox', { name: 'Post content' }),
      'He arrives today.{Enter}Three-year deal.',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Image URL (optional)' }),
      '/images/signing-striker.svg',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Link (optional)' }),
      'https://example.com/striker',
    );
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const first = screen.getAllByRole('article')[0];
    expect(first).toHaveAccessibleName('Striker signs');
    // Line breaks kept, as text.
    const keepWhitespace = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(
      within(first).getByText('He arrives today.\nThree-year deal.', keepWhitespace),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Read more/ })).toHaveAttribute(
      'href',
      'https://example.com/striker',
    );
    for (const name of fields) expect(within(form).getByRole('textbox', { name })).toHaveValue('');

    const stored = (await readPosts())[0];
    expect(stored).toMatchObject({
      title: 'Striker signs',
      content: 'He arrives today.\nThree-year deal.',
      // Stored absolute: the rules accept http(s) URLs only.
      imageUrl: new URL('/images/signing-striker.svg', location.href).href,
      link: 'https://example.com/striker',
      comments: [],
    });
    expect(Math.abs(stored.created - Date.now())).toBeLessThan(60_000);
    // With its search words, made from its title and content.
    const words = await readStoredWords(stored.id);
    expect(words).toEqual(postWords('Striker signs', 'He arrives today.\nThree-year deal.'));
    expect(words).toContain('strik');
  });

  it('optional fields may stay empty: they are stored as empty strings and nothing is rendered', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await adminForm();
    await user.type(within(form).getByRole('textbox', { name: 'Post title' }), 'Short news');
    await user.type(within(form).getByRole('textbox', { name: 'Post content' }), 'Just text.');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    const article = await screen.findByRole('article', { name: 'Short news' });
    expect(within(article).queryByRole('link')).toBeNull();
    expect(within(article).queryByRole('img')).toBeNull();
    expect((await readPosts())[0]).toMatchObject({ imageUrl: '', link: '' });
  });

  it.each([
    ['an empty title', '', 'Content'],
    ['empty content', 'Title', ''],
    ['a blank title', '   ', 'Content'],
  ])('%s: Post does nothing and says nothing', async (_case, title, content) => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await adminForm();
    if (title) await user.type(within(form).getByRole('textbox', { name: 'Post title' }), title);
    if (content) {
      await user.type(within(form).getByRole('textbox', { name: 'Post content' }), content);
    }
    const post = within(form).getByRole('button', { name: 'Post' });
    await user.click(post);
    // A save starts busy within the click's own render: not busy now means none was started.
    expect(post).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await readPosts()).toHaveLength(2);
  });

  it('a javascript: link is refused in the form and never reaches the DOM', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await adminForm();
    await user.type(within(form).getByRole('textbox', { name: 'Post title' }), 'Sneaky');
    await user.type(within(form).getByRole('textbox', { name: 'Post content' }), 'Text');
    const link = within(form).getByRole('textbox', { name: 'Link (optional)' });
    await user.type(link, 'javascript:alert(1)');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    const post = within(form).getByRole('button', { name: 'Post' });
    await user.click(post);
    expect(post).toHaveAttribute('aria-busy', 'false');
    expect(await readPosts()).toHaveLength(2);
    expect(link).toHaveValue('javascript:alert(1)');
  });
});

describe('the administrator edits content (spec §4 Post editing)', () => {
  it('Edit fills the box with the current content; Save changes only the content', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = screen.getByRole('article', { name: 'Keeper talks' });
    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    const box = await within(article).findByRole('textbox', { name: 'Edit content' });
    expect(box).toHaveValue('Talks are ongoing.\nA fee is close.');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Deal done.');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(article).queryByRole('textbox', { name: 'Edit content' })).toBeNull(),
    );
    expect(within(article).getByText('Deal done.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(article).getByRole('button', { name: 'Edit' })).toHaveFocus(),
    );
    const { id, ...unchanged } = posts[1];
    expect(await readPost(id)).toEqual({ id, ...unchanged, content: 'Deal done.' });
    // Its search words follow the new content (the title's stay).
    expect(await readStoredWords(id)).toEqual(postWords('Keeper talks', 'Deal done.'));
  });

  it('Save trims the content as the post form does', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = screen.getByRole('article', { name: 'Keeper talks' });
    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    const box = await within(article).findByRole('textbox', { name: 'Edit content' });
    await user.clear(box);
    await user.type(box, '   Deal done.  {Enter}{Enter}');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(article).queryByRole('textbox', { name: 'Edit content' })).toBeNull(),
    );
    expect((await readPost(posts[1].id))?.content).toBe('Deal done.');
  });

  it('Cancel returns to viewing with no change', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = screen.getByRole('article', { name: 'Keeper talks' });
    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    const box = await within(article).findByRole('textbox', { name: 'Edit content' });
    await user.type(box, ' Changed my mind.');
    await user.click(within(article).getByRole('button', { name: 'Cancel' }));
    expect(within(article).queryByRole('textbox', { name: 'Edit content' })).toBeNull();
    expect(within(article).queryByText(/Changed my mind/)).toBeNull();
    expect(within(article).getByText(/Talks are ongoing\./)).toBeInTheDocument();
    expect(await readPost(posts[1].id)).toEqual(posts[1]);
  });
});

describe('the administrator deletes posts (spec §4 Delete)', () => {
  it('asks first: Cancel keeps the post, Delete removes it from the list and the server', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = screen.getByRole('article', { name: 'Keeper talks' });
    const deleteButton = await within(article).findByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    expect(confirm).toHaveAccessibleDescription(/Keeper talks/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteButton).toHaveFocus();
    expect(await readPosts()).toHaveLength(2);

    await user.click(deleteButton);
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Keeper talks' })).toBeNull());
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect((await readPosts()).map((post) => post.title)).toEqual(['Newest story']);
  });

  it("takes a story's whole thread with it, past one commit's 500 writes: comments, copies, counters", async () => {
    const comments = Array.from({ length: 600 }, (_, n) => ({
      user: `fan${n}@example.com`,
      text: `Comment ${n + 1}`,
      date: '01/01/2025, 10:00:00',
    }));
    const [story] = await seedPosts([buildPost({ title: 'Big story', comments })]);
    const before = await readCommentDocuments(story.id);
    expect(before).toMatchObject({ thread: 600, copies: 600 });
    expect(before.counters).toBeGreaterThan(0);

    const { user } = await renderApp({ user: 'admin' });
    const article = await screen.findByRole('article', { name: 'Big story' });
    await user.click(await within(article).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Big story' })).toBeNull());
    expect(await readPost(story.id)).toBeNull();
    await waitFor(
      async () =>
        expect(await readCommentDocuments(story.id)).toEqual({ thread: 0, copies: 0, counters: 0 }),
      { timeout: 90_000 },
    );
    expect(screen.queryByRole('alert')).toBeNull();
  }, 120_000);
});
