/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { readAdminEmail } from './scripts/lib/adminEmail';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const adminEmail = readAdminEmail();
  if (env.VITE_ADMIN_EMAIL && env.VITE_ADMIN_EMAIL !== adminEmail) {
    throw new Error(
      `VITE_ADMIN_EMAIL (${env.VITE_ADMIN_EMAIL}) disagrees with adminEmail() in firestore.rules ` +
        `(${adminEmail}). The rules are the source of truth: change the address there.`,
    );
  }
  return {
    plugins: [react()],
    define: {
      'import.meta.env.VITE_ADMIN_EMAIL': JSON.stringify(adminEmail),
    },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: { target: 'es2022' },
    test: {
      globalSetup: ['tests/support/globalSetup.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['emulator/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.tsx'],
            setupFiles: ['tests/support/appSetup.ts'],
          },
        },
      ],
    },
  };
});
