/**
 * `tsx emulator/cli.ts`: the Java-free Firestore emulator for development and tests. Its flags and
 * their meaning: cliArgs.ts (`--help` prints them).
 */
import { existsSync, readFileSync, watch } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseCommandLine, USAGE, type CliFlags } from './cliArgs';
import { EXPORT_FILE } from './dataFiles';
import { parseOrigin } from './cors';
import { watchAncestors } from './parentWatch';
import { parseIndexConfig } from './indexes';
import { DeclaredIndexes } from './query/indexes';
import { compileRules, RulesSyntaxError } from './rules/index';
import type { RulesValidator } from './rules/validator';
import { startFirestoreEmulator, type RunningEmulator } from './server';

function readCommandLine(): CliFlags {
  const command = parseCommandLine(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (command.kind === 'usage-error') {
    console.error(command.message);
    process.exit(2);
  }
  return command.flags;
}

const flags = readCommandLine();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadRules(path: string): RulesValidator {
  return compileRules(readFileSync(path, 'utf8'), basename(path));
}

async function main(): Promise<void> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a port number, got "${flags.port}".`);
  const allowOrigins: string[] = [];
  for (const value of flags['allow-origin']) {
    try {
      allowOrigins.push(parseOrigin(value));
    } catch (error) {
      fail(`--allow-origin: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const rulesPath = flags.rules ? resolve(flags.rules) : null;
  let rules: RulesValidator | null = null;
  if (rulesPath) {
    try {
      rules = loadRules(rulesPath);
    } catch (error) {
      // A syntax error reads "firestore.rules:LINE:COL: what was expected".
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  const indexesPath = flags.indexes ? resolve(flags.indexes) : null;
  const indexes = indexesPath ? loadIndexes(indexesPath) : null;
  const dataDir = flags['data-dir'] ? resolve(flags['data-dir']) : undefined;
  if (dataDir && (flags.import || flags['export-on-exit']))
    fail('--data-dir already imports and exports; use it without --import and --export-on-exit.');
  let importDir = flags.import ? resolve(flags.import) : undefined;
  if (importDir && !existsSync(join(importDir, EXPORT_FILE))) {
    console.log(`Nothing to import: ${join(importDir, EXPORT_FILE)} does not exist yet.`);
    importDir = undefined;
  }
  let emulator: RunningEmulator;
  const loadStarted = performance.now();
  try {
    // Data is loaded before the port opens: the first request already sees all of it.
    emulator = await startFirestoreEmulator({
      host: flags.host,
      port,
      rules,
      log: (line) => console.log(line),
      allowOrigins,
      importDir,
      dataDir,
      journalWaitsForDisk: flags['journal-fsync'],
      indexes,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code; // listen() rejects with a system error
    if (code === 'EADDRINUSE')
      fail(`Port ${port} is already in use on ${flags.host}; the Firestore emulator cannot start.`);
    throw error;
  }
  const loadMs = Math.round(performance.now() - loadStarted);
  if (importDir) console.log(`Imported data from ${flags.import} (${loadMs} ms).`);
  if (dataDir) console.log(`Data directory: ${dataDir} (loaded and journaled, ${loadMs} ms).`);
  console.log(
    `Firestore emulator — a DEVELOPMENT emulator, not for production — listening on ${emulator.url}`,
  );
  console.log(`  project: ${flags.project} (any project id is accepted)`);
  console.log(
    `  browser pages answered: http://localhost, http://127.0.0.1 and http://[::1] on any port${allowOrigins.map((o) => `, ${o}`).join('')}`,
  );
  if (rulesPath) {
    console.log(
      `  security rules: ${rulesPath} (enforced${flags['watch-rules'] ? ', reloaded on change' : ''})`,
    );
  } else {
    console.log('  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    console.log('  !! WARNING: NO SECURITY RULES LOADED. EVERY REQUEST IS ALLOWED.             !!');
    console.log('  !! Start with --rules firestore.rules to enforce them.                      !!');
    console.log('  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
  }
  console.log(
    indexesPath
      ? `  indexes: ${indexesPath} (enforced: a query needing an index it lacks fails as in production)`
      : '  indexes: NOT enforced (start with --indexes firestore.indexes.json to refuse queries production would)',
  );
  if (rulesPath && flags['watch-rules']) watchRules(rulesPath, emulator);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    try {
      // Stops accepting, finishes the requests in flight, then writes the data directory.
      await emulator.close();
      if (dataDir) console.log(`Saved data to ${dataDir} (${signal}).`);
      if (flags['export-on-exit']) {
        await emulator.exportData(resolve(flags['export-on-exit']));
        console.log(`Exported data to ${flags['export-on-exit']} (${signal}).`);
      }
      process.exit(0);
    } catch (error) {
      console.error(`Firestore emulator: stopping failed: ${String(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  watchAncestors((why) => {
    console.log(`Firestore emulator: stopping because ${why}.`);
    void stop('parent exited');
  });
}

/** The --indexes file, or a stop naming what is wrong with it. */
function loadIndexes(path: string): DeclaredIndexes {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code; // readFileSync throws system errors
    fail(`--indexes: cannot read ${path}: ${code ?? String(error)}.`);
  }
  try {
    return new DeclaredIndexes(parseIndexConfig(text, basename(path)));
  } catch (error) {
    fail(`--indexes: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Watches the directory (editors often replace the file), recompiles, keeps the old rules on error. */
function watchRules(path: string, emulator: RunningEmulator): void {
  let timer: NodeJS.Timeout | undefined;
  watch(dirname(path), (_event, file) => {
    if (file !== basename(path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        emulator.setRules(loadRules(path));
        console.log(`Security rules reloaded from ${path}.`);
      } catch (error) {
        const detail =
          error instanceof RulesSyntaxError || error instanceof Error
            ? error.message
            : String(error);
        console.error(`Security rules NOT reloaded; the previous rules stay in force. ${detail}`);
      }
    }, 100);
  });
}

main().catch((error: unknown) =>
  fail(
    `Firestore emulator failed to start: ${error instanceof Error ? error.message : String(error)}`,
  ),
);
