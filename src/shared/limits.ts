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
  commentsPerPost: 400,
  /** A card shows a thread of at most this many comments inline (the post's `cardComments`). */
  cardComments: 10,
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
