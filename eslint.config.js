import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Which files may talk to which Firebase SDK: everything else goes through them. */
const SDK_OWNERS = [
  { module: 'firebase/firestore/lite', owner: 'src/shared/store/firestoreWrites.ts' },
  { module: 'firebase/auth', owner: 'src/features/session/store/auth.ts' },
  { module: 'firebase/app', owner: 'src/shared/store/firebase.ts' },
];

/**
 * src/ is one folder per feature (src/features/*), what several features use (src/shared), the
 * screen's composition (src/app) and the service worker (src/sw). Inside a feature the layers
 * point down (components → hooks → state → store → data); a feature uses another only through its
 * index.ts (or its data/: pure shapes and functions); nothing imports src/app.
 * docs/architecture.md draws it.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const LAYERS = ['components', 'hooks', 'state', 'store', 'data'];

/**
 * Every tie between features, and why it exists: a feature imports another only if it is listed
 * here (15 pairs; docs/architecture.md counts them). Shapes several features need live in
 * src/shared (the post, permissions, collection names) rather than in a feature.
 */
const FEATURE_TIES = {
  admin: {
    deals: 'the post form picks a deal and writes its terms and summary',
    feed: "the post form and a card's actions write through the feed's commands",
  },
  comments: {
    feed: "a comment, a removal and a report go through the feed's commands; threads follow them",
    live: 'a thread a live check finds changed is read again where the page shows it',
  },
  dealFeeds: {
    admin: "a deal's page offers the administrator the terms form",
    deals: "the strip, a deal's feed and the window's ins and outs show deals",
    feed: "a deal's own feed is the feed, its pages read by deal",
    live: "a deal's feed and the strip follow the live checks",
  },
  deals: { live: 'the follow checks run when the live checks find a change' },
  feed: {
    admin: "a card holds the administrator's editor and actions",
    comments: 'a card holds its thread and comment box; the comment recipe names its documents',
    deals: "a card shows its deal's status badge",
    live: 'the live checks keep the feed current',
    search: 'the feed filters its loaded posts by the search words',
  },
  live: { feed: "what a check finds goes into the feed's reducer" },
  moderation: {
    comments: "the club's list reads comment copies and suspends commenters",
    feed: "a listed comment is removed through the feed's commands",
  },
  search: {
    feed: 'the results of a search of every post are a feed',
    live: 'the results follow the live checks',
  },
};

function featureZones() {
  return FEATURES.flatMap((feature) => {
    const root = `./src/features/${feature}`;
    const layers = LAYERS.slice(1).map((layer, index) => {
      const above = LAYERS.slice(0, index + 1);
      return {
        target: `${root}/${layer}`,
        from: above.map((each) => `${root}/${each}`),
        message: `${layer} may not import from ${above.join(' or ')}: a feature's layers import downward only (${LAYERS.join(' → ')}).`,
      };
    });
    const ties = FEATURE_TIES[feature] ?? {};
    const others = FEATURES.filter((other) => other !== feature).map((other) =>
      other in ties
        ? {
            target: root,
            from: `./src/features/${other}`,
            // data/ is public too: types and pure functions, no I/O, so another feature's data, the
            // service worker and node tools can use them without loading the rest of the feature.
            // commands.ts too: the writes a capability offers (the feed's), which import no
            // component, so a feature whose component calls them forms no circle.
            except: ['./index.ts', './data', './commands.ts'],
            message: `A feature uses another only through its index.ts (src/features/${other}/index.ts), its commands.ts, or its data/.`,
          }
        : {
            target: root,
            from: `./src/features/${other}`,
            message: `${feature} does not use ${other}: a new tie between features goes in FEATURE_TIES (eslint.config.js), with its reason.`,
          },
    );
    return [...layers, ...others];
  });
}

function srcZones() {
  return [
    {
      target: './src/shared',
      from: ['./src/features', './src/app', './src/sw'],
      message: 'src/shared is what features stand on: it imports no feature, app or worker code.',
    },
    {
      target: './src/features',
      from: ['./src/app', './src/sw'],
      message: 'Features never import the app that composes them, nor the service worker.',
    },
    {
      target: './src/app',
      from: './src/features',
      except: FEATURES.map((feature) => `./${feature}/index.ts`),
      message: 'The app uses a feature only through its index.ts.',
    },
    {
      target: './src/app',
      from: './src/sw',
      message: 'The page never imports the service worker.',
    },
    {
      target: './src/sw',
      from: './src/features',
      except: FEATURES.map((feature) => `./${feature}/data`),
      message: "The service worker runs without the page: it uses features' data only.",
    },
    {
      target: './src/sw',
      from: ['./src/app', './src/shared/ui', './src/shared/forms'],
      message: 'The service worker runs without the page: no app or UI code.',
    },
  ];
}

function restrictSdk(except) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...SDK_OWNERS.filter((sdk) => sdk.owner !== except).map((sdk) => ({
            name: sdk.module,
            message: `Only ${sdk.owner} may import ${sdk.module}.`,
          })),
          {
            name: 'firebase/firestore',
            message:
              'The app uses firebase/firestore/lite, through src/shared/store/firestoreWrites.ts only.',
          },
        ],
        patterns: [
          {
            // Gitignore-style: the exception works because the parent itself is not excluded.
            group: ['firebase/firestore/*', '!firebase/firestore/lite'],
            message:
              'The app uses firebase/firestore/lite, through src/shared/store/firestoreWrites.ts only.',
          },
          {
            group: ['@firebase/*'],
            message: 'Import the public firebase/* entry points, through their owner module.',
          },
        ],
      },
    ],
  };
}

/**
 * Which folders may import which. `app`: the zones for the app's own code, which also may not
 * import tooling or tests (a feature's tests beside it use the test harness in tests/support).
 */
function restrictedPaths(app) {
  const zones = [
    {
      target: './scripts/lib/gate',
      from: './src',
      message: 'The gate in front of the emulator is standalone tooling and never imports the app.',
    },
    ...srcZones(),
    ...featureZones(),
    {
      target: ['./scripts', './vite.config.ts', './playwright.config.ts'],
      from: ['./tests', './e2e'],
      message:
        'Build and tooling code depends on src/ and scripts/lib only; what tests share with it lives in scripts/lib.',
    },
  ];
  if (app) {
    zones.push({
      target: './src',
      from: ['./scripts', './tests', './e2e'],
      message: 'The app must not depend on tooling or tests.',
    });
  }
  return ['error', { zones }];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'node_modules',
      'coverage',
      '.emulator-data',
      'e2e-screenshots',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': restrictedPaths(false),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrictSdk(null),
      'import-x/no-restricted-paths': restrictedPaths(true),
    },
  },
  ...SDK_OWNERS.map((sdk) => ({ files: [sdk.owner], rules: restrictSdk(sdk.owner) })),
  {
    // A feature's tests sit beside it and may set up any part of the page they drive (the live
    // checks, who is signed in, the whole App): the boundaries are for the app's own code.
    files: ['src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['scripts/**', 'tests/**', 'e2e/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
