/**
 * The library's logarithm and exponential (helpers/transcendental.ts, finance.ts): fdlibm transcribed to
 * JSONata, so each must give the platform's Math.log, Math.log10, Math.exp, Math.log1p and Math.expm1 bit for bit
 * (property tests over random doubles; scripts/transcendental-error.ts measures 10^5 each). And the cases
 * whose Excel answer is not established give the not-established value.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { type Bindings, compileExpression, specBindings } from '../../src/modelspec/bind.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(buildLibrary(['xlLnCore', 'xlLog10Core', 'xlExpCore', 'xlLog1p', 'xlExpm1']), {});
});

const RUNS = 300;
const positive = fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true });
const near1 = fc.double({ min: 0.5, max: 2, noNaN: true });

async function same(helper: string, x: number, platform: (x: number) => number): Promise<void> {
  const got = await compileExpression(`$${helper}($x)`).evaluate({}, { ...b, x });
  expect(Object.is(got, platform(x)) || got === platform(x)).toBe(true);
}

describe('fdlibm in JSONata: the platform bit for bit', () => {
  it('$xlLnCore is Math.log on positive doubles, subnormals included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(positive, near1), (x) => same('xlLnCore', x, Math.log)),
      {
        numRuns: RUNS,
      },
    );
  });
  it('$xlLog10Core is Math.log10, exact at every power of ten', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(positive, near1), (x) => same('xlLog10Core', x, Math.log10)),
      {
        numRuns: RUNS,
      },
    );
    for (let e = -300; e <= 300; e += 7) await same('xlLog10Core', Number(`1e${e}`), Math.log10);
  });
  it('$xlExpCore is Math.exp below overflow', async () => {
    const xs = fc.double({ min: -745, max: 709.78, noNaN: true });
    await fc.assert(
      fc.asyncProperty(xs, (x) => same('xlExpCore', x, Math.exp)),
      { numRuns: RUNS },
    );
  });
  it('$xlLog1p is Math.log1p above -1', async () => {
    const xs = fc.oneof(fc.double({ min: -0.999999, max: 1, noNaN: true }), positive);
    await fc.assert(
      fc.asyncProperty(xs, (x) => same('xlLog1p', x, Math.log1p)),
      { numRuns: RUNS },
    );
  });
  it('$xlExpm1 is Math.expm1 within ±230', async () => {
    const xs = fc.oneof(
      fc.double({ min: -230, max: 230, noNaN: true }),
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(xs, (x) => same('xlExpm1', x, Math.expm1)),
      { numRuns: RUNS },
    );
  });
  it('keeps the branch points: exp(1), the reduction bounds, 1 + f at √2', async () => {
    for (const x of [1, 0.3465735912322998, 1.0397205352783203, -0.3465735912322998, 3.725290298461914e-9])
      await same('xlExpCore', x, Math.exp);
    for (const x of [Math.SQRT2, Math.SQRT1_2, 1 + 2 ** -52, 1 - 2 ** -53, 5e-324, Number.MAX_VALUE])
      await same('xlLnCore', x, Math.log);
    for (const x of [0.4142136573791504, 0.2928934097290039, -0.2928934097290039, 2 ** -29, 2 ** 53])
      await same('xlLog1p', x, Math.log1p);
    for (const x of [-38.81622314453125, 56 * Math.LN2, 20 * Math.LN2, -2 * Math.LN2, 0.25])
      await same('xlExpm1', x, Math.expm1);
  });
});

describe('the 15-digit functions where Excel is not established', () => {
  const ne = async (formula: string, cells: Record<string, number>) => {
    const r = await translateFormula(formula, cells, {});
    return 'notEstablished' in r ? r.notEstablished : undefined;
  };
  it('EXP with a subnormal result above -745 (EXP(-745) is saved 0, EXP_SIGN.xlsx B44)', async () => {
    expect(await ne('=EXP(A1)', { A1: -720 })).toMatch(/EXP/);
    expect(await ne('=EXP(A1)', { A1: -745 })).toBeUndefined();
  });
  it('PMT with a rate below -1; NPER with rate -1 or rate 0 and pmt 0', async () => {
    expect(await ne('=PMT(A1,5,100)', { A1: -2 })).toMatch(/PMT/);
    expect(await ne('=NPER(A1,5,100)', { A1: -1 })).toMatch(/NPER/);
    expect(await ne('=NPER(0,A1,100)', { A1: 0 })).toMatch(/NPER/);
  });
  it('NPER with a rate too small to change 1 + rate (its logarithm divides by zero; found by the fuzz)', async () => {
    expect(await ne('=NPER(A1,A1,1.5)', { A1: 2.2250738585072014e-308 })).toMatch(
      /NPER whose 1 \+ rate is 1/,
    );
    expect(await ne('=NPER(A1,-10,100)', { A1: -1e-17 })).toMatch(/NPER whose 1 \+ rate is 1/);
    expect(await ne('=NPER(A1,-10,100)', { A1: 1e-10 })).toBeUndefined();
  });
  it('PV with rate -1, or a rate below -1 and a fractional nper (no saved cell shows either)', async () => {
    expect(await ne('=PV(A1,3,100)', { A1: -1 })).toMatch(/PV with rate -1/);
    expect(await ne('=PV(A1,2.5,100)', { A1: -2 })).toMatch(/fractional nper/);
    expect(await ne('=PV(A1,5,100)', { A1: -3 })).toBeUndefined();
  });
  it('FV with rate -1, or whose result is under 1/16 of its larger term (PMT.xlsx L33, L34)', async () => {
    expect(await ne('=FV(A1,-2,1)', { A1: -1 })).toMatch(/FV with rate -1/);
    expect(await ne('=FV(0.2,A1,92.1978021978022,-200)', { A1: 3.000000000000001 })).toMatch(/1\/16/);
    expect(await ne('=FV(0.2,A1,50,-200)', { A1: 3 })).toBeUndefined();
  });
  it('IPMT and PPMT with a blank, boolean or text argument, rate -1 or below, per past a fractional nper, cancelling terms', async () => {
    expect(await ne('=IPMT(0.1,1,3,A1)', { A1: true } as never)).toMatch(
      /IPMT with a blank, a boolean or text/,
    );
    expect(await ne('=PPMT(0.1,1,3,A1)', { A1: '100' } as never)).toMatch(
      /PPMT with a blank, a boolean or text/,
    );
    expect(await ne('=IPMT(A1,1,3,100)', { A1: -1 })).toMatch(/rate of -1 or below/);
    expect(await ne('=PPMT(0.1,A1,2.5,100)', { A1: 3 })).toMatch(/fractional nper/);
    expect(await ne('=PPMT(0.1,A1,3,100)', { A1: 3.9 })).toBeUndefined();
    expect(await ne('=IPMT(0.1,2,3,100,0,A1)', { A1: 5 })).toMatch(/type other than 0 or 1/);
    expect(await ne('=PPMT(0.1,2,3,100,A1)', { A1: -99 })).toMatch(/pv \+ fv/);
    expect(await ne('=IPMT(0.1,2,3,100,A1)', { A1: 231 })).toMatch(/IPMT whose result/);
    expect(await ne('=IPMT(0.1,2,3,100,A1)', { A1: 10 })).toBeUndefined();
  });
  it('NPV with a written boolean or text, rate -1, no values, or a sum of nearly equal terms (IRR.xlsx M2)', async () => {
    expect(await ne('=NPV(A1,TRUE,3)', { A1: 0.1 })).toMatch(/not read from a reference/);
    expect(await ne('=NPV(A1,"3")', { A1: 0.1 })).toMatch(/not read from a reference/);
    expect(await ne('=NPV(A1,B1,3)', { A1: 0.1, B1: true } as never)).toBeUndefined();
    expect(await ne('=NPV(A1,3)', { A1: -1 })).toMatch(/rate -1/);
    expect(await ne('=NPV(0.1,A1)', { A1: 'x' } as never)).toMatch(/without a number/);
    expect(await ne('=NPV(A1,-20,5,5,5,5,5)', { A1: 0.07930826116039724 })).toMatch(/1\/32/);
    expect(await ne('=NPV(A1,-10000,3000,4200,6800)', { A1: 0.1 })).toBeUndefined();
  });
  it('an argument past 1E+100', async () => {
    expect(await ne('=PMT(0.1,A1,100)', { A1: 1e101 })).toMatch(/1E\+100/);
  });
});
