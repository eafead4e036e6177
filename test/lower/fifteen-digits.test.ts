/**
 * The library's 15-significant-digit rounding ($xlDec15, behind $xlR15Dec, $xlNumTextDec and TEXT's number
 * formats) against JavaScript's `toPrecision(15)`, which rounds the exact binary value. The hard inputs are
 * the integers from 2^53 up whose shortest representation has 16 digits ending in 5 (9.860837205593285e20):
 * rounding that text half up is a double rounding; the exact value may lie below the tie.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDouble } from '../../src/compiler/lower/lower.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { type Bindings, compileExpression, specBindings } from '../../src/modelspec/bind.js';
import { propertyRuns } from '../support/property-runs.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(buildLibrary(['xlDec15', 'xlR15Dec', 'xlNumTextDec', 'xlFmtFixed']), {});
});

const dec15 = compileExpression('$xlDec15($x)');
const r15 = compileExpression('$xlR15Dec($x)');
/** The 15 digits (trailing zeros dropped) and exponent $xlDec15 returns, from toPrecision(15). */
function expected(x: number): { d: string; p: number } {
  const [m, e] = Math.abs(x).toExponential(14).split('e');
  return { d: (m as string).replace('.', '').replace(/0+$/, ''), p: Number(e) + 1 };
}

/** A 16-digit decimal ending in 5 at exponents from 1E15 to 1E308, kept when it is the double's shortest text. */
const shortestTies = fc
  .tuple(fc.bigInt({ min: 10n ** 14n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 292 }))
  .map(([m, e]) => ({ text: `${m}5e${e}`, x: Number(`${m}5e${e}`) }))
  .filter(
    ({ text, x }) =>
      Number.isFinite(x) && Number(text) === x && /^\d\.\d{14}5e\+\d+$/.test(x.toExponential()),
  )
  .map(({ x }) => x);
/** Integers from 1E15 up: any double, and the neighbours of a 16-digit tie. */
const bigInts = fc.oneof(
  fc.double({ min: 1e15, max: 1.7976931348623157e308, noNaN: true }),
  fc
    .tuple(
      fc.bigInt({ min: 10n ** 14n, max: 10n ** 15n - 1n }),
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: -2, max: 2 }),
    )
    .map(([m, e, step]) => {
      let x = Number(`${m}5e${e}`);
      for (let i = 0; i < Math.abs(step); i++) x = nextDouble(x, step > 0);
      return x;
    }),
);

describe('$xlDec15: 15 significant digits of the exact binary value', () => {
  it('the fuzz finding: 998^7 is 986083720559328000000 at 15 digits, not …329', async () => {
    const x = 998 ** 7;
    expect(x.toExponential()).toBe('9.860837205593285e+20');
    expect(await dec15.evaluate({}, { ...b, x })).toEqual({ d: '986083720559328', p: 21 });
    expect(await r15.evaluate({}, { ...b, x })).toBe(986083720559328000000);
    expect(await compileExpression('$xlNumTextDec($x)').evaluate({}, { ...b, x })).toBe(
      '9.86083720559328E+20',
    );
    expect(await compileExpression('$xlFmtFixed($x, 0, 0).i').evaluate({}, { ...b, x })).toBe(
      '986083720559328000000',
    );
  });
  it('exact ties round up (10000000000000050 is a double and exactly the tie)', async () => {
    expect(await dec15.evaluate({}, { ...b, x: 10000000000000050 })).toEqual({ d: '100000000000001', p: 17 });
    expect(await dec15.evaluate({}, { ...b, x: 1000000000000005 })).toEqual({ d: '100000000000001', p: 16 });
  });
  it('equals toPrecision(15) on ties of the shortest representation', async () => {
    let below = 0;
    await fc.assert(
      fc.asyncProperty(shortestTies, async (x) => {
        if (x.toExponential(14) === x.toExponential().replace(/5e/, 'e')) below++;
        expect(await dec15.evaluate({}, { ...b, x })).toEqual(expected(x));
        expect(await r15.evaluate({}, { ...b, x })).toBe(Number(x.toPrecision(15)));
      }),
      { numRuns: propertyRuns(300) },
    );
    // Why: the property would be vacuous if no generated tie had its exact value below the tie.
    expect(below).toBeGreaterThan(0);
  });
  it('equals toPrecision(15) on large integers and any double', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(bigInts, fc.double({ min: 1e-300, max: 1e300, noNaN: true })), async (x) => {
        expect(await dec15.evaluate({}, { ...b, x })).toEqual(expected(x));
      }),
      { numRuns: propertyRuns(400) },
    );
  });
});
