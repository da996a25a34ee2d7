import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDemoPosts, DEMO_POST_COUNT } from '../../scripts/seed/demoPosts';
import { DEAL_STATUSES } from '../../src/data/dealStatus';

const NOW = Date.UTC(2026, 10, 1, 12);

describe('demo posts', () => {
  const posts = buildDemoPosts(NOW);

  it('fill three pages of 35', () => {
    expect(posts).toHaveLength(DEMO_POST_COUNT);
    expect(DEMO_POST_COUNT).toBeGreaterThan(70);
    expect(DEMO_POST_COUNT).toBeLessThanOrEqual(105);
  });

  it('are newest first, in the past, spread over weeks, with distinct timestamps', () => {
    const created = posts.map((post) => post.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(new Set(created).size).toBe(created.length);
    expect(created[0]).toBeLessThan(NOW);
    expect(NOW - created[created.length - 1]).toBeGreaterThan(4 * 7 * 24 * 3_600_000);
  });

  it('have the shapes the rules accept', () => {
    for (const post of posts) {
      expect(post.title.trim().length).toBeGreaterThan(0);
      expect(post.title.length).toBeLessThanOrEqual(200);
      expect(post.content.trim().length).toBeGreaterThan(0);
      for (const comment of post.comments) {
        expect(comment.text.length).toBeLessThanOrEqual(1000);
        expect(comment.date.length).toBeLessThanOrEqual(64);
        expect(comment.user).toMatch(/@/);
      }
      expect(post.link === '' || /^https:\/\/\S+$/.test(post.link)).toBe(true);
    }
  });

  it('use pictures served from public/ and no external image hosts', () => {
    const withImages = posts.filter((post) => post.imageUrl !== '');
    expect(withImages.length).toBeGreaterThan(10);
    for (const post of withImages) {
      expect(post.imageUrl).toMatch(/^\/images\/[\w-]+\.svg$/);
      expect(existsSync(`public${post.imageUrl}`)).toBe(true);
    }
  });

  it('show every deal status, and some posts without one', () => {
    const statuses = new Set(posts.map((post) => post.status));
    for (const status of DEAL_STATUSES) expect(statuses, status).toContain(status);
    expect(posts.filter((post) => !('status' in post)).length).toBeGreaterThan(10);
  });

  it('include read-more links and comments', () => {
    expect(posts.filter((post) => post.link !== '').length).toBeGreaterThan(10);
    expect(posts.filter((post) => post.comments.length > 0).length).toBeGreaterThan(10);
  });
});
