import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDemoPosts, type DemoPost } from '../../scripts/seed/demoPosts';
import { writePosts } from '../../scripts/seed/seed';
import { HOST, PROJECT_ID, ROOT, firestoreUrl, type StackPorts } from './env';

/**
 * What tests do to the emulators behind the app's back, through their documented emulator-only
 * endpoints and the owner credential (never subject to the rules).
 */
const OWNER = { authorization: 'Bearer owner' };

export interface ResetOptions {
  /** The seed's clock: demo posts are dated relative to it. */
  now: number;
  rulesEnforced: boolean;
  /** Instead of the 84 demo posts. */
  posts?: DemoPost[];
}

/** Clears posts and accounts, restores firestore.rules if they are enforced, writes the demo posts. */
export async function resetFeed(ports: StackPorts, options: ResetOptions): Promise<void> {
  await request(
    'DELETE',
    `${firestoreUrl(ports)}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
  );
  await request(
    'DELETE',
    `http://${HOST}:${ports.auth}/emulator/v1/projects/${PROJECT_ID}/accounts`,
  );
  if (options.rulesEnforced) {
    await setRules(ports, readFileSync(join(ROOT, 'firestore.rules'), 'utf8'));
  }
  const posts = options.posts ?? buildDemoPosts(options.now);
  // Firestore takes at most 500 writes per commit.
  for (let start = 0; start < posts.length; start += 500) {
    await writePosts(
      { firestoreUrl: firestoreUrl(ports), projectId: PROJECT_ID },
      posts.slice(start, start + 500),
    );
  }
}

/** Replaces the Firestore emulator's rules, as the official emulator's securityRules endpoint does. */
export async function setRules(ports: StackPorts, source: string): Promise<void> {
  await request('PUT', `${firestoreUrl(ports)}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    rules: { files: [{ name: 'firestore.rules', content: source }] },
  });
}

/** Deletes the post created at that millisecond, as if the administrator did it from elsewhere. */
export async function deletePostCreated(ports: StackPorts, created: number): Promise<void> {
  const root = `projects/${PROJECT_ID}/databases/(default)/documents`;
  const results = await request('POST', `${firestoreUrl(ports)}/v1/${root}:runQuery`, {
    structuredQuery: {
      from: [{ collectionId: 'posts' }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'created' },
          op: 'EQUAL',
          value: { integerValue: String(created) },
        },
      },
    },
  });
  const names = documentNames(results);
  if (names.length !== 1) throw new Error(`${names.length} posts created at ${created}`);
  await request('POST', `${firestoreUrl(ports)}/v1/${root}:commit`, {
    writes: names.map((name) => ({ delete: name })),
  });
}

function documentNames(results: unknown): string[] {
  if (!Array.isArray(results)) return [];
  return results.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || !('document' in entry)) return [];
    const document: unknown = entry.document;
    if (typeof document !== 'object' || document === null || !('name' in document)) return [];
    return typeof document.name === 'string' ? [document.name] : [];
  });
}

async function request(method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { ...OWNER, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}
