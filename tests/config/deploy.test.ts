/**
 * `npm run deploy -- --project <id>`: what it runs, in order, and what it refuses. Nothing is
 * deployed: the commands are recorded, except for the refusal without --project, which runs the
 * script itself as a person would.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEPLOY_TARGETS, DeployRefused, deploy, type Command } from '../../scripts/deploy';
import { PRODUCTION_SETTINGS } from './productionSettings';

const PROJECT = PRODUCTION_SETTINGS.VITE_FIREBASE_PROJECT_ID;

/**
 * The parts of a firebase.json that `firebase deploy` sends, as its `--only` names them: each
 * top-level section but the emulators' (local only), and Firestore's rules and indexes apart.
 */
function deployableParts(config: Record<string, unknown>): string[] {
  return Object.entries(config).flatMap(([section, value]) => {
    if (section === 'emulators') return [];
    if (section === 'firestore' && value && typeof value === 'object') {
      return Object.keys(value).map((key) => `firestore:${key}`);
    }
    return [section];
  });
}

/** Whether `--only` with `targets` sends `part` (`firestore` sends `firestore:rules` too). */
function sends(targets: readonly string[], part: string): boolean {
  return targets.some((target) => part === target || part.startsWith(`${target}:`));
}

/** A deploy with the given argv and settings; the commands it would have run. */
async function recorded(
  argv: string[],
  settings: Record<string, string | undefined> = PRODUCTION_SETTINGS,
): Promise<Command[]> {
  const commands: Command[] = [];
  await deploy(argv, {
    run: async (command) => void commands.push(command),
    settings: () => settings,
    env: { PATH: process.env.PATH, VITE_USE_EMULATORS: 'true' },
  });
  return commands;
}

describe('npm run deploy', () => {
  it("sends every part of firebase.json: Firestore's rules and indexes, and Hosting", () => {
    const config = JSON.parse(readFileSync('firebase.json', 'utf8')) as Record<string, unknown>;
    const parts = deployableParts(config);
    expect(parts).toEqual(
      expect.arrayContaining(['firestore:rules', 'firestore:indexes', 'hosting']),
    );
    for (const part of parts) expect(sends(DEPLOY_TARGETS, part), part).toBe(true);
    // A part added to firebase.json and not deployed is seen.
    expect(sends(DEPLOY_TARGETS, deployableParts({ storage: { rules: 'x' } })[0])).toBe(false);
  });

  it('builds for production, then deploys those parts to the project named', async () => {
    const commands = await recorded(['--project', PROJECT]);
    expect(commands.map(({ command, args }) => [basename(command), ...args])).toEqual([
      ['tsc', '-b'],
      ['vite', 'build', '--mode', 'production'],
      ['firebase', 'deploy', '--only', DEPLOY_TARGETS.join(','), '--project', PROJECT],
    ]);
    // The shell's emulator mode does not reach the build.
    for (const { env } of commands.slice(0, 2)) expect(env.VITE_USE_EMULATORS).toBeUndefined();
  });

  it('refuses, running nothing, a build for another project or for the emulators', async () => {
    await expect(recorded(['--project', 'someone-else'])).rejects.toThrow(
      /VITE_FIREBASE_PROJECT_ID is club-feed, not someone-else/,
    );
    await expect(
      recorded(['--project', PROJECT], { ...PRODUCTION_SETTINGS, VITE_USE_EMULATORS: 'true' }),
    ).rejects.toThrow(/VITE_USE_EMULATORS=true .* unset it to deploy/);
    await expect(recorded(['--project', PROJECT], {})).rejects.toThrow(
      /A production build needs the Firebase web-app settings; missing: VITE_FIREBASE_API_KEY/,
    );
  });

  it('refuses without --project, in one line naming the command to type', async () => {
    await expect(recorded([])).rejects.toBeInstanceOf(DeployRefused);
    const run = promisify(execFile)('node_modules/.bin/tsx', ['scripts/deploy.ts'], {
      env: { ...process.env, ...PRODUCTION_SETTINGS },
    });
    const failed = await run.then(
      () => null,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr).toBe(
      'npm run deploy: Which Firebase project? Usage: npm run deploy -- --project <firebase-project-id>\n',
    );
  });
});
