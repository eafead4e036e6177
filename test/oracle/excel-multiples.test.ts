/**
 * The oracle's QUOTIENT, MROUND, CEILING.MATH, FLOOR.MATH (excel-multiples.ts), SWITCH (excel-switch.ts) and
 * TEXT's date codes (excel-text-dates.ts) against the golden cases of the lowering: each golden translation
 * is evaluated in a workbook by the oracle, which must give the golden value or say it does not know
 * (#ERROR!), and must know most of them. Written apart from the lowering, so the two share no bug.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook, sameValue } from '../../src/oracle/index.js';
import { gridSheet } from '../../src/workbook/model.js';
import { type CellValue, isErrorValue } from '../../src/workbook/values.js';

interface Golden {
  formula: string;
  cells: Record<string, CellValue>;
  value?: CellValue;
}

const dir = (d: string) => join('fixtures/formulas', d);
const goldens = [
  ...readdirSync(dir('multiples')).map((f) => join(dir('multiples'), f)),
  ...readdirSync(dir('choice'))
    .filter((f) => f.startsWith('switch-'))
    .map((f) => join(dir('choice'), f)),
  ...readdirSync(dir('format'))
    .filter((f) => /^(date|time|reference)-/.test(f))
    .map((f) => join(dir('format'), f)),
]
  .map((path) => ({ path, g: JSON.parse(readFileSync(path, 'utf8')) as Golden }))
  .filter(({ g }) => g.value !== undefined);

/** The golden's formula in F1 of a sheet holding its cells (A1:E1). */
function oracleValue(g: Golden): CellValue {
  const row: CellValue[] = ['A1', 'B1', 'C1', 'D1', 'E1'].map((a) => g.cells[a] ?? null);
  const sheet = gridSheet('S', [[...row.map((v) => v ?? undefined), g.formula]]);
  const o = evaluateWorkbook({ sheets: [sheet], definedNames: [], tables: [] });
  return o.get('S', 0, 5);
}

describe('oracle vs the golden cases of QUOTIENT, MROUND, CEILING.MATH, FLOOR.MATH, SWITCH and TEXT dates', () => {
  it('gives the golden value or #ERROR!, and knows most of them', () => {
    const wrong: string[] = [];
    let known = 0;
    for (const { path, g } of goldens) {
      const o = oracleValue(g);
      if (isErrorValue(o) && (o.error as string) === '#ERROR!') continue;
      known++;
      if (!sameValue(o, g.value as CellValue)) wrong.push(`${path}: oracle ${JSON.stringify(o)}`);
    }
    expect(wrong).toEqual([]);
    expect(goldens.length).toBeGreaterThan(50);
    expect(known).toBeGreaterThan(goldens.length * 0.8);
  });
});
