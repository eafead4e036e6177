/** `sheetspec check fixtures/`: every committed fixture identical to its goldens (the command's rules: check.test.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFixtures, renderCheckReport } from '../../src/cli/batch/check.js';
import { convert } from '../../src/pipeline/index.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('sheetspec check fixtures/', () => {
  it('finds every committed fixture identical to its golden files', { timeout: 180_000 }, async () => {
    const report = await checkFixtures('fixtures', { cwd: root, convert });
    expect(report.fixtures.length).toBeGreaterThan(0);
    const text = renderCheckReport(report);
    expect(
      report.fixtures.filter((f) => !f.ok).map((f) => f.workbook),
      text,
    ).toEqual([]);
    expect(report.orphans, text).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
