/**
 * The limits firestore.rules enforces, mirrored so the UI stops where the server would refuse.
 * The rules decide; tests/config/limits.test.ts reads firestore.rules and checks every number.
 * Characters are UTF-16 code units (as the rules' `size()` counts them on Google's engine, and as
 * JavaScript's string length and an input's maxlength do: an emoji is two), bytes are UTF-8.
 */
export const LIMITS = {
  titleChars: 200,
  titleBytes: 800,
  contentChars: 20_000,
  contentBytes: 40_000,
  commentChars: 1000,
  commentBytes: 2000,
  commentDateBytes: 64,
  /** A comment's author is the signed-in e-mail address. */
  emailBytes: 254,
  urlBytes: 2048,
  /**
   * The most comments a post's summary holds (its `cardComments`), shown inline on its card; beyond
   * it the thread's counters count them. Small enough that a new story's post takes at most 10
   * writes in its first seconds (its creation, these comments and the mark).
   */
  cardComments: 8,
  /** The counters of one thread (posts/{id}/commentCounts/0–63): busy threads spread over them. */
  commentCounters: 64,
  /**
   * The like counters of one comment (posts/{id}/likeCounts/{commentId}_0–63): likes its own
   * document cannot take in that second spread over them.
   */
  likeCounters: 64,
  /** A comment's own like count is moved at most once in this many seconds. */
  likeIntervalSeconds: 1,
  /** A post id leaves room for the comment-copy and report ids built on it. */
  postIdBytes: 1300,
  /** The most posts one list query may ask for. */
  queryLimit: 50,
  /** One comment per account per this many seconds, across all posts. */
  commentIntervalSeconds: 10,
  /** A deal's display name. */
  dealNameChars: 80,
  dealNameBytes: 320,
  /**
   * A deal's id: words of a-z and 0-9 joined by '-' (src/features/deals/data/deal.ts dealIdFor).
   */
  dealIdChars: 80,
  /** Status changes kept in a deal's history. */
  dealHistorySteps: 100,
} as const;
