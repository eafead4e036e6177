import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Layout, layoutsOf } from '../../scripts/conformance-layouts.js';
import { a1 } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { readWorkbook } from '../../src/workbook/reader.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');

/** Each formula cell of the fixture (as `Sheet!A1`) under each layout it uses. */
async function cellsByLayout(name: string): Promise<Partial<Record<Layout, string[]>>> {
  const wb = await readWorkbook(new Uint8Array(readFileSync(path.join(fixtures, name))));
  const out: Partial<Record<Layout, string[]>> = {};
  for (const sheet of wb.sheets)
    for (const [row, cells] of sheet.rows)
      for (const [col, cell] of cells) {
        if (cell.formula === undefined) continue;
        const ast = parseFormula(cell.formula).ast;
        if (!ast) continue;
        for (const l of layoutsOf(cell.formula, ast, { sheet, row, col }))
          out[l] = [...(out[l] ?? []), `${sheet.name}!${a1(row, col)}`];
      }
  return out;
}

// The layouts `npm run conformance` counts, read off the fixtures each layout has.
describe('conformance layouts', () => {
  it('finds structured references in the Excel Table fixture, and nothing else', async () => {
    const found = await cellsByLayout('excel-table.xlsx');
    expect(Object.keys(found)).toEqual(['structured reference']);
  });

  it('finds defined names, and sheet-qualified references only where written', async () => {
    const named = await cellsByLayout('named-parameters.xlsx');
    expect(named['defined name']).toHaveLength(18); // Net, Tax, Shipping over 6 rows
    expect(named['sheet-qualified reference']).toBeUndefined();
    const other = await cellsByLayout('other-sheet-parameters.xlsx');
    expect(other['sheet-qualified reference']).toHaveLength(24);
    expect(other['defined name']).toBeUndefined();
  });

  it('finds running balances and expanding ranges, not same-row or locked references', async () => {
    const ledger = await cellsByLayout('running-ledger.xlsx');
    expect(ledger['running/cross-row']).toContain('Ledger!E3'); // =E2+C3-D3
    expect(ledger['running/cross-row']).toContain('Ledger!F3'); // =E3-E2
    expect(ledger['running/cross-row']).not.toContain('Ledger!E2'); // =C2-D2
    const loan = await cellsByLayout('loan-schedule.xlsx');
    expect(loan['running/cross-row']).toHaveLength(11); // =F2 .. =F12 under the opening =$I$1
    const shapes = await cellsByLayout('summary-shapes.xlsx');
    expect(shapes['running/cross-row']).toBeUndefined(); // =D2/SUM($D$2:$D$6): a locked range
  });

  it('finds the formula cells beside a typed-over cell', async () => {
    const found = await cellsByLayout('typed-over.xlsx');
    expect(found['typed-over']).toEqual(['Sheet1!D3', 'Sheet1!D5', 'Sheet1!D7', 'Sheet1!D9']);
  });
});
