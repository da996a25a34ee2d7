/**
 * `npm run words:backfill`: gives every post its search words (`words`, made by the app's one
 * derivation, src/shared/posts/postWords.ts), for posts written before the app wrote them.
 * Until then such a post is found by the loaded posts' search only. Run once after deploying the
 * search of every post; run again, it writes only posts whose words are missing or stale.
 *
 *   npm run words:backfill                     the dev emulators' data (`npm run dev` running)
 *   npm run words:backfill -- --emulator HOST:PORT --project ID
 *   FIRESTORE_ACCESS_TOKEN=$(gcloud auth print-access-token) npm run words:backfill -- --project ID
 *                                              a deployed project, as an account IAM lets write it
 *
 * Only `words` is written: no page shows them, so no change stamp is written and open pages read
 * nothing more.
 */
import { parseArgs } from 'node:util';
import { APP_ENV_DEFAULTS } from '../lib/appEnv';
import { ownerClient } from '../lib/ownerClient';
import { backfillWords } from './backfillWords';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { project: { type: 'string' }, emulator: { type: 'string' } },
  });
  const token = process.env.FIRESTORE_ACCESS_TOKEN;
  const deployed = values.emulator === undefined && values.project !== undefined;
  if (deployed && token === undefined) {
    throw new Error(
      'words:backfill: a deployed project needs FIRESTORE_ACCESS_TOKEN (gcloud auth print-access-token); an emulator needs --emulator HOST:PORT',
    );
  }
  const projectId = values.project ?? APP_ENV_DEFAULTS.VITE_FIREBASE_PROJECT_ID;
  const host = values.emulator ?? APP_ENV_DEFAULTS.VITE_FIRESTORE_EMULATOR_HOST;
  const url = deployed ? 'https://firestore.googleapis.com' : `http://${host}`;
  const { read, written } = await backfillWords(
    ownerClient(url, projectId),
    deployed && token ? token : 'owner',
  );
  console.log(
    `words:backfill: ${projectId} at ${url}: ${read} posts read, ${written} given words.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
