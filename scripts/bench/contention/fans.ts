import type { Browser, Page } from '@playwright/test';
import { SENDING } from '../../../src/shared/errors/messages';
import { signInAs } from '../accountChooser';

/** The e2e journeys' phone size. */
const PHONE = { width: 390, height: 844 };
/** Time to arm every page before the common press. */
const ARM_MS = 3_000;
/** The longest a fan is given to see their comment or a refusal. */
const OUTCOME_TIMEOUT_MS = 180_000;

/** Firestore's commit, and a read of one post by its address (restReads.readPost). */
const COMMIT = /\/documents:commit(\?|$)/;
const POST_READ = /\/documents\/posts\/[^/?]+(\?|$)/;

/** One fan: a signed-in page of the app in a browser context of its own. */
export interface Fan {
  email: string;
  page: Page;
  /** Commit requests (documents:commit) sent since the round began. */
  commits: number;
  /** Of those, answered ABORTED (409: contention, made again) and PERMISSION_DENIED (403). */
  aborted: number;
  denied: number;
  /** Reads of one post by address (a refused comment's view read again) since the round began. */
  postReads: number;
  /** Requests under way. */
  inFlight: number;
}

/** What one fan's press came to. */
export interface FanOutcome {
  email: string;
  text: string;
  /** When the fan pressed 'Post' (ms since the epoch). */
  pressedAt: number;
  /** From the press to the comment shown in the card; null when it never showed. */
  waitMs: number | null;
  /**
   * Whether the form said 'Sending…' (Firestore asked for the commit again, or the view was old).
   */
  sawSending: boolean;
  /** The form's alert, '' when it showed none. */
  error: string;
  commits: number;
  aborted: number;
  denied: number;
  postReads: number;
}

/** What a page records of its fan's press, for the bench to read back. */
interface PressRecord {
  pressedAt: number;
  shownAt: number;
  sawSending: boolean;
  error: string;
}

declare global {
  interface Window {
    contentionPress?: PressRecord;
  }
}

/**
 * A page for each address, one after the other: the feed opened at phone size, signed in through
 * the account chooser. Its commit requests and post reads are counted.
 */
export async function openFans(browser: Browser, url: string, emails: string[]): Promise<Fan[]> {
  const fans: Fan[] = [];
  for (const email of emails) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const fan: Fan = { email, page, commits: 0, aborted: 0, denied: 0, postReads: 0, inFlight: 0 };
    page.on('request', (request) => {
      fan.inFlight += 1;
      if (request.method() === 'POST' && COMMIT.test(request.url())) fan.commits += 1;
      if (request.method() === 'GET' && POST_READ.test(request.url())) fan.postReads += 1;
    });
    page.on('response', (response) => {
      if (response.request().method() !== 'POST' || !COMMIT.test(response.url())) return;
      if (response.status() === 409) fan.aborted += 1;
      if (response.status() === 403) fan.denied += 1;
    });
    page.on('requestfinished', () => (fan.inFlight -= 1));
    page.on('requestfailed', () => (fan.inFlight -= 1));
    await page.goto(url);
    await page.getByRole('feed').getByRole('article').first().waitFor();
    await signInAs(page, email);
    fans.push(fan);
  }
  return fans;
}

/**
 * Each fan types their comment on the post, then all press 'Post' at the same moment: each page
 * clicks it from a timer set to one wall-clock time (the pages share the machine's clock), so the
 * press is not spread out by the bench's calls to twenty pages one after another. Resolves once
 * every fan saw their comment in the card or a refusal.
 */
export async function pressAtOnce(
  fans: Fan[],
  postId: string,
  texts: string[],
): Promise<FanOutcome[]> {
  const articles = fans.map((fan) => fan.page.locator(`article[data-post-id="${postId}"]`));
  // Focusing the form loads the write module and the SDK, as it does for a fan typing.
  for (const [n, article] of articles.entries()) {
    await article.getByRole('textbox', { name: 'Add a comment...' }).fill(texts[n]);
  }
  await Promise.all(fans.map((fan) => quiet(fan)));
  for (const fan of fans) Object.assign(fan, { commits: 0, aborted: 0, denied: 0, postReads: 0 });
  const at = Date.now() + ARM_MS;
  await Promise.all(articles.map((article, n) => arm(article, texts[n], at)));
  return Promise.all(fans.map((fan, n) => outcome(fan, texts[n])));
}

/** Waits until the page has had no request under way for half a second. */
async function quiet(fan: Fan): Promise<void> {
  for (let idle = 0; idle < 500; idle = fan.inFlight === 0 ? idle + 50 : 0) {
    await fan.page.waitForTimeout(50);
  }
}

/**
 * Watches the post's card for the comment and the form's status and alert, and clicks 'Post' at
 * `at`. No named functions inside: tsx would wrap them in a helper the page lacks.
 */
async function arm(article: ReturnType<Page['locator']>, text: string, at: number): Promise<void> {
  await article.evaluate(
    (element, { text, at, sending }) => {
      const record = { pressedAt: 0, shownAt: 0, sawSending: false, error: '' };
      window.contentionPress = record;
      new MutationObserver(() => {
        const lines = Array.from(element.querySelectorAll('.comment__text'));
        if (record.shownAt === 0 && lines.some((line) => line.textContent === text)) {
          record.shownAt = Date.now();
        }
        const status = element.querySelector('.comment-form [role="status"]');
        if (status?.textContent === sending) record.sawSending = true;
        record.error = element.querySelector('.comment-form [role="alert"]')?.textContent ?? '';
      }).observe(element, { childList: true, subtree: true, characterData: true });
      const button = element.querySelector('.comment-form button[type="submit"]');
      if (!(button instanceof HTMLButtonElement)) throw new Error('No Post button on the card');
      setTimeout(() => {
        record.pressedAt = Date.now();
        button.click();
      }, at - Date.now());
    },
    { text, at, sending: SENDING },
  );
}

/** The fan's comment shown or refused, as the page recorded it. */
async function outcome(fan: Fan, text: string): Promise<FanOutcome> {
  const { page } = fan;
  const ended = await page
    .waitForFunction(
      () => {
        const record = window.contentionPress;
        return record !== undefined && (record.shownAt > 0 || record.error !== '');
      },
      undefined,
      { timeout: OUTCOME_TIMEOUT_MS, polling: 50 },
    )
    .then(
      () => '',
      () => `neither shown nor refused within ${OUTCOME_TIMEOUT_MS / 1000} s`,
    );
  const record = await page.evaluate(() => window.contentionPress);
  if (!record) throw new Error(`${fan.email}'s page lost its record`);
  return {
    email: fan.email,
    text,
    pressedAt: record.pressedAt,
    waitMs: record.shownAt > 0 ? record.shownAt - record.pressedAt : null,
    sawSending: record.sawSending,
    error: record.error || ended,
    commits: fan.commits,
    aborted: fan.aborted,
    denied: fan.denied,
    postReads: fan.postReads,
  };
}
