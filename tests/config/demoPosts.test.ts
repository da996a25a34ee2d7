import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_DEAL_NAMES, demoDeals } from '../../scripts/seed/demoDeals';
import {
  buildDemoPosts,
  commentTime,
  demoUid,
  DEMO_POST_COUNT,
  OLDEST_PAGE_PLAYERS,
} from '../../scripts/seed/demoPosts';
import { postWords } from '../../src/shared/posts/postWords';
import { insAndOuts } from '../../src/features/dealFeeds/data/insAndOuts';
import { buildDemoFeed, DEMO_PINNED_TITLE } from '../../scripts/seed/demoFeed';
import { isOpenStatus } from '../../src/features/deals/data/deal';
import { DEAL_STATUSES } from '../../src/shared/posts/dealStatus';
import { LIMITS } from '../../src/shared/limits';
import { ownerClient } from '../../scripts/lib/ownerClient';
import { seededThread } from '../../scripts/seed/seededThread';
import { commentId } from '../../src/features/comments/data/commentCopies';
import { isRecord } from '../../src/shared/rest/restDecode';

const NOW = Date.UTC(2026, 10, 1, 12);

/** UTF-8 bytes, as the rules' byte limits count them. */
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

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

  it('stay within every limit the rules set (LIMITS)', () => {
    for (const post of posts) {
      expect(post.title.trim().length).toBeGreaterThan(0);
      expect(post.title.length).toBeLessThanOrEqual(LIMITS.titleChars);
      expect(bytes(post.title)).toBeLessThanOrEqual(LIMITS.titleBytes);
      expect(post.content.trim().length).toBeGreaterThan(0);
      expect(post.content.length).toBeLessThanOrEqual(LIMITS.contentChars);
      expect(bytes(post.content)).toBeLessThanOrEqual(LIMITS.contentBytes);
      // Few enough for the card to show them all (the seed's summary holds the whole thread).
      expect(post.comments.length).toBeLessThanOrEqual(LIMITS.cardComments);
      for (const comment of post.comments) {
        expect(comment.text.length).toBeLessThanOrEqual(LIMITS.commentChars);
        expect(bytes(comment.text)).toBeLessThanOrEqual(LIMITS.commentBytes);
        expect(bytes(comment.date)).toBeLessThanOrEqual(LIMITS.commentDateBytes);
        expect(bytes(comment.user)).toBeLessThanOrEqual(LIMITS.emailBytes);
        expect(comment.user).toMatch(/@/);
      }
      expect(bytes(post.link)).toBeLessThanOrEqual(LIMITS.urlBytes);
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

  it('name some players and clubs only beyond the first page, accented', () => {
    const late = new Set(
      Object.values(OLDEST_PAGE_PLAYERS).flatMap(([name, , club]) => [name, club]),
    );
    expect([...late].join(' ')).toMatch(/ü/);
    expect([...late].join(' ')).toMatch(/ø/i);
    for (const named of late) {
      const naming = posts.flatMap((post, n) =>
        `${post.title}\n${post.content}`.includes(named) ? [n] : [],
      );
      expect(naming.length, named).toBeGreaterThan(0);
      expect(Math.min(...naming), named).toBeGreaterThanOrEqual(35);
    }
  });

  it('are found by their search words without accents', () => {
    const found = (typed: string) =>
      posts.flatMap((post, n) => (postWords(post.title, post.content).includes(typed) ? [n] : []));
    expect(found('muller')).toEqual(
      Object.keys(OLDEST_PAGE_PLAYERS)
        .map(Number)
        .filter((n) => OLDEST_PAGE_PLAYERS[n][0] === 'Felix Müller'),
    );
    expect(found('osterg')).toEqual(found('ostergaard'));
    expect(found('weissenfeld').length).toBeGreaterThan(0);
    expect(found('tromso').length).toBeGreaterThan(0);
  });

  it('include read-more links and comments', () => {
    expect(posts.filter((post) => post.link !== '').length).toBeGreaterThan(10);
    expect(posts.filter((post) => post.comments.length > 0).length).toBeGreaterThan(10);
  });

  it('are written with their comments as thread documents the post counts and shows', async () => {
    const client = ownerClient('http://127.0.0.1:1', 'demo-seed-shapes');
    for (const [n, post] of posts.entries()) {
      const postId = `post-${n}`;
      const { summary, writes } = await seededThread(
        client,
        postId,
        post.title,
        post.comments.map((comment, index) => ({
          comment,
          at: new Date(commentTime(post.created, index, post.comments.length)),
          uid: demoUid(comment.user),
        })),
      );
      expect(summary).toEqual({
        comments: [],
        commentCount: post.comments.length,
        cardComments: post.comments,
      });
      const names = writes.flatMap(({ update }) =>
        isRecord(update) && typeof update.name === 'string' ? [update.name] : [],
      );
      const ids = await Promise.all(post.comments.map((comment) => commentId(postId, comment)));
      expect(names).toEqual(
        ids.flatMap((id) => [
          client.name(`posts/${postId}/comments/${id}`),
          client.name(`comments/${id}`),
        ]),
      );
    }
  });
});

/** The id pattern and length of isDealId() in firestore.rules. */
function dealIdRule(): { max: number; pattern: RegExp } {
  const match =
    /function isDealId\(value\) \{[^}]*size\(\) <= (\d+) && value\.matches\('([^']*)'\)/.exec(
      readFileSync('firestore.rules', 'utf8'),
    );
  if (!match) throw new Error('firestore.rules no longer has isDealId(value)');
  return { max: Number(match[1]), pattern: new RegExp(`^(?:${match[2]})$`) };
}

describe('demo deals', () => {
  const posts = buildDemoPosts(NOW);
  const ids = posts.map((_, n) => `post-${n}`);
  const deals = demoDeals(posts, ids);
  const postsOf = (deal: string) =>
    posts.flatMap((post, n) => (post.deal === deal ? [{ ...post, id: ids[n], n }] : []));

  it('are several, one collapsed, four done and the others open with a status', () => {
    expect(deals.length).toBeGreaterThanOrEqual(7);
    const statuses = deals.map((deal) => deal.status);
    expect(statuses.filter((status) => status === 'Collapsed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'Done deal')).toHaveLength(4);
    const open = deals.filter((deal) => deal.open);
    expect(open).toHaveLength(deals.length - 5);
    for (const deal of open) expect(deal.status, deal.id).not.toBeNull();
    expect(new Set(deals.map((deal) => deal.id)).size).toBe(deals.length);
  });

  it('span the three pages of 35, and some of their posts have no status', () => {
    const pages = new Set(
      deals.flatMap((deal) => postsOf(deal.id).map(({ n }) => Math.floor(n / 35))),
    );
    expect([...pages].sort()).toEqual([0, 1, 2]);
    expect(posts.filter((post) => post.deal && !post.status).length).toBeGreaterThan(0);
  });

  it('each tell one player’s story forward: statuses only advance, and a deal ends only last', () => {
    for (const deal of deals) {
      const story = postsOf(deal.id).reverse();
      for (const post of story) expect(post.title, deal.id).toContain(deal.name);
      const steps = story.flatMap((post) => (post.status ? [post.status] : []));
      const ends = steps.findIndex((status) => status === 'Done deal' || status === 'Collapsed');
      expect(ends === -1 || ends === steps.length - 1, `${deal.id}: ${steps.join(' → ')}`).toBe(
        true,
      );
      const order = steps
        .filter((status) => status !== 'Collapsed')
        .map((s) => DEAL_STATUSES.indexOf(s));
      expect(
        [...order].sort((a, b) => a - b),
        `${deal.id}: ${steps.join(' → ')}`,
      ).toEqual(order);
    }
  });

  it('hold what the rules would have left: their posts’ last status change, and each change', () => {
    const { max, pattern } = dealIdRule();
    for (const deal of deals) {
      expect(deal.id).toMatch(pattern);
      expect(deal.id.length).toBeLessThanOrEqual(max);
      expect(deal.name).toBe(DEMO_DEAL_NAMES.get(deal.id));
      const story = postsOf(deal.id).reverse();
      const changes = story.filter(
        (post, n) =>
          post.status !== undefined &&
          post.status !== story.slice(0, n).findLast((before) => before.status)?.status,
      );
      expect(deal.history).toEqual(
        changes.map((post) => ({ status: post.status, at: post.created })),
      );
      const last = changes.at(-1);
      expect(last, deal.id).toBeDefined();
      expect(deal).toMatchObject({
        status: last?.status,
        open: isOpenStatus(last?.status ?? null),
        post: last?.id,
        changed: last?.created,
      });
      expect(deal.history.length).toBeLessThanOrEqual(LIMITS.dealHistorySteps);
    }
  });

  it('are named by every post of theirs and by no other post', () => {
    const named = new Set(posts.flatMap((post) => (post.deal ? [post.deal] : [])));
    expect(named).toEqual(new Set(deals.map((deal) => deal.id)));
  });

  it('fill the window’s ins and outs: both tables, every kind of fee, a loan with an option', () => {
    const window = insAndOuts(deals);
    expect(window.signed.map((row) => row.fee)).toEqual(
      expect.arrayContaining(['£17m', 'Free', 'Loan, option to buy £20m']),
    );
    expect(window.left.map((row) => row.fee)).toEqual([
      'Loan, undisclosed fee, obligation to buy €12m',
    ]);
    expect(window.inPlay.length).toBeGreaterThan(0);
  });

  it('keep the newest post’s status, which browser tests show', () => {
    expect(posts[0].status).toBeDefined();
  });

  it('keep at most the rules’ history steps (LIMITS) when the benchmarks repeat the demo posts', () => {
    const many = Array.from({ length: 30 }, (_, batch) =>
      buildDemoPosts(NOW - batch * 1_700 * 3_600_000),
    ).flat();
    const repeated = demoDeals(
      many,
      many.map((_, n) => `post-${n}`),
    );
    expect(Math.max(...repeated.map((deal) => deal.history.length))).toBe(LIMITS.dealHistorySteps);
  });
});

describe("npm run dev's demo feed", () => {
  const feed = buildDemoFeed(NOW);

  it('is the demo posts and one pinned live blog among them by its time, not the newest', () => {
    expect(feed).toHaveLength(DEMO_POST_COUNT + 1);
    const pinned = feed.filter((post) => post.pinned);
    expect(pinned.map((post) => post.title)).toEqual([DEMO_PINNED_TITLE]);
    const created = feed.map((post) => post.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(feed.findIndex((post) => post.pinned)).toBeGreaterThan(0);
    expect(feed.filter((post) => !post.pinned)).toEqual(buildDemoPosts(NOW));
  });
});
