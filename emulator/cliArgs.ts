/** The emulator's command line: its flags, its usage text, and what a wrong flag is told. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

const OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '8080' },
  project: { type: 'string', default: 'demo-transfer-feed' },
  rules: { type: 'string' },
  'watch-rules': { type: 'boolean', default: false },
  indexes: { type: 'string' },
  'data-dir': { type: 'string' },
  'journal-fsync': { type: 'boolean', default: false },
  import: { type: 'string' },
  'export-on-exit': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true, default: [] },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

export const USAGE = `Usage: tsx emulator/cli.ts [options]

A Java-free Firestore emulator for development and tests (not for production).

Options:
  --host HOST            address to listen on (default 127.0.0.1)
  --port PORT            port to listen on (default 8080)
  --project ID           project id shown in the banner; any id is accepted (default demo-transfer-feed)
  --rules PATH           enforce these security rules (otherwise every request is allowed)
  --watch-rules          reload the rules when the file changes (the old ones stay on a syntax error)
  --indexes FILE         refuse, as production does, a query needing a composite index FILE
                         (firestore.indexes.json) does not declare (otherwise indexes are not checked)
  --data-dir DIR         load DIR at start, journal every acknowledged write there, compact on stop;
                         one emulator per directory (emulator.lock)
  --journal-fsync        with --data-dir: wait for the disk before answering, so writes survive a power cut
  --import DIR           load DIR/firestore-export.json at start
  --export-on-exit DIR   write DIR/firestore-export.json on a clean stop (SIGINT, SIGTERM, SIGHUP)
  --allow-origin ORIGIN  also answer browser pages from ORIGIN (repeatable; loopback origins always are)
  -h, --help             print this and exit
`;

export type CliFlags = ReturnType<typeof parseFlags>['values'];

export type CliCommand =
  | { kind: 'run'; flags: CliFlags }
  | { kind: 'help' }
  /** A wrong command line: one line to print, then exit 2. */
  | { kind: 'usage-error'; message: string };

function parseFlags(args: string[]) {
  return parseArgs({ args, options: OPTIONS, strict: true });
}

export function parseCommandLine(args: string[]): CliCommand {
  let flags: CliFlags;
  try {
    flags = parseFlags(args).values;
  } catch (error) {
    return { kind: 'usage-error', message: `${describeParseError(args, error)} See --help.` };
  }
  return flags.help ? { kind: 'help' } : { kind: 'run', flags };
}

function describeParseError(args: string[], error: unknown): string {
  // parseArgs throws TypeErrors carrying a code for each kind of mistake.
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const { tokens } = parseArgs({ args, options: OPTIONS, strict: false, tokens: true });
    const unknown = tokens.find((token) => token.kind === 'option' && !(token.name in OPTIONS));
    if (unknown?.kind === 'option') return `Unknown option ${unknown.rawName}.`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const { positionals } = parseArgs({ args, options: OPTIONS, strict: false });
    return `Unexpected argument "${positionals[0]}": every setting is a --flag.`;
  }
  // A flag without its value, or a value given to an on/off flag: Node's sentence names it.
  const message = error instanceof Error ? error.message : String(error);
  return message.split('. ')[0].replace(/\.?$/, '.');
}
