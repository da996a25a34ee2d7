import { call } from '../../../shared/store/firestoreWrites';
import { DEALS } from '../data/deal';
import type { DealTerms } from '../data/dealTerms';

/**
 * The administrator gives deal `id` its terms, changes them, or removes them (undefined): the
 * `terms` field alone, as firestore.rules' setsTerms() requires.
 */
export async function saveDealTerms(id: string, terms: DealTerms | undefined): Promise<void> {
  return call(({ sdk, db }) =>
    sdk.updateDoc(sdk.doc(db, DEALS, id), { terms: terms ?? sdk.deleteField() }),
  );
}
