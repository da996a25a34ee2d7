/** A REST document's fields as plain JS. */
export function documentData({ fields }: RestDocument): Record<string, unknown> {
  return decodeFields(fields);
}

/** A document of a REST answer: its full name and its fields, still in REST form. */
export interface RestDocument {
  name: string;
  fields: Record<string, unknown>;
}

/** The documents of a runQuery answer, in order. */
export function runQueryDocuments(json: unknown): RestDocument[] {
  if (!Array.isArray(json)) throw new Error('runQuery: expected an array of results');
  return json.flatMap((result: unknown) => {
    if (!isRecord(result)) return [];
    const document = restDocument(result.document);
    return document ? [document] : [];
  });
}

/**
 * The time a REST read was made at, as Firestore wrote it (every entry of an answer carries it,
 * an empty answer too); null when there is none. A change after it is newer than what was read.
 */
export function readTimeOf(json: unknown): string | null {
  if (!Array.isArray(json)) return null;
  for (const entry of json) {
    if (isRecord(entry) && typeof entry.readTime === 'string') return entry.readTime;
  }
  return null;
}

export function restDocument(value: unknown): RestDocument | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  return { name: value.name, fields: isRecord(value.fields) ? value.fields : {} };
}

/** The document id: the last segment of its name. */
export function idOf(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function decodeFields(fields: unknown): Record<string, unknown> {
  if (!isRecord(fields)) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, decodeValue(value)]),
  );
}

/** One Firestore Value (REST JSON form) as plain JS. Types the app never stores decode to null. */
export function decodeValue(value: unknown): unknown {
  if (!isRecord(value)) return null;
  if (typeof value.stringValue === 'string') return value.stringValue;
  // int64 travels as a decimal string; post timestamps fit a double exactly.
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if (typeof value.booleanValue === 'boolean') return value.booleanValue;
  if (typeof value.timestampValue === 'string') return Date.parse(value.timestampValue);
  if (isRecord(value.arrayValue)) {
    const values = value.arrayValue.values;
    return Array.isArray(values) ? values.map(decodeValue) : [];
  }
  if (isRecord(value.mapValue)) return decodeFields(value.mapValue.fields);
  return null;
}

/** Whether a decoded value is a plain object (a map), as documents' data are. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
