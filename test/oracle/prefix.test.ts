/**
 * The oracle's prefix cache (src/oracle/excel/prefix.ts): SUM/AVERAGE/COUNT of one range with a fixed top row,
 * answered from one walk per engine, give exactly what a full read of the range gives. The full read is the
 * same call with the top row written relative (`SUM(A1:A7)`), which does not use the cache.
 */
import { CellError, ErrorType } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { PrefixWalk } from '../../src/oracle/excel/prefix.js';
import { excelSum, UNKNOWN } from '../../src/oracle/excel/excel-scalars.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { prng } from '../../scripts/hostile/cases.js';

type Entry = string | number | boolean | undefined;

/** Cells of every kind a range can hold: numbers (near-cancelling ones too), text, booleans, blanks, errors. */
const POOL: Entry[] = [
  1,
  2.5,
  -2.5,
  0.1,
  0.2,
  -0.3,
  0.5,
  -0.4,
  -0.1,
  1e308,
  1e308,
  -1e308,
  0,
  -7,
  'x',
  '1',
  '',
  true,
  false,
  undefined,
  undefined,
  '=1/0',
  '=NA()',
  '=0.5-0.4-0.1', // the oracle's undetermined #ERROR! (a cancelling subtraction)
  '=SQRT(-1)',
];

const FUNCTIONS = ['SUM', 'AVERAGE', 'COUNT'] as const;
const col = (c: number) => String.fromCharCode(65 + c);

/**
 * A sheet of `n` random rows in columns A:B and, in random order down columns D.., each function over
 * `$A$1:A{e}` (or `$A$1:B{e}`) beside the same call written `A1:A{e}`, for random end rows e.
 */
function randomSheet(seed: number, n: number, wide: boolean) {
  const rnd = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)] as T;
  const grid: Entry[][] = Array.from({ length: Math.max(n, 3 * n) }, () => []);
  for (let r = 0; r < n; r++) grid[r]!.push(pick(POOL), pick(POOL), undefined);
  const last = wide ? 'B' : 'A';
  const asks: { row: number; col: number; fn: string; end: number }[] = [];
  for (let r = 0; r < grid.length; r++) {
    FUNCTIONS.forEach((fn, i) => {
      const end = 1 + Math.floor(rnd() * n);
      const line = grid[r]!;
      line[3 + 2 * i] = `=${fn}($A$1:${last}${end})`;
      line[4 + 2 * i] = `=${fn}(A1:${last}${end})`;
      asks.push({ row: r, col: 3 + 2 * i, fn, end });
    });
  }
  return { grid, asks };
}

describe('prefix cache equals the full read', () => {
  for (const wide of [false, true]) {
    it.each([1, 2, 3, 4, 5, 6, 7, 8])(`${wide ? 'two columns' : 'one column'}, seed %i`, (seed) => {
      const n = 5 + seed * 3;
      const { grid, asks } = randomSheet(seed * 31 + (wide ? 7 : 0), n, wide);
      const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
      const o = evaluateWorkbook(wb, { hoist: false });
      for (const a of asks) {
        const cached = o.get('S', a.row, a.col);
        const full = o.get('S', a.row, a.col + 1);
        expect({ at: `${col(a.col)}${a.row + 1} ${a.fn} ..${a.end}`, v: cached }).toEqual({
          at: `${col(a.col)}${a.row + 1} ${a.fn} ..${a.end}`,
          v: full,
        });
      }
    });
  }
});

describe('the walk reads no cell below the asked end row', () => {
  // A(k+1) depends on B(k) = SUM($A$1:A(k)): the engine computes A(k+1) only after B(k), so a walk that read
  // ahead would see a cell not yet computed.
  const n = 60;
  const grid: Entry[][] = [[1, '=SUM($A$1:A1)', '=COUNT($A$1:A1)', '=AVERAGE($A$1:A1)']];
  for (let r = 2; r <= n; r++)
    grid.push([`=B${r - 1}/2+${r}`, `=SUM($A$1:A${r})`, `=COUNT($A$1:A${r})`, `=AVERAGE($A$1:A${r})`]);
  it('a running sum over a chained column', () => {
    // Why inside the test: HyperFormula throws on reading a formula cell it has not computed yet.
    const o = evaluateWorkbook({ sheets: [gridSheet('S', grid)], definedNames: [], tables: [] });
    let a = 1;
    let sum = 1;
    for (let r = 1; r <= n; r++) {
      if (r > 1) {
        a = sum / 2 + r;
        sum += a;
      }
      expect(o.get('S', r - 1, 0)).toBe(a);
      expect(o.get('S', r - 1, 1)).toBe(sum);
      expect(o.get('S', r - 1, 2)).toBe(r);
      expect(o.get('S', r - 1, 3)).toBe(sum / r);
    }
  });
});

describe('PrefixWalk asked in any order', () => {
  const rnd = prng(8);
  const VALUES: unknown[] = [1, 0.1, 0.2, -0.3, 1e308, 'x', true, new CellError(ErrorType.NA), UNKNOWN()];
  const pick = () => VALUES[Math.floor(rnd() * VALUES.length)];
  it('answers a shorter range from its snapshot after a longer one', () => {
    for (let t = 0; t < 200; t++) {
      const rows = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => [pick(), pick()]);
      const walk = new PrefixWalk();
      for (const r of rows) walk.push(r);
      for (let k = rows.length; k >= 1; k--) {
        const cells = rows.slice(0, k).flat();
        const error = cells.find((v) => v instanceof CellError);
        const nums = cells.filter((v): v is number => typeof v === 'number');
        expect(walk.sumOf(k)).toEqual(error ?? excelSum([nums]));
        const unknown = cells.find((v) => v instanceof CellError && v.type === ErrorType.ERROR);
        expect(walk.countOf(k)).toEqual(unknown ?? nums.length);
      }
    }
  });
});
