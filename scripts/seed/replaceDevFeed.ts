/**
 * `npm run seed:deadline-day` and `npm run seed:demo`, beside a running `npm run dev`: replace the
 * dev feed's data with the deadline-day feed (deadlineDay.ts buildDeadlineDayFeed: its long threads
 * and the pinned live blog's 10,000 comments) or the demo feed. Comments are written as the app's
 * recipe lays them out (seed.ts writePosts). Every Firestore
 * document goes first (seed.ts replaceFeed); the Auth emulator's accounts stay, so a signed-in page
 * stays signed in. An open page shows the new feed when reloaded.
 */
import { APP_ENV_DEFAULTS } from '../lib/appEnv';
import { ownerClient } from '../lib/ownerClient';
import { buildDeadlineDayFeed } from './deadlineDay';
import { buildDemoFeed } from './demoFeed';
import type { DemoPost } from './demoPosts';
import { replaceFeed } from './seed';

type SetName = 'demo' | 'deadline-day';

const SETS: Record<SetName, (now: number) => DemoPost[]> = {
  demo: buildDemoFeed,
  'deadline-day': buildDeadlineDayFeed,
};

// The Firestore `npm run dev` starts (the gate) and its project, as dev.ts reads them.
const host = APP_ENV_DEFAULTS.VITE_FIRESTORE_EMULATOR_HOST;
const target = {
  firestoreUrl: `http://${host}`,
  projectId: APP_ENV_DEFAULTS.VITE_FIREBASE_PROJECT_ID,
};

function isSetName(name: string | undefined): name is SetName {
  return name !== undefined && Object.hasOwn(SETS, name);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!isSetName(name)) {
    throw new Error(`name the posts to write: ${Object.keys(SETS).join(' or ')}`);
  }
  const script = `seed:${name}`;
  try {
    await ownerClient(target.firestoreUrl, target.projectId).runQuery({
      from: [{ collectionId: 'posts' }],
      limit: 1,
    });
  } catch {
    throw new Error(`${script}: no Firestore at ${host}; start \`npm run dev\` first.`);
  }
  const posts = SETS[name](Date.now());
  const started = performance.now();
  await replaceFeed(target, posts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts = posts.map((post) => post.comments.length);
  const comments = counts.reduce((sum, count) => sum + count, 0).toLocaleString('en-GB');
  const longest = Math.max(...counts).toLocaleString('en-GB');
  console.log(
    `${script}: replaced every Firestore document of the dev feed at ${host} with ` +
      `${posts.length} posts and ${comments} comments (the longest thread has ${longest}) ` +
      `in ${seconds} s; Auth accounts kept.`,
  );
  const back = name === 'demo' ? '' : ' (`npm run seed:demo` goes back)';
  console.log(`Reload the page to see it${back}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
