/**
 * The IronCalc witness (ironcalc.ts): values are read back exactly, each kind as it was written, and the
 * package stays out of src/ (a dev dependency, scripts/arrows.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importsOf, judge } from '../../scripts/arrows.js';
import type { CellValue } from '../../src/workbook/values.js';
import { cellNumber } from './arbitraries.js';
import { ironcalcRows } from './ironcalc.js';
import { threeWay, verdict } from './three-way.js';

/** Each value written in column A of its own row and read back through `=A<row>`. */
const roundTrip = (values: readonly CellValue[]) =>
  ironcalcRows(
    values.map((v, i) => ({ row: i + 1, inputs: [v], formula: `=A${i + 1}` })),
    2,
  ).values;

describe('IronCalc witness', () => {
  it('reads every normal double back exactly (the helper-cell decoder)', () => {
    const xs = [
      ...fc.sample(cellNumber, { seed: 1201, numRuns: 400 }),
      0.30000000000000004,
      -2.5,
      2 ** 53 - 1,
      1.7976931348623157e308,
      -2.2250738585072014e-308,
      434.99999999999994,
      1e21,
    ];
    const back = roundTrip(xs);
    const wrong = xs.filter((x, i) => back[i] !== (Object.is(x, -0) ? 0 : x));
    expect(wrong).toEqual([]);
  });

  it('gives up on a subnormal rather than guess', () => {
    expect(roundTrip([5e-324])).toEqual([undefined]);
  });

  it('keeps each kind: text (also number-like and formula-like), booleans, errors, blank read as 0', () => {
    const values: CellValue[] = [
      '1,000',
      '=1+1',
      "'quoted",
      '',
      'TRUE',
      true,
      false,
      { error: '#N/A' },
      { error: '#DIV/0!' },
      null,
    ];
    expect(roundTrip(values)).toEqual([
      '1,000',
      '=1+1',
      "'quoted",
      '',
      'TRUE',
      true,
      false,
      { error: '#N/A' },
      { error: '#DIV/0!' },
      0,
    ]);
  });

  it('computes: a case three ways, IronCalc beside the lowering and the oracle', async () => {
    const t = await threeWay('=A1*3+1', { A1: 23 });
    expect([t.ironcalc, t.oracle, 'value' in t.lowering && t.lowering.value]).toEqual([70, 70, 70]);
    expect(verdict(t)).toBe('all agree');
  });

  it("survives IronCalc's own crash: only the crashing row is lost", () => {
    const rows = ['=1+1', '=REPT("ab",1E+10)', '=2+2'].map((formula, i) => ({
      row: i + 1,
      inputs: [],
      formula,
    }));
    expect(ironcalcRows(rows, 1)).toEqual({ values: [2, undefined, 4], crashed: [1] });
  });

  it('is imported under test/fuzz only: src/ may not', () => {
    const line = "import { Model } from '@ironcalc/wasm';";
    expect(importsOf('src/oracle/x.ts', line).map(judge)).toEqual([
      '@ironcalc/wasm is imported only under test/fuzz/',
    ]);
    expect(importsOf('test/fuzz/ironcalc.ts', line).map(judge)).toEqual([undefined]);
  });
});
