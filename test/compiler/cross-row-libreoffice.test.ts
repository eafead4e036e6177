import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import { readWorkbook } from '../../src/workbook/reader.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const bytes = (p: string) => new Uint8Array(readFileSync(path.join(fixtures, p)));

// fixtures/libreoffice/running-totals.xlsx is saved by LibreOffice (scripts/fixtures/libreoffice.ts).
describe('LibreOffice-saved running totals (expanding ranges, ROW())', () => {
  it('writes every formula per cell and compiles to the Excel-shaped spec', async () => {
    const wb = await readWorkbook(bytes('libreoffice/running-totals.xlsx'));
    expect(wb.application).toMatch(/LibreOffice/);
    expect(wb.sheets[0]?.rows.get(3)?.get(4)?.formula).toBe('SUM($C$2:C4)');
    const excel = await convert(bytes('running-totals.xlsx'), { filename: 'running-totals.xlsx' });
    const libre = await convert(bytes('libreoffice/running-totals.xlsx'), {
      filename: 'running-totals.xlsx',
    });
    expect(excel.valid && libre.valid).toBe(true);
    if (!excel.valid || !libre.valid) return;
    expect(libre.rejectedColumns).toEqual([]);
    expect(libre.verification?.matched).toBe(libre.verification?.cellsChecked);
    expect(JSON.stringify(libre.spec)).toBe(JSON.stringify(excel.spec));
  });
});
