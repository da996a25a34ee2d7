/**
 * The fans of the hot story: each a verified Google account with an app (and Lite client) of its
 * own, signed in to the emulator with a mock token. A fan opens the post's page a second before
 * their first press (one read of the post: what the page knows), then presses three times, 20 s
 * apart, each time through the app's recipe (commitFanComment) from what the page knows: the summary
 * read on opening, then the one the last commit returned. A press waits for the fan's comment
 * before to show, as the form does.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { readThreadView } from '../../../src/features/feed/store/commentCommits';
import { commitFanComment, pageReview } from '../../../src/features/feed/store/heldCommits';
import { storeErrorCode } from '../../../src/shared/errors/storeError';
import type { Store } from '../../../src/shared/store/firestoreWrites';
import type { Comment, CommentSummary } from '../../../src/shared/posts/post';
import type { HostPort } from '../../lib/emulators';
import { PROJECT_ID } from '../../lib/testPorts';

/** A mock ID token's claims; a type alias, as the SDK's option needs an implicit index signature. */
export type Persona = {
  sub: string;
  email: string;
  email_verified: true;
  firebase: { sign_in_provider: 'google.com' };
};

export function googleUser(sub: string, email: string): Persona {
  return { sub, email, email_verified: true, firebase: { sign_in_provider: 'google.com' } };
}

let apps = 0;
const opened: FirebaseApp[] = [];

/** A Lite client of its own app, signed in as `persona` (null: signed out). */
export function client(emulator: HostPort, persona: Persona | null, sdk: Store['sdk']): Store {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `fan-${apps++}`);
  opened.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(
    db,
    emulator.host,
    emulator.port,
    persona ? { mockUserToken: persona } : {},
  );
  return { sdk, db };
}

export async function closeClients(): Promise<void> {
  await Promise.all(opened.splice(0).map((app) => deleteApp(app)));
}

export interface Schedule {
  /** Time 0 of the timeline (Date.now() ms): the first fan's first press. */
  start: number;
  /** Between one fan's first press and the next fan's. */
  stepMs: number;
  /** Between a fan's presses. */
  roundMs: number;
  rounds: number;
  /** How long before their first press a fan opens the post's page. */
  openLeadMs: number;
}

/** One press of 'Post' and what came of it. */
export interface Press {
  fan: number;
  round: number;
  scheduledAt: number;
  pressedAt: number;
  /** When the comment showed on the author's page (the commit resolved); null: refused. */
  shownAt: number | null;
  /** How the recipe counted it. */
  countedBy: string | null;
  retries: number;
  error: string | null;
  /** The comment: its text is the fan's and round's own, so no two presses make the same. */
  comment: Comment;
}

export interface FanPlan {
  index: number;
  persona: Persona;
  store: Store;
  postId: string;
  postTitle: string;
}

export async function runFan(plan: FanPlan, schedule: Schedule): Promise<Press[]> {
  const { index, persona, store, postId, postTitle } = plan;
  const firstPress = schedule.start + index * schedule.stepMs;
  await sleepUntil(firstPress - schedule.openLeadMs);
  // A page that did not open shows no form: each of the fan's presses is counted refused.
  let opening: string | null = null;
  const read = await readThreadView(store, postId).catch((error: unknown) => {
    opening = `the page did not open: ${describe(error)}`;
    return null;
  });
  if (!read) opening ??= `the page did not open: no post ${postId}`;
  let view: CommentSummary = read ?? { commentCount: 0, cardComments: [], moreComments: false };
  // What the fan's page keeps of the club's review (read with the first comment, 2 reads).
  const review = pageReview(store, persona.sub);
  const presses: Press[] = [];
  for (let round = 0; round < schedule.rounds; round += 1) {
    const scheduledAt = firstPress + round * schedule.roundMs;
    await sleepUntil(scheduledAt);
    const pressedAt = Date.now();
    const text = `Fan ${index + 1}, comment ${round + 1}: get it done before the window shuts!`;
    const comment = { user: persona.email, text, date: new Date(pressedAt).toLocaleString() };
    const press: Press = {
      fan: index,
      round,
      scheduledAt,
      pressedAt,
      shownAt: null,
      countedBy: null,
      retries: 0,
      error: null,
      comment,
    };
    if (opening !== null) {
      presses.push({ ...press, error: opening });
      continue;
    }
    try {
      const write = {
        postId,
        postTitle,
        view,
        comment,
        uid: persona.sub,
        onRetry: () => {
          press.retries += 1;
        },
      };
      const added = await commitFanComment(store, write, review);
      if (added.held !== null) throw new Error(`held for review (${added.held})`);
      press.shownAt = Date.now();
      press.countedBy = added.countedBy;
      view = added.summary;
    } catch (error) {
      press.error = describe(error);
    }
    presses.push(press);
  }
  return presses;
}

function describe(error: unknown): string {
  return `${storeErrorCode(error)}: ${error instanceof Error ? error.message : String(error)}`;
}

/** Resolves at `at` (Date.now() ms), at once if that has passed. */
export function sleepUntil(at: number): Promise<void> {
  const wait = at - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
