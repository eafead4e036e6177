import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import { readWorkbook } from '../../src/workbook/reader.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const bytes = (p: string) => new Uint8Array(readFileSync(path.join(fixtures, p)));

// fixtures/libreoffice/ holds twins saved by LibreOffice (scripts/fixtures/libreoffice.ts).
describe('LibreOffice-saved twin of an Excel Table', () => {
  it('keeps the table part but not its calculated-column or totals functions', async () => {
    const wb = await readWorkbook(bytes('libreoffice/excel-table.xlsx'));
    expect(wb.application).toMatch(/LibreOffice/);
    const orders = wb.tables.find((t) => t.name === 'Orders');
    expect(orders).toMatchObject({ ref: 'A1:F7', headerRowCount: 1, totalsRowCount: 1 });
    expect(orders?.columnDetails?.some((c) => c.calculatedColumnFormula !== undefined)).toBe(false);
    const d3 = wb.sheets[0]?.rows.get(2)?.get(3);
    expect(d3?.formulaKind).toBe('normal'); // per cell, not shared
    expect(d3?.formula).toBe('Orders[[#This Row],[Qty]]*Orders[[#This Row],[Unit Price]]');
  });

  it('compiles to the same spec as the Excel-shaped workbook', async () => {
    const excel = await convert(bytes('excel-table.xlsx'), { filename: 'excel-table.xlsx' });
    const libre = await convert(bytes('libreoffice/excel-table.xlsx'), { filename: 'excel-table.xlsx' });
    expect(excel.valid && libre.valid).toBe(true);
    if (!excel.valid || !libre.valid) return;
    expect(libre.rejectedColumns).toEqual([]);
    expect(JSON.stringify(libre.spec)).toBe(JSON.stringify(excel.spec));
  });
});

// LibreOffice writes the constants as functions (`FALSE()`): an exact VLOOKUP must still compile, to the same
// spec but for the descriptions, which quote each column's formula as the file writes it.
describe.each(['vlookup-rates', 'named-parameters', 'other-sheet-parameters'])(
  'LibreOffice-saved %s',
  (name) => {
    const withoutDescriptions = (spec: unknown) =>
      JSON.stringify(spec, (k, v) => (k === 'description' ? undefined : v));
    it('writes FALSE() and compiles to the Excel-shaped spec', async () => {
      const wb = await readWorkbook(bytes(`libreoffice/${name}.xlsx`));
      expect(wb.application).toMatch(/LibreOffice/);
      const formulas = wb.sheets.flatMap((s) => [...s.rows.values()].flatMap((r) => [...r.values()]));
      expect(formulas.some((c) => /FALSE\(\)/.test(c.formula ?? ''))).toBe(true);
      const excel = await convert(bytes(`${name}.xlsx`), { filename: `${name}.xlsx` });
      const libre = await convert(bytes(`libreoffice/${name}.xlsx`), { filename: `${name}.xlsx` });
      expect(excel.valid && libre.valid).toBe(true);
      if (!excel.valid || !libre.valid) return;
      expect(libre.rejectedColumns).toEqual([]);
      expect(withoutDescriptions(libre.spec)).toBe(withoutDescriptions(excel.spec));
    });
  },
);

// The table's extent (docs/compiler.md "Blank rows and the table's extent"): LibreOffice keeps the blank rows,
// the defined name and the parameters beside the header row, and saves its own values, which verify too.
describe.each(['blank-rows-inside', 'parameter-beside-header'])('LibreOffice-saved %s', (name) => {
  it('compiles to the same spec as the Excel-shaped workbook, verified against its saved values', async () => {
    const wb = await readWorkbook(bytes(`libreoffice/${name}.xlsx`));
    expect(wb.application).toMatch(/LibreOffice/);
    const excel = await convert(bytes(`${name}.xlsx`), { filename: `${name}.xlsx` });
    const libre = await convert(bytes(`libreoffice/${name}.xlsx`), { filename: `${name}.xlsx` });
    expect(excel.valid && libre.valid).toBe(true);
    if (!excel.valid || !libre.valid) return;
    expect(libre.rejectedColumns).toEqual([]);
    expect(libre.verification?.savedValues.producer).toMatch(/LibreOffice/);
    expect(libre.verification?.matched).toBe(libre.verification?.cellsChecked);
    expect(JSON.stringify(libre.spec)).toBe(JSON.stringify(excel.spec));
  });
});
