/**
 * The 15-digit tier (src/compiler/analyse/precision.ts): a formula's tier read from its tree, spread to the columns
 * that read a 15-digit column; the spec's mark (`x-excel-precision`) and its `excel15` test; verification at
 * 15 digits against the oracle for such a column only, and against Excel's binding saved values and the
 * oracle both.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formulaPrecision } from '../../src/compiler/analyse/precision.js';
import type { ModelSpec } from '../../src/modelspec/types.js';
import { verifySpec } from '../../src/pipeline/verify/verify-spec.js';
import { convertInProcess } from '../../src/pipeline/stages.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { withExcelMarks } from '../workbook/helpers.js';

const tier = (f: string) => formulaPrecision(parseFormula(f).ast!);

describe("a formula's tier", () => {
  it('15 for a call of a 15-digit function anywhere in it', () => {
    expect(tier('LN(A2)')).toBe(15);
    expect(tier('IF(A2>0,ROUND(PMT(A2,B2,C2),2),0)')).toBe(15);
    expect(tier('A2*2+SUM(B2:C2)')).toBeUndefined();
  });
  it('a power is exact only with an integer literal exponent within 5, where the squaring orders agree', () => {
    expect(tier('A2^2')).toBeUndefined();
    expect(tier('A2^-5')).toBeUndefined();
    expect(tier('POWER(A2,3)')).toBeUndefined();
    expect(tier('A2^0.5')).toBe(15);
    expect(tier('(1+A2)^12')).toBe(15);
    expect(tier('A2^B2')).toBe(15);
    expect(tier('POWER(A2,1/3)')).toBe(15);
  });
});

/** A loan table: rate, nper, pv; payment =PMT (15), total =payment*nper (reads it), next =nper+1 (exact). */
async function loans(saved: (r: number) => number): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Loans');
  ws.addRow(['rate', 'nper', 'pv', 'payment', 'total', 'next']);
  const rows = [
    [0.01, 36, 8000],
    [0.005, 120, 150000],
    [0.08 / 12, 10, 10000],
  ];
  rows.forEach(([rate, nper, pv], i) => {
    const r = i + 2;
    ws.addRow([rate, nper, pv]);
    const pmt = saved(i);
    ws.getCell(`D${r}`).value = { formula: `PMT(A${r},B${r},C${r})`, result: pmt };
    ws.getCell(`E${r}`).value = { formula: `D${r}*B${r}`, result: pmt * nper! };
    ws.getCell(`F${r}`).value = { formula: `B${r}+1`, result: nper! + 1 };
  });
  return withExcelMarks(new Uint8Array(await wb.xlsx.writeBuffer()));
}

/**
 * Saved payments: row 3's is Excel's (xlcalculator PMT.xlsx A1 PMT(0.08/12,10,10000), one ulp from the
 * library's -1037.0320893591525); rows 1 and 2 the library's own.
 */
const EXCEL = [-265.7144785028095, -1665.3075291247424, -1037.0320893591522];

describe('a 15-digit column in the conversion', () => {
  it('is marked in the schema, with the columns that read it, and tested with excel15', async () => {
    const result = await convertInProcess(await loans((i) => EXCEL[i]!), { filename: 'loans.xlsx' });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns).toEqual([]);
    const props = (
      result.spec.schema as {
        properties: { items: { items: { properties: Record<string, Record<string, unknown>> } } };
      }
    ).properties.items.items.properties;
    expect(props.payment?.['x-excel-precision']).toBe(15);
    expect(props.total?.['x-excel-precision']).toBe(15);
    expect(props.next?.['x-excel-precision']).toBeUndefined();
    const tests = result.spec.tests ?? [];
    expect(tests.map((t) => t.compare)).toEqual([undefined, 'excel15']);
    expect(Object.keys(tests[0]!.expect).every((p) => p.endsWith('.next'))).toBe(true);
    expect(Object.keys(tests[1]!.expect).some((p) => p.endsWith('.payment'))).toBe(true);
  });
  it('is refused where a saved value differs past 15 digits', async () => {
    const wrong = (i: number) => (i === 1 ? EXCEL[i]! * (1 + 1e-13) : EXCEL[i]!);
    const result = await convertInProcess(await loans(wrong), { filename: 'loans.xlsx' });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns.map((r) => [r.column, r.reason])).toEqual([
      ['D', 'VALUE_MISMATCH'],
      ['E', 'DEPENDS_ON_REJECTED_COLUMN'],
    ]);
  });
});

describe('verification of a 15-digit column against the oracle', () => {
  // No saved values: the oracle judges. The derivation is one ulp off the oracle's product.
  const sheet = gridSheet('S', [
    ['x', 'y'],
    [0.1, '=A2*3'],
    [0.7, '=A3*3'],
  ]);
  const workbook: WorkbookModel = { sheets: [sheet], definedNames: [], tables: [] };
  const spec: ModelSpec = {
    id: 'ulps',
    version: '1.0.0',
    schema: { type: 'object' },
    derivations: [{ path: '$.items[*].y', expr: '$parent.x * 3 * 1.0000000000000002' }],
  };
  const run = (precision?: number) =>
    verifySpec({
      spec,
      doc: { items: [{ x: 0.1 }, { x: 0.7 }] },
      workbook,
      sheet: 'S',
      rows: [1, 2],
      columns: [{ field: 'y', col: 1, header: 'y', ...(precision ? { precision } : {}) }],
    });
  it('an exact column fails on the last bit', async () => {
    expect((await run()).mismatches.y).toHaveLength(2);
  });
  it('a 15-digit column passes where the oracle agrees at 15 digits', async () => {
    const outcome = await run(15);
    expect(outcome.mismatches.y).toBeUndefined();
    expect(outcome.verification.matched).toBe(2);
  });
});
