import { describe, expect, it } from 'vitest';
import { ownerClient } from '../../scripts/lib/ownerClient';
import {
  DEADLINE_DAY_COMMENT_COUNTS,
  DEADLINE_DAY_FANS,
  DEADLINE_DAY_LIVE_COMMENTS,
  buildDeadlineDayFeed,
  buildDeadlineDayPosts,
  deadlineDayFan,
} from '../../scripts/seed/deadlineDay';
import { demoPinnedPost } from '../../scripts/seed/demoFeed';
import {
  buildDemoPosts,
  commentTime,
  demoUid,
  type DemoComment,
  type DemoPost,
} from '../../scripts/seed/demoPosts';
import { seededThread } from '../../scripts/seed/seededThread';
import { seededComments } from '../../scripts/seed/seed';
import { commentId } from '../../src/features/comments/data/commentCopies';
import { PAGE_SIZE } from '../../src/shared/posts/postsQuery';
import { LIMITS } from '../../src/shared/limits';
import { documentData, idOf, isRecord } from '../../src/shared/rest/restDecode';

const NOW = Date.UTC(2026, 8, 1, 17);
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('the deadline-day posts', () => {
  const posts = buildDeadlineDayPosts(NOW);
  const demo = buildDemoPosts(NOW);
  const firstPage = posts.slice(0, PAGE_SIZE);
  const comments = firstPage.flatMap((post) => post.comments);

  it('are the demo posts, with threads from 400 down to 3 comments on the first page', () => {
    const strip = (post: DemoPost) => ({ ...post, comments: [] });
    expect(posts.map(strip)).toEqual(demo.map(strip));
    const counts = firstPage.map((post) => post.comments.length);
    expect(counts).toEqual(DEADLINE_DAY_COMMENT_COUNTS);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(counts[0]).toBe(400);
    expect(counts.at(-1)).toBe(3);
    const total = counts.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(3_400);
    expect(total).toBeLessThanOrEqual(3_700);
  });

  it('keep the older posts exactly as the demo has them', () => {
    expect(posts.slice(PAGE_SIZE)).toEqual(demo.slice(PAGE_SIZE));
  });

  it('have comments of 60 to 220 characters, within the rules’ limits, from 300 fans', () => {
    for (const { user, text, date } of comments) {
      expect(text.length).toBeGreaterThanOrEqual(60);
      expect(text.length).toBeLessThanOrEqual(220);
      expect(text.trim()).toBe(text);
      expect(text.length).toBeLessThanOrEqual(LIMITS.commentChars);
      expect(utf8Bytes(text)).toBeLessThanOrEqual(LIMITS.commentBytes);
      expect(utf8Bytes(date)).toBeLessThanOrEqual(LIMITS.commentDateBytes);
      expect(utf8Bytes(user)).toBeLessThanOrEqual(LIMITS.emailBytes);
      expect(user).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
    }
    expect(new Set(comments.map((comment) => comment.user)).size).toBeGreaterThanOrEqual(
      DEADLINE_DAY_FANS,
    );
    // Varied prose, not one sentence repeated.
    expect(new Set(comments.map((comment) => comment.text)).size).toBeGreaterThan(1_000);
  });

  it('repeat no comment within a post', () => {
    for (const post of posts) {
      const keys = post.comments.map(({ user, text, date }) => `${user}\n${text}\n${date}`);
      expect(new Set(keys).size, post.title).toBe(keys.length);
    }
  });

  it('are dated as the app dates comments, after their post and never after now', () => {
    for (const post of firstPage) {
      const count = post.comments.length;
      post.comments.forEach((comment, n) => {
        const time = commentTime(post.created, n, count);
        expect(time).toBeGreaterThan(post.created);
        expect(time).toBeLessThanOrEqual(NOW);
        expect(comment.date).toBe(new Date(time).toLocaleString('en-GB'));
      });
    }
  });

  it('are the same for the same clock', () => {
    expect(buildDeadlineDayPosts(NOW)).toEqual(posts);
  });
});

describe('npm run seed:deadline-day', () => {
  const feed = buildDeadlineDayFeed(NOW);
  const live = feed.filter((post) => post.pinned);

  it('writes the deadline-day posts and the pinned live blog among them by its time', () => {
    expect(feed.filter((post) => !post.pinned)).toEqual(buildDeadlineDayPosts(NOW));
    expect(live).toHaveLength(1);
    expect({ ...live[0], comments: [] }).toEqual(demoPinnedPost(NOW));
    const created = feed.map((post) => post.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('gives the live blog 10,000 distinct comments by the same fans, dated in order, none after now', () => {
    const [{ comments, created }] = live;
    expect(comments).toHaveLength(DEADLINE_DAY_LIVE_COMMENTS);
    expect(DEADLINE_DAY_LIVE_COMMENTS).toBeGreaterThanOrEqual(10_000);
    const fans = new Set(Array.from({ length: DEADLINE_DAY_FANS }, (_, n) => deadlineDayFan(n)));
    const keys = comments.map(({ user, text, date }) => `${user}\n${text}\n${date}`);
    expect(new Set(keys).size).toBe(keys.length);
    comments.forEach((comment, n) => {
      const time = commentTime(created, n, comments.length);
      expect(time).toBeGreaterThan(
        n === 0 ? created : commentTime(created, n - 1, comments.length),
      );
      expect(time).toBeLessThanOrEqual(NOW);
      expect(comment.date).toBe(new Date(time).toLocaleString('en-GB'));
      expect(fans.has(comment.user), comment.user).toBe(true);
    });
  });

  it('is the same for the same clock', () => {
    expect(buildDeadlineDayFeed(NOW)).toEqual(feed);
  });
});

/** The post's thread as the seed writes it (seed.ts writePosts), decoded by collection. */
async function seeded(post: DemoPost, postId = 'post-1') {
  const client = ownerClient('http://127.0.0.1:1', 'demo-seed-shapes');
  const { summary, writes } = await seededThread(client, postId, post.title, seededComments(post));
  const documents = writes.flatMap(({ update }) =>
    isRecord(update) && typeof update.name === 'string' && isRecord(update.fields)
      ? [
          {
            path: update.name.slice(client.name('').length),
            data: documentData({ ...update, name: update.name, fields: update.fields }),
          },
        ]
      : [],
  );
  expect(documents).toHaveLength(writes.length);
  const under = (prefix: string) => documents.filter(({ path }) => path.startsWith(prefix));
  return {
    summary,
    thread: under(`posts/${postId}/comments/`),
    counters: under(`posts/${postId}/commentCounts/`),
    copies: under('comments/'),
  };
}

const commentOf = ({ user, text, date }: Record<string, unknown>): DemoComment => ({
  user: String(user),
  text: String(text),
  date: String(date),
});

describe('the seed’s threads, as the recipe lays them out', () => {
  it('lets a post of at most 8 comments count them all and show them on its card', async () => {
    const post = buildDeadlineDayPosts(NOW)[PAGE_SIZE - 3];
    expect(post.comments).toHaveLength(LIMITS.cardComments);
    const { summary, thread, counters, copies } = await seeded(post);
    expect(summary).toEqual({
      comments: [],
      commentCount: LIMITS.cardComments,
      cardComments: post.comments,
    });
    expect(thread.map(({ data }) => commentOf(data))).toEqual(post.comments);
    expect(thread.every(({ data }) => !('shard' in data))).toBe(true);
    expect(counters).toEqual([]);
    expect(copies).toHaveLength(post.comments.length);
  });

  it('writes the 10,000-comment thread: the post counts the first 8, 64 counters the rest', async () => {
    const [live] = buildDeadlineDayFeed(NOW).filter((post) => post.pinned);
    const { summary, thread, counters, copies } = await seeded(live, 'live');
    expect(summary).toEqual({
      comments: [],
      commentCount: LIMITS.cardComments,
      cardComments: [],
      moreComments: true,
    });
    // One document per comment, named by its id, oldest first by `at`, the seed's own date.
    expect(thread.map(({ data }) => commentOf(data))).toEqual(live.comments);
    for (const { path, data } of thread.slice(0, 50)) {
      expect(idOf(path)).toBe(await commentId('live', commentOf(data)));
    }
    const times = thread.map(({ data }) => Number(data.at));
    expect(times.every((time, n) => n === 0 || time > times[n - 1])).toBe(true);
    thread.forEach(({ data }) =>
      expect(new Date(Number(data.at)).toLocaleString('en-GB')).toBe(data.date),
    );
    // The first 8 counted by the post, the rest each by one of the 64 counters, spread evenly.
    expect(thread.slice(0, LIMITS.cardComments).some(({ data }) => 'shard' in data)).toBe(false);
    const rest = thread.slice(LIMITS.cardComments);
    expect(counters).toHaveLength(LIMITS.commentCounters);
    const sum = counters.reduce((total, { data }) => total + Number(data.n), 0);
    expect(summary.commentCount + sum).toBe(DEADLINE_DAY_LIVE_COMMENTS);
    for (const { path, data } of counters) {
      const counted = rest.filter((document) => String(document.data.shard) === idOf(path));
      expect(data.n, path).toBe(counted.length);
      expect(data.last, path).toBe(idOf(counted.at(-1)?.path ?? ''));
    }
    const sizes = counters.map(({ data }) => Number(data.n));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    // Each with its moderation copy: the demo fan's account, the comment's time.
    expect(copies).toHaveLength(DEADLINE_DAY_LIVE_COMMENTS);
    expect(copies[0].data).toMatchObject({
      postId: 'live',
      postTitle: live.title,
      ...live.comments[0],
      uid: demoUid(live.comments[0].user),
      at: thread[0].data.at,
      reports: 0,
      reported: false,
    });
  });
});
