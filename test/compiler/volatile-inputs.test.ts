/**
 * A cell holding only =TODAY() or =NOW() (an "as of" cell) read by a table's formulas: an input field whose
 * default is the value the workbook saved, read as `$$.<name>` whatever the parameters mode (never a `$const`),
 * and evaluated by the oracle as that saved value, so the spec verifies; a dry run with another date recomputes.
 */
import { describe, expect, it } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { dryRunInProcess, testSpecInProcess } from '../../src/modelspec/index.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

const SAVED = 45292;

/** Due (A), Days left (B = A - $E$1), E1 = TODAY() saved as 45292 (2024-01-01), labelled "As of". */
function book(formula = 'TODAY()'): WorkbookModel {
  const grid: (string | number | undefined)[][] = [['Due', 'Days left', undefined, 'As of']];
  for (let r = 2; r <= 4; r++) grid.push([SAVED + 10 * r, `=A${r}-$E$1`]);
  const sheet = gridSheet('Sheet1', grid);
  sheet.rows.get(0)!.set(4, { row: 0, col: 4, value: SAVED, cached: SAVED, formula, formulaKind: 'normal' });
  sheet.maxCol = Math.max(sheet.maxCol, 4);
  return { sheets: [sheet], definedNames: [], tables: [] };
}

describe('a saved TODAY() or NOW() cell', () => {
  it('is evaluated by the oracle as the value the workbook saved', () => {
    const values = evaluateWorkbook(book());
    expect(values.get('Sheet1', 1, 1)).toBe(20);
  });

  for (const parameters of ['constants', 'inputs'] as const) {
    it(`is an input field with the saved value as default (parameters: ${parameters})`, async () => {
      const r = await convertWorkbook(book(), { parameters });
      expect(r.rejectedColumns).toEqual([]);
      if (!r.valid) throw new Error('not valid');
      expect(r.verification?.matched).toBe(r.verification?.cellsChecked);
      expect(r.verification?.cellsChecked).toBeGreaterThan(0);
      const { spec } = r;
      expect(spec.constants ?? {}).toEqual({});
      const exprs = spec.derivations?.map((d) => d.expr).join('\n') ?? '';
      expect(exprs).toContain('$$.asOf');
      const schema = spec.schema as { properties: Record<string, unknown>; required?: string[] };
      expect(schema.properties.asOf).toMatchObject({ type: 'number', default: SAVED });
      expect(schema.required).toContain('asOf');
      expect(spec.defaultValues?.find((d) => d.path === '$.asOf')?.expr).toBe(String(SAVED));
      const tests = await testSpecInProcess(spec);
      expect([tests.passed, tests.failed]).toEqual([1, 0]);
      const run = await dryRunInProcess(spec, { mutations: { '$.asOf': SAVED + 1 } });
      expect(run.changes).toContainEqual({ path: '$.items[0].daysLeft', before: 20, after: 19 });
    });
  }

  it('is the saved value in the oracle worker thread too', async () => {
    const r = await convertWorkbook(book(), { oracleThread: true });
    expect(r.rejectedColumns).toEqual([]);
    expect(r.valid && r.verification?.matched === r.verification?.cellsChecked).toBe(true);
  });

  it('takes NOW() as TODAY()', async () => {
    const r = await convertWorkbook(book('NOW()'));
    expect(r.rejectedColumns).toEqual([]);
  });
});
