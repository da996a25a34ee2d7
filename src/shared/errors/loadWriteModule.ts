import { StoreError } from './storeError';

/**
 * Loads a feature's write module (and through it the SDK) on the first write or `prepare`, never
 * with the first page: a reader never downloads it. Offline, its chunk may fail to load: that is
 * a write the server cannot be reached for, said as such, and the next write tries again.
 */
export async function loadWriteModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new StoreError('unavailable', `Could not load the write module: ${String(error)}`);
  }
}
