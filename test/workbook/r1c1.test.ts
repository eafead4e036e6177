import { describe, expect, it } from 'vitest';
import { cellId, shiftFormula, toR1C1 } from '../../src/workbook/formula/r1c1.js';

describe('toR1C1', () => {
  it.each([
    ['B2*C2', 1, 3, 'RC[-2]*RC[-1]'],
    ['$A$1+A1', 0, 0, 'R1C1+RC'],
    ['"A1"&A2', 0, 0, '"A1"&R[1]C'],
    ['SUM(A:A)', 4, 1, 'SUM(C[-1])'],
    ['Sheet2!B3', 0, 0, 'Sheet2!R[2]C[1]'],
  ])('%s at (%i,%i) is %s', (f, r, c, out) => {
    expect(toR1C1(f, r, c)).toBe(out);
  });

  it('gives the same form for a formula filled down', () => {
    expect(toR1C1('B2*C2', 1, 3)).toBe(toR1C1('B3*C3', 2, 3));
  });

  it('never throws', () => {
    expect(toR1C1('SUM((', 0, 0)).toBeTypeOf('string');
  });
});

describe('shiftFormula', () => {
  it.each([
    // [master, masterRow, masterCol, row, col, expected]
    ['"A1"&A1', 0, 1, 2, 1, '"A1"&A3'],
    ['$A1+B$1', 0, 2, 3, 3, '$A4+C$1'],
    ['A:A&"/"&B:B', 11, 2, 12, 2, 'A:A&"/"&B:B'],
    ['A:A&B:B', 0, 2, 5, 4, 'C:C&D:D'],
    ['1:1', 0, 0, 2, 3, '3:3'],
    ['Sheet2!B3', 0, 0, 1, 1, 'Sheet2!C4'],
    ["'My Sheet'!A1:B2*2", 0, 0, 1, 0, "'My Sheet'!A2:B3*2"],
    ['Table1[[#This Row],[x]]+R1C1', 0, 0, 5, 5, 'Table1[[#This Row],[x]]+R1C1'],
    ['$B$2*2', 0, 0, 9, 9, '$B$2*2'],
    ['A2-1', 1, 0, 0, 0, 'A1-1'],
  ] as const)('%s from (%i,%i) to (%i,%i) is %s', (f, mr, mc, r, c, out) => {
    expect(shiftFormula(f, mr, mc, r, c)).toBe(out);
  });

  it('turns a reference moved off the grid into #REF!', () => {
    expect(shiftFormula('A2-1', 1, 1, 0, 0)).toBe('#REF!-1');
    expect(shiftFormula('SUM(A1:B2)', 1, 1, 0, 1)).toBe('SUM(#REF!)');
    expect(shiftFormula('XFD1+1', 0, 0, 0, 1)).toBe('#REF!+1');
  });

  it('agrees with the R1C1 form of the master', () => {
    const master = 'IF(B2>0,$C$1*B2,"B2 "&D:D)';
    for (const [r, c] of [
      [5, 3],
      [100, 3],
      [2, 7],
    ] as const) {
      expect(toR1C1(shiftFormula(master, 1, 3, r, c), r, c)).toBe(toR1C1(master, 1, 3));
    }
  });

  it('formats cell ids', () => {
    expect([cellId(0, 0), cellId(9, 25), cellId(0, 26), cellId(0, 16383)]).toEqual([
      'A1',
      'Z10',
      'AA1',
      'XFD1',
    ]);
  });
});
