/**
 * A post's search words (`words`: the prefixes of its title's and content's words,
 * src/shared/posts/postWords.ts): at most `entries` strings of at most `chars` code points
 * each, all of them joined by spaces at most `bytes` UTF-8 bytes. A module apart from LIMITS
 * (limits.ts), which the first load carries whole: only the administrator's writes and the search
 * of every post use these. tests/config/limits.test.ts checks them against firestore.rules.
 */
export const WORD_LIMITS = {
  entries: 1000,
  chars: 20,
  bytes: 20_000,
} as const;
