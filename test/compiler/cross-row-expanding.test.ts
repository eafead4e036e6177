import { describe, expect, it } from 'vitest';
import { book, expectAllVerified, type Grid, run, verified } from './sheet-helpers.js';
import { compileRecognised } from '../../src/compiler/compile.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import type { CellValue } from '../../src/workbook/values.js';

/** Item | Amount | <header>: `formula(r)` in every data row (r the 1-based sheet row). */
const grid = (amounts: readonly CellValue[], header: string, formula: (r: number) => string): Grid => [
  ['Item', 'Amount', header],
  ...amounts.map((a, i) => [`i${i + 2}`, a, formula(i + 2)]),
];

describe('expanding ranges compile as running aggregates of the scan', () => {
  const amounts: CellValue[] = [5, 'x', null, -2.5, true, 7];
  for (const fn of ['SUM', 'COUNT', 'COUNTA', 'MAX', 'MIN', 'AVERAGE']) {
    it(`=${fn}($B$2:B2): verified cell by cell against the oracle (text, booleans and blanks in the range)`, async () => {
      const r = await verified(grid(amounts, 'Run', (row) => `=${fn}($B$2:B${row})`));
      expectAllVerified(r);
      if (!r.valid) return;
      expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.runScan', '$.items[*].run']);
    });
  }
});

/** Item | Amount | Net (a formula column) | Run: `fn` over the expanding range of Net. */
const overFormula = (fn: string, amounts: readonly CellValue[]): Grid => [
  ['Item', 'Amount', 'Net', 'Run'],
  ...amounts.map((a, i) => [`i${i + 2}`, a, `=IF(B${i + 2}=0,1/0,B${i + 2}-1)`, `=${fn}($C$2:C${i + 2})`]),
];

describe('an expanding range over a formula column, and errors in it', () => {
  for (const fn of ['SUM', 'COUNT', 'COUNTA', 'MAX', 'MIN', 'AVERAGE']) {
    it(`=${fn}($C$2:C2) over a formula column with a #DIV/0! in row 4: verified`, async () => {
      const r = await verified(overFormula(fn, [-3, -1, 0, -8, 4]));
      expectAllVerified(r);
    });
  }

  it('runs on the reference runtime over a new document: the items give the order', async () => {
    const r = await verified(grid([1, 2, 3], 'Run', (row) => `=SUM($B$2:B${row})*2`));
    expectAllVerified(r);
    if (!r.valid) return;
    const doc = await run(r.spec, {
      items: [
        { row: 2, item: 'a', amount: 10 },
        { row: 50, item: 'b', amount: 'n/a' },
        { row: 3, item: 'c', amount: 0.5 },
        { row: 4, item: 'd', amount: null },
      ],
    });
    expect((doc.items as Array<{ run: number }>).map((i) => i.run)).toEqual([20, 20, 21, 21]);
  });

  it('MAX of negatives only is the largest of them, not 0; MIN of none is 0', async () => {
    const r = await verified(grid(['x', -5, -2, -9], 'Top', (row) => `=MAX($B$2:B${row})`));
    expectAllVerified(r);
    if (!r.valid) return;
    const doc = await run(r.spec, {
      items: [
        { row: 2, item: 'a', amount: 'x' },
        { row: 3, item: 'b', amount: -5 },
        { row: 4, item: 'c', amount: -2 },
      ],
    });
    expect((doc.items as Array<{ top: number }>).map((i) => i.top)).toEqual([0, -5, -2]);
  });

  it('a running total beside a previous-row balance: one scan computes both', async () => {
    const g: CellValue[][] = [['Item', 'Amount', 'Balance', 'Run']];
    for (let r = 2; r <= 6; r++)
      g.push([`i${r}`, r * 3, r === 2 ? `=B2` : `=C${r - 1}+B${r}`, `=SUM($B$2:B${r})-C${r}`]);
    const r = await verified(g);
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.derivations?.map((d) => d.path)).toEqual([
      '$.balanceScan',
      '$.items[*].balance',
      '$.items[*].run',
    ]);
  });
});

describe('expanding shapes that stay refused, naming the shape', () => {
  const refusedWith = async (formula: (r: number) => string) => {
    const g = grid([1, 2, 3, 4], 'Run', formula).map((row, i) => [...row, i === 0 ? 'Good' : `=B${i + 1}*2`]);
    const r = await verified(g);
    expect(r.valid).toBe(true);
    return r.valid ? r.rejectedColumns : [];
  };
  it.each([
    ['SUMIF over it', (r: number) => `=SUMIF($B$2:B${r},">1")`, 'only SUM, COUNT, COUNTA, MAX, MIN, AVERAGE'],
    ['SUM of it and more', (r: number) => `=SUM($B$2:B${r},1)`, 'only SUM, COUNT, COUNTA, MAX, MIN, AVERAGE'],
    ['it in arithmetic', (r: number) => `=SUMPRODUCT($B$2:B${r})`, 'only SUM, COUNT'],
    [
      'a start below the first data row',
      (r: number) => `=SUM($B$1:B${r})`,
      'does not start at the first data row (2)',
    ],
    ['two columns', (r: number) => `=SUM($A$2:B${r})`, 'over several columns'],
  ])('%s → CROSS_ROW_REFERENCE', async (_what, formula, detail) => {
    const rejected = await refusedWith(formula);
    expect(rejected.map((x) => [x.column, x.reason])).toEqual([['C', 'CROSS_ROW_REFERENCE']]);
    expect(rejected[0].detail).toContain(detail);
  });

  it('an expanding range over its own column is CIRCULAR_REFERENCE', async () => {
    const rejected = await refusedWith((r) => `=SUM($C$2:C${r})`);
    expect(rejected.map((x) => [x.column, x.reason])).toEqual([['C', 'CIRCULAR_REFERENCE']]);
  });
});

describe('differences with the row above compile', () => {
  it('=B3-B2 under a blank first row, and =C2+B3-B2 under =B2: verified', async () => {
    const g: (CellValue | undefined)[][] = [['Item', 'Reading', 'Level', 'Change']];
    for (let r = 2; r <= 7; r++)
      g.push([
        `i${r}`,
        r * r,
        r === 2 ? '=B2' : `=C${r - 1}+B${r}-B${r - 1}`,
        r === 2 ? null : `=B${r}-B${r - 1}`,
      ]);
    const r = await verified(g);
    expectAllVerified(r);
  });
});

describe("a scan refused for what it reads still names its members' own refusals (the draft's reasons)", () => {
  it('a member reading a refused column, whose own formula is refused too: both reasons', () => {
    // Bad (C) is refused (volatile: RAND); Run (D) reads it and calls an unsupported function; Twice (E) is fine.
    const g: CellValue[][] = [['Item', 'Amount', 'Bad', 'Run', 'Twice']];
    for (let r = 2; r <= 5; r++)
      g.push([`i${r}`, r, `=B${r}*RAND()`, `=SUM($B$2:B${r})+C${r}+NOSUCHFN(B${r})`, `=D${r}*2`]);
    const table = recogniseTable(book(g));
    if (isRecogniseFailure(table)) throw new Error(table.error);
    const c = compileRecognised(table);
    expect(c.rejected.map((x) => [x.column, x.reason])).toEqual([
      ['C', 'VOLATILE_FUNCTION'],
      ['D', 'DEPENDS_ON_REJECTED_COLUMN'],
      ['E', 'DEPENDS_ON_REJECTED_COLUMN'],
    ]);
    expect(c.ownRefusals.get('run')?.reason).toBe('UNSUPPORTED_FUNCTION');
    expect(c.ownRefusals.get('run')?.detail).toContain('NOSUCHFN');
    expect(c.ownRefusals.has('twice')).toBe(false);
  });
});
