import { describe, expect, it } from 'vitest';
import {
  feedReducer,
  initialFeedState,
  listedPosts,
  sharedPostOf,
  type FeedAction,
  type FeedState,
  type SharedPost,
  type SharedPostState,
} from './feedReducer';
import type { Post } from '../../../shared/posts/post';

// As the live checks' code and the page's write code do when they load.

function post(id: string, created: number, content = `About ${id}`): Post {
  return {
    id,
    title: id,
    content,
    imageUrl: '',
    link: '',
    commentCount: 0,
    cardComments: [],
    moreComments: false,
    created,
  };
}

/** A feed showing posts created at 300, 200 and 100, with more to load when `more`. */
function feed(more: boolean): FeedState {
  return initialFeedState(
    {
      posts: [post('c', 300), post('b', 200), post('a', 100)],
      nextCursor: more ? { created: 100, id: 'a' } : null,
      readTime: '2026-11-23T10:00:00.000000Z',
    },
    null,
  );
}

const ids = (posts: Post[]) => posts.map((each) => each.id);

/** What useLiveUpdates dispatches for a live check's answer. */
function checked(posts: Post[], deleted: string[]): FeedAction {
  return { type: 'changed', changes: { posts, deleted, since: '2026-11-23T10:01:00.000000Z' } };
}

describe('feedReducer: what the live checks found', () => {
  it('holds new posts back in `incoming`, newest first, and shows them on top when asked', () => {
    const synced = feedReducer(feed(true), checked([post('d', 400), post('e', 500)], []));
    expect(ids(synced.posts)).toEqual(['c', 'b', 'a']);
    expect(ids(synced.incoming)).toEqual(['e', 'd']);

    const shown = feedReducer(synced, { type: 'showIncoming' });
    expect(ids(shown.posts)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(shown.incoming).toEqual([]);
  });

  it('leaves a changed post below the loaded pages to Load More', () => {
    const synced = feedReducer(feed(true), checked([post('old', 50)], []));
    expect(synced.incoming).toEqual([]);
  });

  it('takes a post new to the page anywhere when every page is loaded', () => {
    const synced = feedReducer(feed(false), checked([post('old', 50)], []));
    expect(ids(synced.incoming)).toEqual(['old']);
  });

  it('refreshes loaded and waiting posts in place, and marks deleted ones', () => {
    const waiting = feedReducer(feed(true), checked([post('d', 400)], []));
    const synced = feedReducer(
      waiting,
      checked([post('b', 200, 'Edited'), post('d', 400, 'Edited too')], ['c']),
    );
    expect(synced.posts.map((each) => each.content)).toEqual(['About c', 'Edited', 'About a']);
    expect(synced.incoming[0].content).toBe('Edited too');
    expect([...synced.deletedElsewhere]).toEqual(['c']);
  });

  it('drops a waiting post deleted before it was shown', () => {
    const waiting = feedReducer(feed(true), checked([post('d', 400)], []));
    expect(feedReducer(waiting, checked([], ['d'])).incoming).toEqual([]);
  });

  it('keeps what the reader sees when nothing of it changed, and only notes the change', () => {
    const state = feed(true);
    const same = feedReducer(state, checked([post('b', 200)], ['never-loaded']));
    expect(same.posts).toBe(state.posts);
    expect(same.incoming).toBe(state.incoming);
    expect(same.deletedElsewhere).toBe(state.deletedElsewhere);
    expect(same.changedAt).toBe('2026-11-23T10:01:00.000000Z');
  });

  it('never repeats a post: one created here, or shown from `incoming`, is not added again', () => {
    const waiting = feedReducer(feed(true), checked([post('d', 400)], []));
    const added = feedReducer(waiting, { type: 'added', post: post('d', 400) });
    expect(ids(added.posts)).toEqual(['d', 'c', 'b', 'a']);
    expect(added.incoming).toEqual([]);

    const page = { posts: [post('a', 100), post('z', 10)], nextCursor: null, readTime: null };
    const loaded = feedReducer(added, { type: 'loaded', page, firstPage: false });
    expect(ids(loaded.posts)).toEqual(['d', 'c', 'b', 'a', 'z']);
  });
});

describe('the shared post: one word for each state, decided in the reducer module', () => {
  const sharedFeed = (): FeedState => ({
    ...feed(true),
    shared: { id: 'p', post: post('p', 50), status: 'shown' },
  });

  it('is listed first and never twice', () => {
    const state = feedReducer(sharedFeed(), { type: 'added', post: post('p', 50) });
    expect(ids(listedPosts(state.posts, state.shared))).toEqual(['p', 'c', 'b', 'a']);
  });

  it('is missing once deleted elsewhere, while its card may stay for a reader using it', () => {
    const state = feedReducer(sharedFeed(), checked([], ['p']));
    expect(sharedPostOf(state.shared, state.deletedElsewhere)?.status).toBe('missing');
    expect(ids(listedPosts(state.posts, state.shared))[0]).toBe('p');
  });

  it('is missing, and no longer listed, once deleted from this page', () => {
    const state = feedReducer(sharedFeed(), { type: 'deleted', id: 'p' });
    expect(sharedPostOf(state.shared, state.deletedElsewhere)).toEqual({
      id: 'p',
      post: null,
      status: 'missing',
    });
    expect(ids(listedPosts(state.posts, state.shared))).toEqual(['c', 'b', 'a']);
  });
});

describe("the first page waits for the shared post's answer (one render shows both)", () => {
  const page = {
    posts: [post('c', 300), post('b', 200)],
    nextCursor: null,
    readTime: '2026-11-23T10:00:00.000000Z',
  };
  const loading: SharedPost = { id: 'p', post: null, status: 'loading' };

  it.each<[SharedPostState, Post | null, string[]]>([
    ['shown', post('p', 50), ['p', 'c', 'b']],
    ['missing', null, ['c', 'b']],
    ['failed', null, ['c', 'b']],
  ])('arrived first, it shows once the post is %s', (status, sharedPost, listed) => {
    const held = initialFeedState(page, loading);
    expect(held.status).toBe('loading');
    expect(listedPosts(held.posts, held.shared)).toEqual([]);
    const state = feedReducer(held, {
      type: 'shared',
      shared: { id: 'p', post: sharedPost, status },
    });
    expect(state.status).toBe('ready');
    expect(state.readTime).toBe(page.readTime);
    expect(ids(listedPosts(state.posts, state.shared))).toEqual(listed);
  });

  it('arriving after the answer, or without a permalink, it shows at once', () => {
    const answered: SharedPost = { id: 'p', post: post('p', 50), status: 'shown' };
    for (const shared of [answered, null]) {
      const state = feedReducer(initialFeedState(null, shared), {
        type: 'loaded',
        page,
        firstPage: true,
      });
      expect(state.status).toBe('ready');
      expect(state.held).toBeNull();
    }
  });

  it('a Retry of the shared post never hides a page already shown', () => {
    const failed: SharedPost = { id: 'p', post: null, status: 'failed' };
    const shown = initialFeedState(page, failed);
    const retrying = feedReducer(shown, { type: 'shared', shared: loading });
    expect(ids(listedPosts(retrying.posts, retrying.shared))).toEqual(['c', 'b']);
  });
});

describe('feedReducer: moderation', () => {
  const a = { user: 'a@example.com', text: 'Hi', date: 'd1' };
  const b = { user: 'b@example.com', text: 'Yo', date: 'd2' };
  const withComments = (): FeedState => {
    const state = feed(false);
    const summary = { commentCount: 3, cardComments: [a, b, a], moreComments: false };
    return { ...state, posts: state.posts.map((each) => ({ ...each, ...summary })) };
  };

  it("takes this page's removal off the summary, on that post only", () => {
    const removed = feedReducer(withComments(), {
      type: 'commentRemoved',
      id: 'c',
      comment: a,
      countedBy: 'summary',
      markLeft: false,
      replyTo: null,
    });
    expect(removed.posts[0]).toMatchObject({ commentCount: 2, cardComments: [b] });
    expect(removed.posts[1]).toMatchObject({ commentCount: 3, cardComments: [a, b, a] });
  });

  it("takes the summary of this page's comment, on that post only", () => {
    const c = { user: 'c@example.com', text: 'New', date: 'd3' };
    const summary = { commentCount: 4, cardComments: [a, b, a, c], moreComments: false };
    const added = feedReducer(withComments(), {
      type: 'commented',
      id: 'c',
      comment: c,
      entryId: 'c-entry',
      countedBy: 'summary',
      replyTo: null,
      summary,
    });
    expect(added.posts[0]).toMatchObject(summary);
    expect(added.posts[1]).toMatchObject({ commentCount: 3 });
  });

  it('closes and reopens comments', () => {
    const closed = feedReducer(feed(false), { type: 'closed', id: 'b', closed: true });
    expect(closed.posts[1].closed).toBe(true);
    const open = feedReducer(closed, { type: 'closed', id: 'b', closed: false });
    expect(open.posts[1]).not.toHaveProperty('closed');
  });

  it('notes when a live check found a change, for the moderation view', () => {
    expect(feed(false).changedAt).toBeNull();
    expect(feedReducer(feed(false), checked([], [])).changedAt).toBeNull();
    expect(feedReducer(feed(false), checked([], ['a'])).changedAt).toBe(
      '2026-11-23T10:01:00.000000Z',
    );
  });
});

describe("the club's pinned post", () => {
  const page = { posts: [post('c', 300), post('b', 200)], nextCursor: null, readTime: null };

  it('comes first with the first page, and unpinned goes back to its place there', () => {
    const pin = { ...post('p', 250), pinned: true as const };
    const first = initialFeedState({ ...page, pinned: pin }, null);
    expect(first.status).toBe('ready');
    expect(ids(listedPosts(first.posts, first.shared, first.pinned))).toEqual(['p', 'c', 'b']);
    const unpinned = feedReducer(first, { type: 'pinned', pinned: null });
    expect(ids(listedPosts(unpinned.posts, null, unpinned.pinned))).toEqual(['c', 'p', 'b']);
    expect(unpinned.posts.some((each) => each.pinned)).toBe(false);
    // Unpinned in another tab: the live check reads it so, and it goes back to its place too.
    const elsewhere = feedReducer(first, checked([post('p', 250)], []));
    expect(ids(listedPosts(elsewhere.posts, null, elsewhere.pinned))).toEqual(['c', 'p', 'b']);
  });

  it('unpinned, waits for Load More when its place is below the last post loaded', () => {
    const old = { ...post('p', 50), pinned: true as const };
    const first = initialFeedState(
      { posts: page.posts, nextCursor: { created: 200, id: 'b' }, readTime: null, pinned: old },
      null,
    );
    const unpinned = feedReducer(first, { type: 'pinned', pinned: null });
    expect(ids(listedPosts(unpinned.posts, null, unpinned.pinned))).toEqual(['c', 'b']);
    const elsewhere = feedReducer(first, checked([post('p', 50)], []));
    expect(ids(listedPosts(elsewhere.posts, null, elsewhere.pinned))).toEqual(['c', 'b']);
    expect(elsewhere.incoming).toEqual([]);
  });

  it('comes after a shared post; a post both shared and pinned is listed once', () => {
    const shared: SharedPost = { id: 'a', post: post('a', 100), status: 'shown' };
    expect(ids(listedPosts(page.posts, shared, post('b', 200)))).toEqual(['a', 'b', 'c']);
    expect(ids(listedPosts(page.posts, shared, post('a', 100)))).toEqual(['a', 'c', 'b']);
  });

  it('leaves the top when deleted here, and unpinned it goes back to its place', () => {
    const pinned = feedReducer(feed(false), { type: 'pinned', pinned: post('a', 100) });
    expect(ids(listedPosts(pinned.posts, null, pinned.pinned))).toEqual(['a', 'c', 'b']);
    const unpinned = feedReducer(pinned, { type: 'pinned', pinned: null });
    expect(ids(listedPosts(unpinned.posts, null, unpinned.pinned))).toEqual(['c', 'b', 'a']);
    const deleted = feedReducer(pinned, { type: 'deleted', id: 'a' });
    expect(deleted.pinned).toBeNull();
  });
});
