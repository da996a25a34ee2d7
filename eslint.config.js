import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Which files may talk to which Firebase SDK: everything else goes through them. */
const SDK_OWNERS = [
  { module: 'firebase/firestore/lite', owner: 'src/shared/store/writes.ts' },
  { module: 'firebase/auth', owner: 'src/features/session/store/auth.ts' },
  { module: 'firebase/app', owner: 'src/shared/store/firebase.ts' },
];

/**
 * The app's layers, top to bottom: each imports only from the layers below it (architecture in
 * README.md). The service worker is its own program on top of data and lib.
 */
const LAYERS = [
  {
    name: 'components',
    paths: [
      './src/app/main.tsx',
      './src/app/App.tsx',
      './src/admin',
      './src/deals',
      './src/feed',
      './src/header',
      './src/moderation',
      './src/permalink',
      './src/ui',
    ],
  },
  { name: 'hooks', paths: ['./src/hooks'] },
  { name: 'store', paths: ['./src/store'] },
  { name: 'data', paths: ['./src/data'] },
  { name: 'lib', paths: ['./src/lib', './src/shared/config.ts'] },
];
const SERVICE_WORKER = './src/sw';

function layerZones() {
  const zones = LAYERS.slice(1).map((layer, index) => {
    const above = LAYERS.slice(0, index + 1);
    return {
      target: layer.paths,
      from: above.flatMap((each) => each.paths),
      message: `${layer.name} may not import from ${above.map((each) => each.name).join(' or ')}: layers import downward only (components → hooks → store → data → lib).`,
    };
  });
  const app = LAYERS.flatMap((layer) => layer.paths);
  zones.push(
    {
      target: SERVICE_WORKER,
      from: LAYERS.slice(0, 3).flatMap((layer) => layer.paths),
      message: 'The service worker uses data and lib only: it runs without the page.',
    },
    { target: app, from: SERVICE_WORKER, message: 'The page never imports the service worker.' },
  );
  return zones;
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
            message: 'The app uses firebase/firestore/lite, through src/shared/store/writes.ts only.',
          },
        ],
        patterns: [
          {
            // Gitignore-style: the exception works because the parent itself is not excluded.
            group: ['firebase/firestore/*', '!firebase/firestore/lite'],
            message: 'The app uses firebase/firestore/lite, through src/shared/store/writes.ts only.',
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './scripts/lib/gate',
              from: './src',
              message:
                'The gate in front of the emulator is standalone tooling and never imports the app.',
            },
            {
              target: './src',
              from: ['./scripts', './tests', './e2e'],
              message: 'The app must not depend on tooling or tests.',
            },
            ...layerZones(),
            {
              target: ['./scripts', './vite.config.ts', './playwright.config.ts'],
              from: ['./tests', './e2e'],
              message:
                'Build and tooling code depends on src/ and scripts/lib only; what tests share with it lives in scripts/lib.',
            },
          ],
        },
      ],
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
    rules: { ...reactHooks.configs.recommended.rules, ...restrictSdk(null) },
  },
  ...SDK_OWNERS.map((sdk) => ({ files: [sdk.owner], rules: restrictSdk(sdk.owner) })),
  {
    files: ['src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', 'tests/**', 'e2e/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
