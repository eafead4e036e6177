/**
 * Table-driven oracle tests: each case a formula over A1..C1 with its inputs, evaluated in one workbook (row r
 * holds case r, the formula in D), and the value Excel gives.
 */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { same15 } from '../../src/workbook/precision.js';
import type { CellValue } from '../../src/workbook/values.js';

export type OracleCase = [formula: string, inputs: CellValue[], expected: CellValue];

export const UNKNOWN = { error: '#ERROR!' } as unknown as CellValue;
export const err = (error: string) => ({ error }) as unknown as CellValue;

/**
 * `excel15`: numbers compare at 15 significant digits (the 15-digit tier, src/compiler/analyse/precision.ts), as
 * verification compares such a column; everything else exactly.
 */
export function describeOracleCases(
  title: string,
  cases: readonly OracleCase[],
  compare: 'exact' | 'excel15' = 'exact',
): void {
  describe(title, () => {
    const grid = cases.map(([f], row) => [
      undefined,
      undefined,
      undefined,
      f.replace(/\b([A-C])1\b/g, `$1${row + 1}`),
    ]);
    const sheet = gridSheet('S', grid);
    cases.forEach(([, inputs], row) => {
      inputs.forEach((value, col) => {
        if (value !== null) sheet.rows.get(row)?.set(col, { row, col, value });
      });
    });
    const wb: WorkbookModel = { sheets: [sheet], definedNames: [], tables: [] };
    const values = evaluateWorkbook(wb);
    cases.forEach(([f, inputs, expected], row) => {
      it(`${f} with ${JSON.stringify(inputs)}`, () => {
        const got = values.get('S', row, 3);
        if (expected !== null && typeof expected === 'object') expect(got).toMatchObject(expected);
        else if (compare === 'excel15' && typeof expected === 'number' && typeof got === 'number')
          expect(same15(got, expected), `${got} vs ${expected}`).toBe(true);
        else expect(got).toBe(expected);
      });
    });
  });
}
