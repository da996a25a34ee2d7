/** Exact structural equality of canonical values (1 and 1.0 differ), to detect writes that change nothing. */
import type { Fields, Value } from './model';

export function identicalFields(a: Fields, b: Fields): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && identicalValues(a[key], b[key]));
}

function identicalValues(a: Value, b: Value): boolean {
  if (a === b) return true;
  if ('arrayValue' in a) {
    if (!('arrayValue' in b)) return false;
    const av = a.arrayValue.values ?? [];
    const bv = b.arrayValue.values ?? [];
    return av.length === bv.length && av.every((v, i) => identicalValues(v, bv[i]));
  }
  if ('mapValue' in a) {
    return 'mapValue' in b && identicalFields(a.mapValue.fields ?? {}, b.mapValue.fields ?? {});
  }
  if ('geoPointValue' in a) {
    return (
      'geoPointValue' in b &&
      a.geoPointValue.latitude === b.geoPointValue.latitude &&
      a.geoPointValue.longitude === b.geoPointValue.longitude
    );
  }
  const [kind] = Object.keys(a);
  const [otherKind] = Object.keys(b);
  return kind === otherKind && Object.is(Object.values(a)[0], Object.values(b)[0]);
}
