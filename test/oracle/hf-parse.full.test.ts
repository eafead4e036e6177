/** The parser's shortcuts (src/oracle/engine/hf-parse.ts) on every fixture workbook: unpatched HyperFormula's values. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/reader.js';
import { expectSameWithoutShortcuts } from './templates-compare.js';

describe('the oracle parser’s shortcuts', () => {
  it('give unpatched HyperFormula’s values on every fixture workbook', async () => {
    const dir = path.resolve(import.meta.dirname, '../../fixtures');
    // RAND() draws anew on every evaluation: that fixture cannot compare two runs.
    const files = readdirSync(dir).filter((f) => f.endsWith('.xlsx') && f !== 'volatile-function.xlsx');
    expect(files.length).toBeGreaterThan(20);
    let cells = 0;
    for (const f of files)
      cells += expectSameWithoutShortcuts(
        await readWorkbook(new Uint8Array(readFileSync(path.join(dir, f)))),
      );
    expect(cells).toBeGreaterThan(1000);
  });
});
