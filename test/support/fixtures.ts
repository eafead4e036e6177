/** The fixture workbooks a test can evaluate twice and compare: every one but the RAND() fixture. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

/**
 * The paths of the `.xlsx` fixtures in `dir` (default fixtures/), without volatile-function.xlsx: RAND() draws
 * anew on every evaluation, so two runs of it never agree.
 */
export function repeatableFixtures(dir = FIXTURES): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xlsx') && f !== 'volatile-function.xlsx')
    .map((f) => path.join(dir, f));
}
