/** DELETE /emulator/v1/projects/{p}/databases/{d}/documents — as the official emulator: drops that database's data. */
import type { DatabaseId } from '../paths';
import type { EmulatorState } from '../state';

export async function clearDatabase(
  state: EmulatorState,
  db: DatabaseId,
): Promise<Record<string, never>> {
  await state.clearDatabase(db);
  return {};
}
