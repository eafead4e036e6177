/**
 * The library's fast paths against the decimal-digit algorithms they short-cut (the exact references kept as
 * xlRoundDec, xlR15Dec, xlNumTextDec), and the comparison bounds the lowering computes against $xlR15, on
 * random doubles and on adversarial ones: .5 ties at the rounding digit, their neighbouring doubles, 15-digit
 * ties, integers near 1E15.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { nextDouble, r15Bounds } from '../../src/compiler/lower/lower.js';
import { type Bindings, compileExpression, specBindings } from '../../src/spec/bind.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(
    buildLibrary(['xlRound', 'xlRoundDec', 'xlR15', 'xlR15Dec', 'xlNumText', 'xlNumTextDec']),
    {},
  );
});

const call = compileExpression('$f($x, $d)');
/** Both helpers' results; a throw counts as a result (the 15-digit rounding of numbers within 5E-15 of the
 * largest double overflows in both, a known gap). */
async function both(f: string, g: string, x: number, d = 0): Promise<[unknown, unknown]> {
  const one = async (h: string) => {
    try {
      return await call.evaluate({}, { ...b, f: b[h], x, d });
    } catch (e) {
      return `throws ${(e as { code?: string }).code}`;
    }
  };
  return [await one(f), await one(g)];
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Numbers of everyday size with few decimals, where ROUND's ties live. */
const decimal = fc
  .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([m, e]) => m / 10 ** e);
/** A .5 tie at `d` decimals (as parsed from its decimal text) and the doubles around it. */
const tie = fc
  .tuple(
    fc.integer({ min: -99_999_999, max: 99_999_999 }),
    fc.integer({ min: 0, max: 9 }),
    fc.integer({ min: -2, max: 2 }),
  )
  .map(([m, d, step]) => {
    let x = Number(`${m}5e-${d + 1}`);
    for (let i = 0; i < Math.abs(step); i++) x = nextDouble(x, step > 0);
    return { x, d };
  });
/** 15-significant-digit ties (x.xxxxxxxxxxxxxx5) and their neighbours, at any exponent. */
const tie15 = fc
  .tuple(
    fc.bigInt({ min: 10n ** 14n, max: 10n ** 15n - 1n }),
    fc.integer({ min: -30, max: 30 }),
    fc.integer({ min: -2, max: 2 }),
  )
  .map(([m, e, step]) => {
    let x = Number(`${m}5e${e - 15}`);
    for (let i = 0; i < Math.abs(step); i++) x = nextDouble(x, step > 0);
    return x;
  });
const bigInts = fc
  .tuple(fc.integer({ min: -2000, max: 2000 }), fc.boolean())
  .map(([k, neg]) => (neg ? -1 : 1) * (1e15 + k));

const runs = { numRuns: 400 };

describe('ROUND fast path equals the decimal algorithm', () => {
  it('on random doubles and digits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(finite, decimal), fc.integer({ min: -3, max: 25 }), async (x, d) => {
        const [fast, slow] = await both('xlRound', 'xlRoundDec', x, d);
        expect(fast).toBe(slow);
      }),
      runs,
    );
  });
  it('on ties and their neighbours', async () => {
    await fc.assert(
      fc.asyncProperty(tie, fc.integer({ min: -1, max: 1 }), async ({ x, d }, dd) => {
        const [fast, slow] = await both('xlRound', 'xlRoundDec', x, d + dd);
        expect(fast).toBe(slow);
      }),
      runs,
    );
  });
  it('on 15-digit ties and fractional digits arguments', async () => {
    await fc.assert(
      fc.asyncProperty(tie15, fc.double({ min: -2, max: 16, noNaN: true }), async (x, d) => {
        const [fast, slow] = await both('xlRound', 'xlRoundDec', x, d);
        expect(fast).toBe(slow);
      }),
      runs,
    );
  });
  it('on known cases', async () => {
    for (const [x, d] of [
      [1.005, 2],
      [-2.5, 0],
      [2.675, 2],
      [1234.5, 0],
      [0.285, 2],
      [1.0049999999999999, 2],
      [5e-324, 2],
      [9999999999999.5, 0],
    ] as const) {
      const [fast, slow] = await both('xlRound', 'xlRoundDec', x, d);
      expect(fast).toBe(slow);
    }
  });
});

describe('15-digit rounding fast path equals the decimal algorithm', () => {
  it('on random doubles, 15-digit ties and large integers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(finite, decimal, tie15, bigInts), async (x) => {
        const [fast, slow] = await both('xlR15', 'xlR15Dec', x);
        expect(fast).toBe(slow);
      }),
      runs,
    );
  });
});

describe('number-to-text fast path equals the decimal algorithm', () => {
  it('on random doubles, 15-digit ties and the plain-range edges', async () => {
    const edges = fc.constantFrom(
      1e-4,
      0.0001234567890123456,
      99999.99999999999,
      999999999999999.9,
      1e15 - 1,
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(finite, decimal, tie15, bigInts, edges), async (x) => {
        const [fast, slow] = await both('xlNumText', 'xlNumTextDec', x);
        expect(fast).toBe(slow);
      }),
      runs,
    );
  });
});

describe('comparison bounds of a literal', () => {
  const r15 = compileExpression('$xlR15Dec($x)');
  const R = async (x: number) => (await r15.evaluate({}, { ...b, x })) as number;
  it('bracket exactly the doubles that round to the literal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          decimal,
          tie15.filter((x) => Math.abs(x) < 1e14),
        ),
        async (lit) => {
          const bounds = r15Bounds(lit);
          expect(bounds).toBeDefined();
          const { lo, hi, value } = bounds!;
          expect(value).toBe(await R(lit));
          expect(await R(lo)).toBe(value);
          expect(await R(hi)).toBe(value);
          expect(await R(nextDouble(hi, true))).toBeGreaterThan(value);
          expect(await R(nextDouble(lo, false))).toBeLessThan(value);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('are not offered for literals of 1E14 and more', () => {
    expect(r15Bounds(1e14)).toBeUndefined();
    expect(r15Bounds(10)).toBeDefined();
  });
});
