/**
 * Differential fuzzing, bounded and seeded for `npm test`: 300 generated formulas over random inputs, each
 * lowered and evaluated by the formula command and compared with the oracle (no tolerance). The long run is
 * `npm run fuzz`; see docs/fuzzing.md.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../src/workbook/formula/index.js';
import type { CellValue } from '../../src/workbook/values.js';
import { formulaTree, renderFormula } from './arbitraries.js';
import { checkCase, formatFinding, judge, runDifferential, shrinkFinding } from './harness.js';

const SEED = 20240601;
const CASES = 300;

describe('differential fuzzing: lowering vs oracle', () => {
  it('generates formulas our parser reads', () => {
    fc.assert(
      fc.property(formulaTree(), (e) => {
        expect(parseFormula(renderFormula(e)).ast).toBeDefined();
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('compares without tolerance (the harness can fail)', async () => {
    const c = { expr: { t: 'num', v: 0.1 } as const, cells: [null, null, null, null, null] };
    expect(await checkCase(c)).toEqual({ kind: 'match', oracle: 0.1 });
    expect((await judge(c, 0.1 + Number.EPSILON / 8)).kind).toBe('mismatch');
    expect((await judge(c, '0.1')).kind).toBe('mismatch');
    // The oracle's #ERROR! (Excel's answer not established) is set apart, never counted as a match.
    expect((await judge(c, { error: '#ERROR!' } as unknown as CellValue)).kind).toBe('undetermined');
  });

  it(`${CASES} seeded cases: 0 mismatches`, async () => {
    const stats = await runDifferential({ seed: SEED, cases: CASES, batch: CASES });
    expect(stats.cases).toBe(CASES);
    expect(stats.compared + stats.refused + stats.undetermined).toBe(CASES);
    // Most cases must be compared, or the 0-mismatch figure would say little.
    expect(stats.compared).toBeGreaterThan(CASES * 0.8);
    // Shrink the first findings so a failure reads as minimal counterexamples.
    const shown: string[] = [];
    for (const f of stats.findings.slice(0, 3)) {
      shown.push(formatFinding((await shrinkFinding(f.seed, f.index)) ?? f.finding));
    }
    expect(shown.join('\n'), `${stats.mismatches} of ${stats.compared} compared cases disagree`).toBe('');
    expect(stats.mismatches).toBe(0);
  });
});
