/** The blocked oracle (src/oracle/engine/blocks.ts) on built shapes; every fixture workbook in blocks: blocks.full.test.ts. */
import { describe, expect, it } from 'vitest';
import { evaluateInBlocks, planBlocks } from '../../src/oracle/engine/blocks.js';
import { prepareWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';
import { book, expectSameAsSingle, localCells } from './blocks-compare.js';

/** The wide bench shape, small: inputs, six formula columns, a side table beside the rows. */
function wide(n: number, extra: (r: number) => CellValue[] = () => []): CellValue[][] {
  const last = n + 1;
  const rows: CellValue[][] = [
    ['Name', 'Product', 'Qty', 'Price', 'Key', 'Stock', 'G', 'H', 'I', 'J', 'K', 'L'],
  ];
  for (let i = 0; i < n; i++) {
    const r = i + 2;
    rows.push([
      `N${i}`,
      ['widget', 'gadget', 'bolt'][i % 3],
      (i * 7) % 40,
      ((i * 13) % 100) / 4,
      `K${i % 4}`,
      i % 20,
      `=C${r}*D${r}`,
      `=ROUND(G${r}*0.0825,2)`,
      `=IF(AND(G${r}>500,F${r}<10),"A",IF(G${r}>100,"B","C"))`,
      `=UPPER(LEFT(B${r},4))&"-"&LEN(A${r})`,
      `=VLOOKUP(E${r},$O$2:$P$5,2,FALSE)`,
      `=G${r}/SUMPRODUCT($C$2:$C$${last},$D$2:$D$${last})`,
      null,
      null,
      null, // O:P, the side table, then the extra columns from R
      null,
      null,
      ...extra(r),
    ]);
  }
  for (let k = 0; k < 4; k++) {
    rows[k + 1][14] = `K${k}`;
    rows[k + 1][15] = k === 2 ? '#N/A' : 0.05 + k / 100;
  }
  return rows;
}

describe('the blocked oracle', () => {
  it('puts the wide shape in blocks, the aggregates and the side table given as values', () => {
    const wb = book(gridSheet('S', wide(20)));
    expectSameAsSingle(wb);
    expect(localCells(wb)).toHaveLength(20 * 6);
    expect(planBlocks(prepareWorkbook(wb), Number.POSITIVE_INFINITY)).toBeUndefined(); // one engine
  });

  it('tells a reference right of every column from the cell its number would alias', () => {
    // AD (column 29) is right of every cell (18 columns): AD1 and AD5 are not L2 and L6 (row * 18 + column).
    const grid = wide(20, (r) => [`=G${r}+$AD$1`]);
    grid.push([null, null, null, null, null, null, '=SUM(I2:I21)+AD5']);
    const wb = book(gridSheet('S', grid));
    expectSameAsSingle(wb);
    expect(evaluateInBlocks(prepareWorkbook(wb), 3)).toBeDefined();
    const local = localCells(wb) ?? [];
    expect(local.filter((c) => /,11$/.test(c))).toHaveLength(20);
    expect(local.filter((c) => /,17$/.test(c))).toHaveLength(20);
  });

  it('keeps global what a summary row or an aggregate over a formula column reads, and what that reads', () => {
    const grid = wide(20, (r) => [`=H${r}/SUM($H$2:$H$21)`, `=R${r}*2`]);
    grid.push([null, null, null, null, null, null, '=SUM(G2:G21)']);
    const wb = book(gridSheet('S', grid));
    expectSameAsSingle(wb);
    const local = localCells(wb) ?? [];
    // G: the summary row reads it; H: the hoisted SUM over H reads it; and G is read by H in its row anyway.
    expect(local.some((c) => /,6$/.test(c))).toBe(false);
    expect(local.some((c) => /,7$/.test(c))).toBe(false);
    expect(local.filter((c) => /,8$/.test(c))).toHaveLength(20); // I: row-local
    expect(local.filter((c) => /,17$/.test(c))).toHaveLength(20); // R reads the helper cell: row-local
    expect(local.filter((c) => /,18$/.test(c))).toHaveLength(20);
  });

  it('keeps a running scan and per-row criteria in one engine or global, with the same values', () => {
    const running = wide(20, (r) => [r === 2 ? '=G2' : `=R${r - 1}+G${r}`]);
    expectSameAsSingle(book(gridSheet('S', running)));
    expect(localCells(book(gridSheet('S', running)))?.some((c) => /,(6|17)$/.test(c))).toBe(false);
    const criteria = wide(20, (r) => [`=SUMIF($E$2:$E$21,E${r},$G$2:$G$21)`, `=COUNTIF($B$2:$B$21,B${r})`]);
    expectSameAsSingle(book(gridSheet('S', criteria)));
  });

  it('reads other sheets, blank and error inputs, and gives up on a blank formula result', () => {
    const params = gridSheet('P', [[0.1], ['=P!A1*2'], ['x']]);
    const rows: CellValue[][] = Array.from({ length: 12 }, (_, i) => [
      i % 4 === 0 ? null : i % 4 === 1 ? { error: '#DIV/0!' } : i,
      i % 3 === 0 ? '' : 'a',
      `=IFERROR(A${i + 1}*P!$A$2,"e")`,
      `=ISBLANK(A${i + 1})&B${i + 1}&P!$A$3`,
      `=-0*A${i + 1}`,
      `=1/E${i + 1}`,
    ]);
    const wb = book(gridSheet('S', rows), params);
    expectSameAsSingle(wb);
    expect(localCells(wb)?.filter((c) => c.startsWith('S!'))).toHaveLength(12 * 4);
    // An INDEX into a blank: a formula cell whose value is blank, read by a row-local formula.
    const blank = book(
      gridSheet('S', [
        [1, '=INDEX(C1:C2,2)', null],
        [2, '=ISBLANK(B1)', null],
        [3, '=A3*2', null],
        [4, '=A4*2', null],
      ]),
    );
    expectSameAsSingle(blank);
  });

  it('evaluates in one engine when a formula reads through a name or INDIRECT', () => {
    const rows = wide(8, (r) => [`=INDIRECT("C${r}")`]);
    expect(localCells(book(gridSheet('S', rows)))).toBeUndefined();
    expectSameAsSingle(book(gridSheet('S', rows)));
  });
});
