import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each Vitest worker gets its own Firestore project in the shared test emulator, so test files
// running in parallel never see each other's posts. Set before any app module reads its config.
vi.stubEnv('VITE_FIREBASE_PROJECT_ID', `demo-transfer-feed-w${process.env.VITEST_POOL_ID ?? '0'}`);

// findBy…/waitFor wait for a condition; the default 1 s would race a busy machine instead.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
