/**
 * How many cases a property test runs. A property is written with its full size, `propertyRuns(3000)`; the
 * fast tier (`npm test`) runs the first `FAST_RUNS` of them, the full tier (`npm run test:full`) all of them.
 * Seeds are fixed, so the fast tier's cases are the first cases of the full run, not other ones: a failure
 * in the fast tier is found again, at the same case, in the full one.
 *
 * The knob is `SHEETSPEC_PROPERTY_RUNS`: unset, the fast size; `full`, every property at its full size; a
 * number N, at most N cases each (`SHEETSPEC_PROPERTY_RUNS=1000 npx vitest run test/lower/fast-paths.test.ts`;
 * a property written with fewer runs its own size). docs/testing.md.
 *
 * Only for properties whose size is a search budget: a sample whose size an assertion depends on (every
 * function drawn at least once in test/fuzz/coverage.test.ts) keeps its fixed size.
 */

/** Cases a property runs in the fast tier when it was written with more. */
export const FAST_RUNS = 100;

/** The number of cases to run of a property whose full size is `full` (see the header). */
export function propertyRuns(full: number): number {
  const knob = process.env.SHEETSPEC_PROPERTY_RUNS?.trim();
  if (knob === 'full') return full;
  if (knob !== undefined && knob !== '') {
    const n = Number(knob);
    if (!Number.isInteger(n) || n < 1) {
      throw new Error(`SHEETSPEC_PROPERTY_RUNS is "full" or a whole number of cases, not "${knob}"`);
    }
    return Math.min(full, n);
  }
  return Math.min(full, FAST_RUNS);
}
