/**
 * SUBTOTAL leaves out the cells of its references that themselves hold a SUBTOTAL (Microsoft, SUBTOTAL
 * function: "these nested subtotals are ignored to avoid double counting"): a summary SUBTOTAL over a column
 * of SUBTOTALs is the function over nothing, in the compiled spec and in the oracle that verifies it.
 */
import { describe, expect, it } from 'vitest';
import { runModel } from '../../src/modelspec/index.js';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];

/** Qty (A), Price (B), then one column per `columns` formula (`{r}` the row), and `summary` under row 4. */
function book(headers: string[], columns: string[], summary: Grid[number]): WorkbookModel {
  const grid: Grid = [['Qty', 'Price', ...headers]];
  for (let r = 2; r <= 4; r++) grid.push([r, 1.5 * r, ...columns.map((f) => f.replaceAll('{r}', String(r)))]);
  grid.push(summary);
  return { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
}

const verified = (r: ConversionResult) =>
  r.valid &&
  (r.verification?.cellsChecked ?? 0) > 0 &&
  r.verification?.matched === r.verification?.cellsChecked;

async function rootValues(r: ConversionResult): Promise<Record<string, unknown>> {
  if (!r.valid) throw new Error('not valid');
  const run = await runModel(r.spec);
  if (!run.ok) throw new Error(run.error);
  return Object.fromEntries(Object.entries(run.state).filter(([k]) => k !== 'items'));
}

describe('SUBTOTAL over nested SUBTOTAL cells', () => {
  it('a summary SUBTOTAL over a column of SUBTOTALs is the function over nothing, verified', async () => {
    const r = await convertWorkbook(
      book(
        ['Sub', 'Avg', 'Qty2'],
        ['=1+SUBTOTAL(9,A{r}:B{r})', '=SUBTOTAL(1,A{r}:B{r})', '=SUBTOTAL(9,A{r})'],
        [undefined, '=SUBTOTAL(9,B2:B4)', '=SUBTOTAL(9,C2:C4)', '=SUBTOTAL(101,D2:D4)', '=SUM(E2:E4)'],
      ),
      {},
    );
    expect(r.warnings ?? []).toEqual([]);
    expect(r.rejectedColumns).toEqual([]);
    // Prices 3 + 4.5 + 6; a SUBTOTAL anywhere in a cell's formula leaves the cell out (C holds 1+SUBTOTAL):
    // SUM 0, AVERAGE #DIV/0!; SUM, unlike SUBTOTAL, adds SUBTOTAL cells: 2 + 3 + 4.
    expect(await rootValues(r)).toEqual({
      sumPrice: 13.5,
      sumSub: 0,
      averageAvg: { error: '#DIV/0!' },
      sumQty2: 9,
    });
    expect(verified(r)).toBe(true);
  });

  it('a column SUBTOTAL over a same-row SUBTOTAL cell and a plain cell reads the plain one only', async () => {
    const r = await convertWorkbook(
      book(
        ['Sub', 'Both'],
        ['=SUBTOTAL(9,A{r}:B{r})', '=SUBTOTAL(9,A{r},C{r})'],
        [undefined, undefined, '=SUM(C2:C4)', '=SUM(D2:D4)'],
      ),
      {},
    );
    expect(r.rejectedColumns).toEqual([]);
    // Both is Qty alone (2 + 3 + 4); SUM, unlike SUBTOTAL, adds the SUBTOTAL cells.
    expect(await rootValues(r)).toEqual({ sumSub: 22.5, sumBoth: 9 });
    expect(verified(r)).toBe(true);
  });

  it('a range partly over nested SUBTOTAL cells is refused, naming the shape', async () => {
    const r = await convertWorkbook(
      book(['Sub', 'Mixed'], ['=SUBTOTAL(9,A{r}:B{r})', '=SUBTOTAL(9,A{r}:C{r})'], []),
      {},
    );
    expect((r.rejectedColumns ?? []).map((c) => [c.column, c.reason])).toEqual([
      ['D', 'UNSUPPORTED_CONSTRUCT'],
    ]);
    expect(verified(r)).toBe(true);
  });
});
