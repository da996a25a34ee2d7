/**
 * `npm run comments:migrate`: moves the comment lists of posts written by earlier versions into
 * their threads, one document per comment, and gives those versions' posts without `pinned`
 * `pinned: false` (migrateComments.ts says how). Run it when deploying this version: until then a
 * post's listed comments cannot be removed, and the feed's first page (pinned first) leaves out
 * posts without `pinned` (earlier versions read `false` as unpinned, so it may run just before).
 * Run again, it writes nothing (0 posts moved, 0 given pinned false).
 *
 *   npm run comments:migrate                     the dev emulators' data (`npm run dev` running)
 *   npm run comments:migrate -- --emulator HOST:PORT --project ID
 *   FIRESTORE_EMULATOR_HOST=HOST:PORT npm run comments:migrate -- --project ID
 *   FIRESTORE_ACCESS_TOKEN=$(gcloud auth print-access-token) npm run comments:migrate -- --project ID
 *                                                a deployed project, as an account IAM lets write it
 */
import { parseArgs } from 'node:util';
import { APP_ENV_DEFAULTS } from '../lib/appEnv';
import { migrateComments } from './migrateComments';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { project: { type: 'string' }, emulator: { type: 'string' } },
  });
  const token = process.env.FIRESTORE_ACCESS_TOKEN;
  // The emulator variable the Firebase tools and Admin SDKs read names an emulator too.
  const emulator = values.emulator ?? process.env.FIRESTORE_EMULATOR_HOST;
  const deployed = emulator === undefined && values.project !== undefined;
  if (deployed && token === undefined) {
    throw new Error(
      'comments:migrate: a deployed project needs FIRESTORE_ACCESS_TOKEN (gcloud auth print-access-token); an emulator needs --emulator HOST:PORT',
    );
  }
  const projectId = values.project ?? APP_ENV_DEFAULTS.VITE_FIREBASE_PROJECT_ID;
  const host = emulator ?? APP_ENV_DEFAULTS.VITE_FIRESTORE_EMULATOR_HOST;
  const url = deployed ? 'https://firestore.googleapis.com' : `http://${host}`;
  const { read, moved, comments, unpinned } = await migrateComments(
    { firestoreUrl: url, projectId, caller: deployed && token ? token : 'owner' },
    (line) => console.log(`comments:migrate: ${line}`),
  );
  console.log(
    `comments:migrate: ${projectId} at ${url}: ${read} posts read, ${moved} posts moved, ` +
      `${comments} comments moved into their threads, ${unpinned} posts given pinned false.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
