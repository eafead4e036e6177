/**
 * Summary shapes: SUBTOTAL in the row under the table, AVERAGE/COUNT/COUNTA/MIN/MAX of a
 * column, and a percent-of-total over a formula column, each a verified root derivation (or column).
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];

/** Rep (A), Qty (B), Price (C), Amount (D = B*C), Share (E from `share`), then `summary` under row 5. */
function book(share: string | undefined, summary: Grid[number] = [], gap = false): WorkbookModel {
  const grid: Grid = [['Rep', 'Qty', 'Price', 'Amount', ...(share ? ['Share'] : [])]];
  const reps = ['Ann', 'Bob', 'Cy', 'Di'];
  for (let r = 2; r <= 5; r++) {
    grid.push([
      reps[r - 2],
      r * 3,
      1.25 * r,
      `=B${r}*C${r}`,
      ...(share ? [share.replaceAll('{r}', String(r))] : []),
    ]);
  }
  if (gap) grid.push([]);
  if (summary.length > 0) grid.push(summary);
  return { sheets: [gridSheet('Sales', grid)], definedNames: [], tables: [] };
}

const verified = (r: ConversionResult) =>
  r.valid &&
  (r.verification?.cellsChecked ?? 0) > 0 &&
  r.verification?.matched === r.verification?.cellsChecked;
const roots = (r: ConversionResult) =>
  r.valid ? (r.spec.derivations ?? []).map((d) => d.path).filter((p) => !p.startsWith('$.items')) : [];
const warnings = (r: ConversionResult) => (r.warnings ?? []).map((w) => w.code);

describe('summary rows', () => {
  it('SUBTOTAL 9 and 109 of a column in the row under the table are root derivations, verified', async () => {
    const r = await convertWorkbook(
      book(undefined, ['Total', '=SUBTOTAL(9,B2:B5)', '=SUBTOTAL(101,C2:C5)', '=SUBTOTAL(109,D2:D5)']),
      {},
    );
    expect(warnings(r)).toEqual([]);
    expect(roots(r)).toEqual(['$.sumQty', '$.averagePrice', '$.sumAmount']);
    expect(verified(r)).toBe(true);
  });

  it('AVERAGE, COUNT, COUNTA, MIN and MAX of a column after a blank row, verified', async () => {
    const r = await convertWorkbook(
      book(undefined, ['=COUNTA(A2:A5)', '=COUNT(B2:B5)', '=MIN(C2:C5)', '=MAX(D2:D5)'], true),
      {},
    );
    expect(warnings(r)).toEqual([]);
    expect(roots(r)).toEqual(['$.countaRep', '$.countQty', '$.minPrice', '$.maxAmount']);
    expect(verified(r)).toBe(true);
  });

  it('SUBTOTAL with a function number without an exact lowering is left out with a warning', async () => {
    const r = await convertWorkbook(book(undefined, ['Total', '=SUBTOTAL(7,B2:B5)']), {});
    expect(warnings(r)).toEqual(['SUMMARY_REFUSED']);
    expect(r.valid && r.spec.defaultValues?.[0]?.expr).toContain('"rep":"Di"');
    expect(verified(r)).toBe(true);
  });

  it('a percent of total over a formula column compiles and verifies', async () => {
    const r = await convertWorkbook(
      book('=D{r}/SUM($D$2:$D$5)', ['Total', undefined, undefined, '=SUM(D2:D5)']),
      {},
    );
    expect(r.rejectedColumns).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(r.valid ? r.spec.derivations?.find((d) => d.path === '$.items[*].share')?.expr : '').toContain(
      '$$.',
    );
  });
});
