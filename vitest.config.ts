import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { precompiledValidators } from './scripts/precompiled-validators';

const require = createRequire(import.meta.url);

/**
 * `npm test` runs three projects:
 * - unit: pure logic and the portal's data layer (msw stands in for the API there only);
 * - api: the reference API in-process on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set);
 * - browser: the built app served as in production, driven in the system Chromium.
 */
export default defineConfig({
  test: {
    // The JSON report lets CI print one plain "N passed, N failed" line at the end.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // Two files at a time, on any machine: Vitest's default (one fewer than the cores) runs every file
    // one after the other on two cores, though a browser file mostly waits on Chromium and the server,
    // and an API file on PostgreSQL mostly on the database.
    maxWorkers: 2,
    projects: [
      {
        // The portal's validators, compiled from the schemas as the build compiles them.
        plugins: [precompiledValidators()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A screen's first render in a file loads the whole portal: on a busy machine it takes seconds.
          testTimeout: 20_000,
          setupFiles: ['tests/unit/setup.ts'],
          // Node hands react-admin react-router's CommonJS build while Vite would give our modules
          // its ES build: two copies, and react-admin's <Routes> would not know our <Route>s. One
          // build for both, as in the browser bundle.
          alias: { 'react-router': require.resolve('react-router') },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
