/**
 * Parameters as inputs: with `parameters: "inputs"` each parameter cell (same sheet, other
 * sheet, defined name) is a root input field with the workbook's value as default, read as `$$.<name>`,
 * verified like everything else; changing it in a dry run recomputes every row. The default stays `$const`.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { dryRunInProcess, testSpecInProcess, validateSpecInProcess } from '../../src/modelspec/index.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

/** Net (A), Tax (B = ROUND(A*TaxRate,2)), Gross (C = A+B-$F$1), SumGross (D = C/SUM($C$2:$C$4)). */
function book(): WorkbookModel {
  const grid = [['Net', 'Tax', 'Gross', 'Share', undefined, 'Fee', 2]];
  for (let r = 2; r <= 4; r++) {
    grid.push([r * 100, `=ROUND(A${r}*TaxRate,2)`, `=A${r}+B${r}-$G$1`, `=C${r}/SUM($C$2:$C$4)`]);
  }
  return {
    sheets: [gridSheet('Sheet1', grid), gridSheet('Settings', [['Tax rate', 0.2]])],
    definedNames: [{ name: 'TaxRate', ref: 'Settings!$B$1' }],
    tables: [],
  };
}

const verified = (r: ConversionResult) =>
  r.valid &&
  (r.verification?.cellsChecked ?? 0) > 0 &&
  r.verification?.matched === r.verification?.cellsChecked;

describe('parameters as inputs', () => {
  it('makes each parameter a root input field with its default, read as $$, verified', async () => {
    const r = await convertWorkbook(book(), { parameters: 'inputs' });
    expect(r.rejectedColumns).toEqual([]);
    expect(verified(r)).toBe(true);
    if (!r.valid) return;
    const { spec } = r;
    expect(spec.constants).toEqual({});
    const exprs = spec.derivations?.map((d) => d.expr).join('\n') ?? '';
    expect(exprs).toContain('$$.taxRate');
    expect(exprs).toContain('$$.fee');
    expect(exprs).not.toContain('$const');
    const props = (spec.schema as { properties: Record<string, unknown>; required?: string[] }).properties;
    expect(props.taxRate).toMatchObject({ type: 'number', default: 0.2, title: 'TaxRate' });
    expect(props.fee).toMatchObject({ type: 'number', default: 2, title: 'Fee' });
    expect(spec.defaultValues?.map((d) => [d.path, d.path === '$' ? '' : d.expr])).toEqual([
      ['$', ''],
      ['$.taxRate', '0.2'],
      ['$.fee', '2'],
    ]);
    expect((await validateSpecInProcess(spec)).errors).toEqual([]);
    const tests = await testSpecInProcess(spec);
    expect([tests.passed, tests.failed]).toEqual([1, 0]);
  });

  it('recomputes every row when a parameter changes in a dry run', async () => {
    const r = await convertWorkbook(book(), { parameters: 'inputs' });
    if (!r.valid) throw new Error('not valid');
    const run = await dryRunInProcess(r.spec, { mutations: { '$.taxRate': 0.5 } });
    expect(run.ok).toBe(true);
    expect(run.changes).toContainEqual({ path: '$.items[0].tax', before: 40, after: 100 });
    expect(run.changes).toContainEqual({ path: '$.items[2].gross', before: 478, after: 598 });
  });

  it('keeps $const by default', async () => {
    const r = await convertWorkbook(book(), {});
    expect(r.valid && r.spec.constants).toEqual({ taxRate: 0.2, fee: 2 });
    expect(r.valid && r.spec.defaultValues?.map((d) => d.path)).toEqual(['$']);
  });

  it('gives a parameter a name of its own beside the root derivations', async () => {
    const wb = book();
    wb.definedNames = [{ name: 'SumGross', ref: 'Settings!$B$1' }];
    const sheet = wb.sheets[0];
    for (let r = 1; r <= 3; r++) sheet.rows.get(r)!.get(1)!.formula = `ROUND(A${r + 1}*SumGross,2)`;
    const r = await convertWorkbook(wb, { parameters: 'inputs' });
    expect(verified(r)).toBe(true);
    const paths = r.valid ? (r.spec.derivations ?? []).map((d) => d.path) : [];
    const props = r.valid ? Object.keys((r.spec.schema as { properties: object }).properties) : [];
    expect(paths).toContain('$.sumGross2');
    expect(props).toContain('sumGross');
  });
});
