/**
 * firestore.rules compiled by Google's engine before anything else uses it. The engine reads
 * `--rules` at start without a word when they do not compile, and every request then fails with
 * "Error compiling rules"; loading them through its securityRules endpoint answers with the errors
 * instead, which are reported here as a compiler would, against the file: `firestore.rules:598:3:
 * Unexpected 'allow'.`, one line each.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** Rules the engine will not compile; its message is one `file:line:column: …` line per error. */
export class RulesBroken extends Error {
  override name = 'RulesBroken';
}

/** The file as a developer's editor and terminal name it: relative to here when it is below. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  const near = relative(cwd, path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

/**
 * The engine's compile errors ("Error compiling rules:\nL598:3 Unexpected 'allow'.\n…") as
 * `file:598:3: Unexpected 'allow'.` lines, in the engine's order; the whole message against the
 * file when it names no position.
 */
export function rulesErrors(file: string, engineMessage: string): string[] {
  const errors = [...engineMessage.matchAll(/^L(\d+):(\d+) (.*)$/gm)].map(
    ([, line, column, message]) => `${file}:${line}:${column}: ${message.trim()}`,
  );
  return errors.length > 0 ? errors : [`${file}: ${engineMessage.trim()}`];
}

/**
 * Loads the rules at `rulesPath` into the engine at `engineUrl` for `projectId`; throws
 * RulesBroken when they do not compile, and a plain Error when the engine answers otherwise.
 */
export async function loadRulesFile(
  engineUrl: string,
  projectId: string,
  rulesPath: string,
): Promise<void> {
  const file = displayPath(rulesPath);
  const response = await fetch(`${engineUrl}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rules: { files: [{ name: file, content: readFileSync(rulesPath, 'utf8') }] },
    }),
  });
  const text = await response.text();
  if (response.ok) return;
  const message = errorMessage(text);
  if (response.status === 400 && message.startsWith('Error compiling rules')) {
    throw new RulesBroken(rulesErrors(file, message).join('\n'));
  }
  throw new Error(`${file} could not be loaded: ${response.status} ${text.slice(0, 500)}`);
}

/** The google.rpc error's message of an error answer, or the answer itself. */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // Not JSON: the text is all there is.
  }
  return text;
}
