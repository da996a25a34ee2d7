import { describe, expect, it } from 'vitest';
import {
  addCspSources,
  globToRegExp,
  headersFor,
  hostingCsp,
  readFirebaseJson,
  readHeaderRules,
} from '../../scripts/lib/hostingHeaders';

const rules = readHeaderRules();
const directives = new Map(
  hostingCsp(rules)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .map(([name, ...sources]) => [name, sources]),
);

describe('firebase.json hosting', () => {
  it('publishes dist/ as a single-page app', () => {
    expect(readFirebaseJson().hosting).toMatchObject({
      public: 'dist',
      rewrites: [{ source: '**', destination: '/index.html' }],
    });
  });

  it('caches hashed assets for a year and revalidates everything else', () => {
    expect(headersFor('/assets/index-abc123.js', rules)['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/posts/some-route', '/logo.svg']) {
      expect(headersFor(path, rules)['cache-control']).toBe('no-cache');
    }
  });

  it('sends the security headers on every response', () => {
    for (const path of ['/', '/assets/index-abc123.js', '/images/a.jpg', '/any/route']) {
      expect(headersFor(path, rules)).toMatchObject({
        'content-security-policy': hostingCsp(rules),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
      });
    }
  });

  it('allows scripts only from the site, by hash, and Google sign-in; no plugins or framing', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(
      directives.get('script-src')?.filter((source) => !source.startsWith("'sha256-")),
    ).toEqual(["'self'", 'https://apis.google.com']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(directives.get('img-src')).toEqual(["'self'", 'https:']);
  });
});

describe('the service worker on Hosting', () => {
  it('is always revalidated, so a new deploy is found on the next load', () => {
    expect(headersFor('/sw.js', rules)['cache-control']).toBe('no-cache');
  });

  it('may fetch what it keeps (Firestore, any https picture) and run nothing else', () => {
    expect(headersFor('/sw.js', rules)['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self' https:",
    );
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
  });
});

describe('reading hosting rules', () => {
  it('matches globs as Hosting does for ** and *', () => {
    expect(globToRegExp('**').test('/a/b.js')).toBe(true);
    expect(globToRegExp('/assets/**').test('/assets/x/y.js')).toBe(true);
    expect(globToRegExp('/assets/**').test('/other/assets/y.js')).toBe(false);
    expect(globToRegExp('/*.html').test('/index.html')).toBe(true);
    expect(globToRegExp('/*.html').test('/a/index.html')).toBe(false);
    expect(() => globToRegExp('**/*.@(js|css)')).toThrow(/only \*\*, \* and literal paths/);
  });

  it('adds the emulators to connect-src only', () => {
    const policy = addCspSources("default-src 'self'; connect-src 'self'", 'connect-src', [
      'http://127.0.0.1:8080',
    ]);
    expect(policy).toBe("default-src 'self'; connect-src 'self' http://127.0.0.1:8080");
    expect(() => addCspSources("default-src 'self'", 'connect-src', ['x'])).toThrow(
      /no connect-src/,
    );
  });
});
