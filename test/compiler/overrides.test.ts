import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { CellValue } from '../../src/workbook/values.js';
import { gridSheet } from '../../src/workbook/model.js';
import { specBindings } from '../../src/modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../src/modelspec/derive.js';
import type { ModelSpec } from '../../src/modelspec/types.js';

type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;
const verified = (grid: Grid) =>
  convertWorkbook({ sheets: [gridSheet('Sheet1', grid)], definedNames: [], tables: [] }, {});
const codes = (r: ConversionResult) => (r.warnings ?? []).map((w) => w.code);

async function run(spec: ModelSpec, doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  const bindings = await specBindings(spec.library, spec.constants);
  await computeDerivations((spec.derivations ?? []).map(compileDerivation), doc, bindings);
  return doc;
}

/** Qty | Price | Total = B*C over `rows` rows, with the typed values given by sheet row. */
const sales = (rows: number, typed: Record<number, CellValue>): Grid => {
  const g: (CellValue | undefined)[][] = [['Qty', 'Price', 'Total']];
  for (let r = 2; r <= rows + 1; r++) g.push([r, 1.5, r in typed ? typed[r] : `=A${r}*B${r}`]);
  return g;
};

describe('typed-over cells in a formula column', () => {
  it('keeps the typed values as an override field the derivation takes, with a warning naming them', async () => {
    const r = await verified(sales(9, { 4: 100, 8: 'n/a' }));
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    expect(r.verification?.matched).toBe(r.verification?.cellsChecked);
    const w = r.warnings.find((x) => x.code === 'TYPED_OVER_CELLS');
    expect(w?.cell).toBe('Sheet1!C4');
    expect(w?.message).toContain('C4, C8');
    expect(r.spec.derivations?.[0].expr).toMatch(
      /^\$exists\(\$parent\.totalOverride\) and \$parent\.totalOverride != null \? \$parent\.totalOverride : \(/,
    );
    const items = JSON.parse(r.spec.defaultValues![0].expr).items;
    expect(items[2]).toEqual({ qty: 4, price: 1.5, totalOverride: 100 });
    expect(items[3]).toEqual({ qty: 5, price: 1.5 });
    const doc = await run(r.spec, {
      items: [
        { qty: 2, price: 3 },
        { qty: 2, price: 3, totalOverride: 1 },
      ],
    });
    expect((doc.items as Array<{ total: unknown }>).map((i) => i.total)).toEqual([6, 1]);
  });

  it('a typed first row over a plain formula is an override, not a scan start', async () => {
    const r = await verified(sales(6, { 2: 7 }));
    expect(r.valid && r.rejectedColumns).toEqual([]);
    expect(codes(r)).toContain('TYPED_OVER_CELLS');
  });

  it('more than a third typed: an input column holding the values as they stand', async () => {
    const r = await verified(sales(6, { 2: 7, 4: 8, 6: 9 }));
    expect(r.valid && r.spec.derivations).toEqual([]);
    expect(r.valid && r.spec.schema.properties).toMatchObject({
      items: { items: { properties: { total: { title: 'Total' } } } },
    });
    const r2 = await verified(sales(6, { 2: 7, 4: 8 }));
    expect(r2.valid && r2.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].total']);
  });

  it('a blank cell is not an override: MIXED_CONTENT', async () => {
    const r = await verified(sales(6, { 4: null }));
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.reason).toBe('MIXED_CONTENT');
  });
});

describe("blank rows and the table's extent", () => {
  it('names the rows a blank row cuts off (ROWS_LEFT_OUT), leaving a summary row alone', async () => {
    // Rows 6-7 hold text where Qty holds numbers: not a continuation (continuations: extent.test.ts).
    const g: Grid = [...sales(3, {}), [], ['nine', 2, '=A6*B6'], [10, 2, '=A7*B7']];
    const r = await verified(g);
    expect(r.valid).toBe(true);
    const w = (r.warnings ?? []).find((x) => x.code === 'ROWS_LEFT_OUT');
    expect(w?.message).toContain('6-7');
    expect(w?.message).toContain('A6 holds text where column A holds numbers');
    expect(w?.cell).toBe('Sheet1!A6');
    const withSummary = await verified([...sales(3, {}), [], ['Total', undefined, '=SUM(C2:C4)']]);
    expect(codes(withSummary)).not.toContain('ROWS_LEFT_OUT');
  });

  it('a labelled parameter beside the header row does not stop the header being recognised', async () => {
    const g: (CellValue | undefined)[][] = [
      ['Qty', 'Price', 'Total', undefined, 'Tax rate', 0.08],
      [2, 3, '=A2*B2*(1+$F$1)'],
      [4, 5, '=A3*B3*(1+$F$1)'],
    ];
    const r = await verified(g);
    expect(r.valid && r.rejectedColumns).toEqual([]);
    if (r.valid) expect(r.spec.constants).toEqual({ taxRate: 0.08 });
  });
});
