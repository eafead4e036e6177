/**
 * Two test tiers, told apart by the file name (docs/testing.md):
 * - `fast`: every `test/**\/*.test.ts` but the full tier's; in-process, every behaviour covered. `npm test`.
 * - `full`: `test/**\/*.full.test.ts`: child processes, transports, the built command, every workbook fixture.
 *   `npm run test:full` runs both tiers, property tests at their full size (SHEETSPEC_PROPERTY_RUNS=full).
 * A new test file is fast unless it is named `*.full.test.ts`.
 */
import { defineConfig } from 'vitest/config';

const FULL = 'test/**/*.full.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [FULL] } },
      // dist/ built once per run for the built command's tests (test/support/build-dist.ts).
      { extends: true, test: { name: 'full', include: [FULL], globalSetup: ['test/support/build-dist.ts'] } },
    ],
  },
});
