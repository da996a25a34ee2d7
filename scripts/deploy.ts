/**
 * `npm run deploy -- --project <id>`: the production build of the app, then firebase.json's
 * Hosting and Firestore (rules and indexes) to that Firebase project, with the local
 * firebase-tools. The production settings (.env, see .env.example) are checked before anything is
 * built: a build for the emulators, or for another project's Firestore, is never deployed.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { resolveAppEnv } from './lib/appEnv';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = resolve(ROOT, 'node_modules/.bin');

/**
 * What a deploy sends, as `firebase deploy --only` names it: `hosting` is firebase.json's hosting
 * section (the dist/ build and its headers), `firestore` its firestore section, the rules and the
 * indexes both.
 */
export const DEPLOY_TARGETS = ['hosting', 'firestore'] as const;

export const USAGE = 'npm run deploy -- --project <firebase-project-id>';

/** A deploy refused before anything ran: one line saying why. */
export class DeployRefused extends Error {
  override name = 'DeployRefused';
}

export interface Command {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export interface DeployOptions {
  /** Runs one command to its end; rejects when it fails. */
  run?: (command: Command) => Promise<void>;
  /** The VITE_* settings a production build reads (.env files and the environment). */
  settings?: () => Record<string, string | undefined>;
  env?: NodeJS.ProcessEnv;
}

/** The commands of a deploy of `argv`'s project, in order; refuses (DeployRefused) first. */
export function deployCommands(
  argv: string[],
  settings: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv = process.env,
): Command[] {
  const project = projectOf(argv);
  let appEnv;
  try {
    appEnv = resolveAppEnv(settings);
  } catch (error) {
    throw new DeployRefused(error instanceof Error ? error.message : String(error));
  }
  if (appEnv.VITE_USE_EMULATORS === 'true') {
    throw new DeployRefused(
      'VITE_USE_EMULATORS=true (in the environment or a .env file) builds for the local ' +
        'emulators: unset it to deploy.',
    );
  }
  if (appEnv.VITE_FIREBASE_PROJECT_ID !== project) {
    throw new DeployRefused(
      `The build's VITE_FIREBASE_PROJECT_ID is ${appEnv.VITE_FIREBASE_PROJECT_ID}, not ${project}: ` +
        'the site would read another project’s Firestore. Deploy to that project or change .env.',
    );
  }
  // A production build whatever the shell says: the settings checked above are the build's.
  const buildEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production' };
  delete buildEnv.VITE_USE_EMULATORS;
  return [
    { command: resolve(BIN, 'tsc'), args: ['-b'], env: buildEnv },
    { command: resolve(BIN, 'vite'), args: ['build', '--mode', 'production'], env: buildEnv },
    {
      command: resolve(BIN, 'firebase'),
      args: ['deploy', '--only', DEPLOY_TARGETS.join(','), '--project', project],
      env,
    },
  ];
}

function projectOf(argv: string[]): string {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { project: { type: 'string' } } }));
  } catch (error) {
    const said = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DeployRefused(`${said.replace(/\.?$/, '.')} Usage: ${USAGE}`);
  }
  const project = values.project?.trim();
  if (!project || project.startsWith('-')) {
    throw new DeployRefused(`Which Firebase project? Usage: ${USAGE}`);
  }
  return project;
}

/** Builds, then deploys; every command's output goes to this terminal. */
export async function deploy(argv: string[], options: DeployOptions = {}): Promise<void> {
  const {
    run = runInherited,
    settings = () => loadEnv('production', ROOT, 'VITE_'),
    env = process.env,
  } = options;
  for (const command of deployCommands(argv, settings(), env)) await run(command);
}

function runInherited({ command, args, env }: Command): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  deploy(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`npm run deploy: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
