/**
 * Formula templates and the parser's shortcuts on every fixture workbook: the same values with and without each
 * (the shapes: templates.test.ts, hf-parse.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/reader.js';
import { repeatableFixtures } from '../support/fixtures.js';
import { expectSameWithAndWithout, expectSameWithoutShortcuts } from './templates-compare.js';

describe('formula templates and the parser’s shortcuts in the oracle', () => {
  it('give the per-cell values, and unpatched HyperFormula’s, on every fixture workbook', async () => {
    const files = repeatableFixtures();
    expect(files.length).toBeGreaterThan(20);
    let templated = 0;
    let shortcut = 0;
    for (const f of files) {
      const wb = await readWorkbook(new Uint8Array(readFileSync(f)));
      templated += expectSameWithAndWithout(wb);
      shortcut += expectSameWithoutShortcuts(wb);
    }
    expect(templated).toBeGreaterThan(1000);
    expect(shortcut).toBe(templated);
  });
});
