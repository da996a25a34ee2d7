import { describe, expect, it } from 'vitest';
import {
  DEADLINE_DAY_COMMENT_COUNTS,
  DEADLINE_DAY_FANS,
  buildDeadlineDayPosts,
} from '../../scripts/seed/deadlineDay';
import { buildDemoPosts, commentTime, type DemoPost } from '../../scripts/seed/demoPosts';
import { PAGE_SIZE } from '../../src/features/posts/data/postsQuery';
import { LIMITS } from '../../src/shared/limits';

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
    expect(counts[0]).toBeLessThanOrEqual(LIMITS.commentsPerPost);
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
