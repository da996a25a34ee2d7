/**
 * The Lite SDK's single-document writes, made as the app makes them
 * (src/shared/store/postStamp.ts): a write to posts/{id} goes in one batch with
 * postChanges/{id} = { at: serverTimestamp() }, which firestore.rules requires of every post write.
 * Writes elsewhere go as they are. Same signatures as the SDK's, so the rules matrix reads as plain
 * SDK calls.
 */
import {
  doc,
  writeBatch,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type SetOptions,
  type WriteBatch,
} from 'firebase/firestore/lite';
import * as sdk from 'firebase/firestore/lite';
import { postStamp } from '../../src/shared/store/postStamp';

/** posts/{id} at the root: the documents whose writes carry a stamp. */
export function isPost(ref: DocumentReference): boolean {
  return ref.parent.id === 'posts' && ref.parent.parent === null;
}

/** What a batch and a transaction both set documents with. */
export interface DocumentSetter {
  set(ref: DocumentReference, data: DocumentData): unknown;
}

/**
 * Adds the stamp of post `id` to `batch` (or a transaction), as
 * src/shared/store/postStamp.ts's commitWithStamp does.
 */
export function stampChange(db: Firestore, batch: DocumentSetter, id: string): void {
  batch.set(doc(db, 'postChanges', id), postStamp(sdk));
}

function stamped(ref: DocumentReference, write: (batch: WriteBatch) => void): Promise<void> {
  const batch = writeBatch(ref.firestore);
  write(batch);
  stampChange(ref.firestore, batch, ref.id);
  return batch.commit();
}

export async function addDoc(
  ref: CollectionReference,
  data: DocumentData,
): Promise<DocumentReference> {
  const created = doc(ref);
  if (!isPost(created)) return sdk.addDoc(ref, data);
  await stamped(created, (batch) => batch.set(created, data));
  return created;
}

export function setDoc(
  ref: DocumentReference,
  data: DocumentData,
  options: SetOptions = {},
): Promise<void> {
  if (!isPost(ref)) return sdk.setDoc(ref, data, options);
  return stamped(ref, (batch) => batch.set(ref, data, options));
}

export function updateDoc(ref: DocumentReference, data: DocumentData): Promise<void> {
  if (!isPost(ref)) return sdk.updateDoc(ref, data);
  return stamped(ref, (batch) => batch.update(ref, data));
}

export function deleteDoc(ref: DocumentReference): Promise<void> {
  if (!isPost(ref)) return sdk.deleteDoc(ref);
  return stamped(ref, (batch) => batch.delete(ref));
}
