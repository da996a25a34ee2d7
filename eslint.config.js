import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Which files may talk to which Firebase SDK: everything else goes through them. */
const SDK_OWNERS = [
  { module: 'firebase/firestore/lite', owner: 'src/feedStore.ts' },
  { module: 'firebase/auth', owner: 'src/auth.ts' },
  { module: 'firebase/app', owner: 'src/firebase.ts' },
];

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
            message: 'The app uses firebase/firestore/lite, through src/feedStore.ts only.',
          },
        ],
        patterns: [
          {
            // Gitignore-style: the exception works because the parent itself is not excluded.
            group: ['firebase/firestore/*', '!firebase/firestore/lite'],
            message: 'The app uses firebase/firestore/lite, through src/feedStore.ts only.',
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
              target: './emulator',
              from: './src',
              message: 'The emulator is standalone tooling and never imports the app.',
            },
            {
              target: './src',
              from: ['./emulator', './scripts', './tests', './e2e'],
              message: 'The app must not depend on tooling or tests.',
            },
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
    files: ['emulator/**', 'scripts/**', 'tests/**', 'e2e/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
