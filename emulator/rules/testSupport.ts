/** Builders shared by the interpreter's unit tests: requests, documents and one-line rules. */
import type { Document, Fields, Value } from '../model';
import { compileRules } from './index';
import type { RulesDataAccess, RulesDecision, RulesRequest } from './validator';

export const NOW = new Date('2026-03-01T12:00:00.000Z');

export function doc(path: string, fields: Fields = {}): Document {
  return { name: `projects/demo/databases/(default)/documents/${path}`, fields };
}

export function request(overrides: Partial<RulesRequest> = {}): RulesRequest {
  return {
    method: 'get',
    database: '(default)',
    path: 't/x',
    auth: null,
    time: NOW,
    resource: null,
    requestResource: null,
    query: null,
    ...overrides,
  };
}

/**
 * Documents for get() (`docs`) and getAfter() (`after`). With `documents`, the data of one
 * request over that many documents, shared by every evaluation it is passed to.
 */
export function store(
  docs: Document[] = [],
  after: Document[] = docs,
  documents?: number,
): RulesDataAccess {
  const find = (list: Document[], path: string) =>
    list.find((d) => d.name.endsWith(`/documents/${path}`)) ?? null;
  const reads = {
    get: (path: string) => find(docs, path),
    getAfter: (path: string) => find(after, path),
  };
  return documents === undefined ? reads : { ...reads, documents, reads: new Map() };
}

/** Rules with one `allow get` on /t/{id} whose condition is `condition`. */
export function ruleFor(condition: string, functions = ''): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /t/{id} {
      allow get: if ${condition};
    }
  }
}`;
}

/** Evaluates `condition` for a get of t/x (resource = the doc t/x when given). */
export function check(
  condition: string,
  overrides: Partial<RulesRequest> = {},
  data: RulesDataAccess = store(),
): RulesDecision {
  return compileRules(ruleFor(condition)).evaluate(request(overrides), data);
}

/** REST value builders. */
export const v = {
  str: (value: string): Value => ({ stringValue: value }),
  int: (value: number): Value => ({ integerValue: String(value) }),
  float: (value: number): Value => ({ doubleValue: value }),
  bool: (value: boolean): Value => ({ booleanValue: value }),
  nil: (): Value => ({ nullValue: null }),
  ts: (value: string): Value => ({ timestampValue: value }),
  bytes: (base64: string): Value => ({ bytesValue: base64 }),
  ref: (path: string): Value => ({
    referenceValue: `projects/demo/databases/(default)/documents/${path}`,
  }),
  geo: (latitude: number, longitude: number): Value => ({ geoPointValue: { latitude, longitude } }),
  list: (...values: Value[]): Value => ({ arrayValue: { values } }),
  map: (fields: Fields): Value => ({ mapValue: { fields } }),
};
