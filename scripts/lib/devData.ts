/**
 * What `npm run dev` keeps between runs, with Google's emulator's own export and import: Ctrl-C
 * exports every document into .emulator-data/, the next start imports the newest export. The
 * engine holds the data in memory meanwhile, so a kill (or a crash) loses what was written since
 * the start.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import type { Firestore } from './emulators';
import { RulesBroken, displayPath, loadRulesFile } from './rulesCheck';

/**
 * The export Google's emulator writes:
 * <dir>/firestore_export_<time>/<same>.overall_export_metadata.
 */
const EXPORT = /^firestore_export_\d+$/;

/** The newest export's metadata file in `dir`, or null. */
export function latestExport(dir: string): string | null {
  const name = exportsIn(dir).at(-1);
  return name ? join(dir, name, `${name}.overall_export_metadata`) : null;
}

/**
 * Exports into `dir`, then removes the older exports. The engine names an export by the second it
 * was made, so one made within the same second replaces the last in place.
 */
export async function saveExport(store: Firestore, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await store.exportTo(dir);
  for (const name of exportsIn(dir).slice(0, -1)) {
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function exportsIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(
      (name) => EXPORT.test(name) && existsSync(join(dir, name, `${name}.overall_export_metadata`)),
    )
    .sort((a, b) => Number(a.split('_').at(-1)) - Number(b.split('_').at(-1)));
}

/**
 * Loads firestore.rules into the running engine whenever the file changes, as firebase-tools does
 * (Google's emulator reads --rules once). A rules file with an error is refused by the engine and
 * reported, each error as `firestore.rules:LINE:COL: …`, and the previous rules stay.
 */
export function watchRules(
  rulesPath: string,
  firestoreUrl: string,
  projectId: string,
  log: (line: string) => void,
): void {
  let timer: NodeJS.Timeout | undefined;
  const file = displayPath(rulesPath);
  const reload = () => {
    loadRulesFile(firestoreUrl, projectId, rulesPath).then(
      () => log(`${file} reloaded.`),
      (error: unknown) => {
        if (!(error instanceof RulesBroken)) return log(`${file} not loaded: ${String(error)}`);
        // The compiler's lines as they are, for the editor's jump-to-line.
        log(`${file} not loaded, the rules before it stay in force:`);
        for (const line of error.message.split('\n')) log(line);
      },
    );
  };
  // Editors write a file in several steps: load once it has settled.
  watch(rulesPath, () => {
    clearTimeout(timer);
    timer = setTimeout(reload, 200);
  }).unref();
}
