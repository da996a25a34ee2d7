/**
 * Prints the Java and the jar of Google's Firestore emulator that dev and the tests will run, or
 * the one line saying what to install (exit 1). `.ci/run` asks it before choosing a jar.
 */
import { EngineMissing, findEngineJar, findJava } from './lib/firestoreEngine';

try {
  console.log(`${findJava()} -cp ${findEngineJar()}`);
} catch (error) {
  if (!(error instanceof EngineMissing)) throw error;
  console.error(error.message);
  process.exit(1);
}
