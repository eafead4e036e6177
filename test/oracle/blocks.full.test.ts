/** The blocked oracle on every fixture workbook, in blocks of 3 rows (the built shapes: blocks.test.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/reader.js';
import { repeatableFixtures } from '../support/fixtures.js';
import { expectSameAsSingle, localCells } from './blocks-compare.js';

describe('the blocked oracle', () => {
  it('gives the single engine values on every fixture workbook, in blocks of 3 rows', {
    timeout: 300_000,
  }, async () => {
    const root = path.resolve(import.meta.dirname, '../../fixtures');
    const dirs = [root, path.join(root, 'libreoffice')];
    let cells = 0;
    let blocked = 0;
    let files = 0;
    for (const dir of dirs) {
      for (const f of repeatableFixtures(dir)) {
        const wb = await readWorkbook(new Uint8Array(readFileSync(f)));
        cells += expectSameAsSingle(wb);
        if (localCells(wb) !== undefined) blocked++;
        files++;
      }
    }
    expect(files).toBeGreaterThan(40);
    expect(cells).toBeGreaterThan(1000);
    // The comparison means something only if many fixtures really go in blocks.
    expect(blocked).toBeGreaterThan(files / 2);
  });
});
