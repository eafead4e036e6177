/** A few real workbooks from ../shared/corpus checked against expected-cells.jsonl (the corpus must exist). */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shiftFormula } from '../../src/workbook/formula/r1c1.js';
import { getCell, readWorkbook, WorkbookError } from '../../src/workbook/index.js';
import { parseCellRef } from '../../src/workbook/xml-scan.js';
import { type ExpectedCell, readExpectedCells, savedValue } from '../../scripts/corpus.js';

const root = resolve(import.meta.dirname, '../../../shared/corpus');

function expected(file: string): ExpectedCell[] {
  return readExpectedCells(root).filter((e) => e.file === file);
}

const value = savedValue;

describe('real workbooks', () => {
  it('finds the corpus', () => {
    expect(existsSync(join(root, 'expected-cells.jsonl')), `corpus missing at ${root}`).toBe(true);
  });

  it.each([
    'excel/poi/0-www-crossref-org.lib.rivier.edu_education-files_suffix-generator.xlsm',
    'excel/poi/StructuredRefs-lots-with-lookups.xlsx',
    'excel/poi/NewlineInFormulas.xlsx',
    'excel/poi/47813.xlsx',
  ])('%s: formulas and cached values', async (file) => {
    const model = await readWorkbook(readFileSync(join(root, file)));
    const cells = expected(file);
    expect(cells.length).toBeGreaterThan(0);
    const masters = new Map<string, { formula: string; row: number; col: number; ref: string }>();
    for (const e of cells) {
      const sheet = model.sheets.find((s) => s.name === e.sheet)!;
      const pos = parseCellRef(e.cell)!;
      const cell = getCell(sheet, pos.row, pos.col);
      expect(cell, `${e.sheet}!${e.cell}`).toBeDefined();
      expect(cell!.cached, `${e.sheet}!${e.cell}`).toEqual(value(e.cached));
      if (e.kind === 'shared-master')
        masters.set(`${e.sheet}!${e.ref}`, { ...pos, formula: e.formula, ref: e.ref! });
      if (e.kind !== 'shared') {
        expect(cell!.formula, `${e.sheet}!${e.cell}`).toBe(e.formula);
        continue;
      }
      const m = [...masters.entries()].find(([k, v]) => {
        const [a, b] = v.ref.split(':').map((x) => parseCellRef(x)!);
        return (
          k.startsWith(`${e.sheet}!`) &&
          pos.row >= a!.row &&
          pos.row <= b!.row &&
          pos.col >= a!.col &&
          pos.col <= b!.col
        );
      })?.[1];
      expect(m, `master of ${e.sheet}!${e.cell}`).toBeDefined();
      expect(cell!.formula).toBe(shiftFormula(m!.formula, m!.row, m!.col, pos.row, pos.col));
    }
  });

  it('shifts the suffix generator children without moving whole columns vertically', async () => {
    const file = 'excel/poi/0-www-crossref-org.lib.rivier.edu_education-files_suffix-generator.xlsm';
    const model = await readWorkbook(readFileSync(join(root, file)));
    const sheet = model.sheets.find((s) => s.name === 'Data_sheet')!;
    expect(getCell(sheet, 12, 2)?.formula).toBe('A:A&"/"&B:B');
  });

  it('ends every hostile file in a coded error or a model', async () => {
    const dir = join(root, 'hostile/poi');
    const { readdirSync } = await import('node:fs');
    const outcomes: Record<string, string> = {};
    for (const name of readdirSync(dir).sort()) {
      outcomes[name] = await readWorkbook(readFileSync(join(dir, name))).then(
        () => 'read',
        (e: unknown) => (e instanceof WorkbookError ? e.code : `CRASH ${String(e)}`),
      );
    }
    expect(outcomes['poc-xmlbomb.xlsx']).toBe('UNSUPPORTED_FORMAT');
    expect(outcomes['protected_passtika.xlsx']).toBe('UNSUPPORTED_FORMAT');
    expect(outcomes['xlsx-corrupted.xlsx']).toBe('PARSE_FAILED');
    expect(Object.values(outcomes).filter((o) => o.startsWith('CRASH'))).toEqual([]);
  });
});
