/** DELETE /emulator/v1/projects/{p}/databases/{d}/documents — as the official emulator: drops that database's data. */
import type { DatabaseId } from '../paths';
import type { EmulatorState } from '../state';

export function clearDatabase(state: EmulatorState, db: DatabaseId): Record<string, never> {
  state.clear(db);
  return {};
}
