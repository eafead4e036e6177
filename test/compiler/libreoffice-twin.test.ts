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

const formulaCells = (wb: Awaited<ReturnType<typeof readWorkbook>>) =>
  wb.sheets.flatMap((s) => [...s.rows.values()].flatMap((r) => [...r.values()])).filter((c) => c.formula);

// Running balances (part 4), typed-over cells (part 5) and summary shapes (part 8): LibreOffice writes Excel's
// shared formulas out per cell, with the same text, and saves its own cached values. Neither changes the spec:
// the compiler reads each cell's formula either way (a shared child is shifted by the reader), so the spec is the
// same to the byte, descriptions included; the cached values are checked as another engine's and all agree.
describe.each(['running-ledger', 'loan-schedule', 'typed-over', 'summary-shapes', 'summary-aggregates'])(
  'LibreOffice-saved %s',
  (name) => {
    it('writes each shared formula out, with the same text and its own cached value', async () => {
      const excel = await readWorkbook(bytes(`${name}.xlsx`));
      const libre = await readWorkbook(bytes(`libreoffice/${name}.xlsx`));
      expect(libre.application).toMatch(/LibreOffice/);
      expect(formulaCells(excel).some((c) => c.formulaKind === 'shared')).toBe(true);
      expect(formulaCells(libre).every((c) => c.formulaKind === 'normal')).toBe(true);
      expect(formulaCells(libre).map((c) => c.formula)).toEqual(formulaCells(excel).map((c) => c.formula));
      expect(formulaCells(excel).every((c) => c.cached === undefined)).toBe(true);
      expect(formulaCells(libre).every((c) => c.cached !== undefined)).toBe(true);
    });

    it('compiles to the Excel-shaped spec, its saved values agreeing', async () => {
      const excel = await convert(bytes(`${name}.xlsx`), { filename: `${name}.xlsx` });
      const libre = await convert(bytes(`libreoffice/${name}.xlsx`), { filename: `${name}.xlsx` });
      expect(excel.valid && libre.valid).toBe(true);
      if (!excel.valid || !libre.valid) return;
      expect(libre.rejectedColumns).toEqual(excel.rejectedColumns);
      expect(libre.warnings.map((w) => w.code)).toEqual(excel.warnings.map((w) => w.code));
      expect(JSON.stringify(libre.spec)).toBe(JSON.stringify(excel.spec));
      expect(libre.verification?.savedValues.standing).toBe('other-engine');
      expect(libre.verification?.cachedChecked).toBeGreaterThan(0);
      expect(libre.verification?.disagreements).toBe(0);
    });
  },
);

// Parameters as inputs (part 7): the same option on both files gives the same spec, each parameter a root input.
describe('LibreOffice-saved named-parameters with parameters: "inputs"', () => {
  it('compiles to the Excel-shaped spec converted the same way', async () => {
    const options = { filename: 'named-parameters.xlsx', parameters: 'inputs' } as const;
    const excel = await convert(bytes('named-parameters.xlsx'), options);
    const libre = await convert(bytes('libreoffice/named-parameters.xlsx'), options);
    expect(excel.valid && libre.valid).toBe(true);
    if (!excel.valid || !libre.valid) return;
    const withoutDescriptions = (spec: unknown) =>
      JSON.stringify(spec, (k, v) => (k === 'description' ? undefined : v));
    expect(withoutDescriptions(libre.spec)).toBe(withoutDescriptions(excel.spec));
    const golden = JSON.parse(
      readFileSync(path.join(fixtures, 'libreoffice/named-parameters.inputs.spec.json'), 'utf8'),
    );
    expect(libre.spec).toEqual(golden); // scripts/fixtures/libreoffice.ts writes it
    expect(JSON.stringify(libre.spec)).toMatch(/"taxRate"/);
    expect(JSON.stringify(libre.spec)).not.toMatch(/\$const\.taxRate/);
    expect(libre.verification?.disagreements).toBe(0);
  });
});

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
