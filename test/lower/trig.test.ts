/**
 * The library's trigonometry (functions/trig/helpers.ts): fdlibm transcribed to JSONata, so each core must give
 * the platform's Math.sin, Math.cos, Math.tan, Math.atan and Math.atan2 bit for bit (property tests over random
 * doubles and at fdlibm's branch points; scripts/transcendental-error.ts measures 10^5 each). And the band near
 * the zeros, where Excel's answer is not established, gives the not-established value.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { type Bindings, compileExpression, specBindings } from '../../src/modelspec/bind.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(
    buildLibrary([
      'xlSinCore',
      'xlCosCore',
      'xlTanCore',
      'xlAsinCore',
      'xlAcosCore',
      'xlAtanCore',
      'xlAtan2Core',
      'xlSinhCore',
      'xlCoshCore',
      'xlTanhCore',
    ]),
    {},
  );
});

const RUNS = 300;
/** fdlibm's medium reduction reaches 2^19·π/2; past it the cores give undefined (the band refuses it anyway). */
const MEDIUM = 2 ** 19 * (Math.PI / 2);
const anywhere = fc.double({ min: -MEDIUM, max: MEDIUM, noNaN: true });
const small = fc.double({ min: -100, max: 100, noNaN: true });
/** Near a multiple of π/2, where the reduction cancels and takes its second and third steps. */
const nearMultiple = fc
  .tuple(
    fc.integer({ min: -5000, max: 5000 }),
    fc.integer({ min: 0, max: 60 }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .map(([k, e, f]) => k * (Math.PI / 2) + f * 2 ** -e);

async function same(helper: string, platform: (...x: number[]) => number, ...x: number[]): Promise<void> {
  const args = x.map((_, i) => `$a${i}`).join(', ');
  const vars = Object.fromEntries(x.map((v, i) => [`a${i}`, v]));
  const got = await compileExpression(`$${helper}(${args})`).evaluate({}, { ...b, ...vars });
  const want = platform(...x);
  expect(got === want || Object.is(got, want), `${helper}(${x.join(', ')}) = ${got}, platform ${want}`).toBe(
    true,
  );
}

const TRIG = [
  ['xlSinCore', Math.sin],
  ['xlCosCore', Math.cos],
  ['xlTanCore', Math.tan],
] as const;

describe('fdlibm trigonometry in JSONata: the platform bit for bit', () => {
  for (const [helper, platform] of TRIG)
    it(`$${helper} is Math.${platform.name} up to 2^19·π/2, near the multiples of π/2 too`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anywhere, small, nearMultiple), (x) => same(helper, platform, x)),
        { numRuns: RUNS },
      );
    });
  it('keeps the branch points: π/4, 3π/4, π/2 (the 33+33+53-bit path), 0.3, 0.78125, 0.6744, 2^-27, 2^-28, n = 32', async () => {
    const xs = [
      Math.PI / 4,
      0.7853981633974483 + 2 ** -53,
      (3 * Math.PI) / 4,
      Math.PI / 2,
      Math.PI / 2 + 2 ** -50,
      Math.PI,
      2 * Math.PI,
      0.3,
      0.29999999999999993,
      0.78125,
      0.7812500000000001,
      0.6744,
      0.6743999999999999,
      2 ** -27,
      2 ** -28,
      2 ** -29,
      32 * (Math.PI / 2),
      31 * (Math.PI / 2),
      MEDIUM * 0.999999,
      1e-300,
      0,
    ];
    for (const x of xs)
      for (const [helper, platform] of TRIG) {
        await same(helper, platform, x);
        await same(helper, platform, -x);
      }
  });
  it('$xlAsinCore and $xlAcosCore are Math.asin and Math.acos on [-1, 1], at 0.5, 0.975, ±1 and 2^-27 too', async () => {
    const unit = fc.oneof(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 0.999999, max: 1, noNaN: true }),
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(unit, async (x) => {
        await same('xlAsinCore', Math.asin, x);
        await same('xlAcosCore', Math.acos, x);
      }),
      { numRuns: RUNS },
    );
    const ends = [
      0.5,
      0.49999999999999994,
      0.975,
      0.9749999999999999,
      0.975 + 2 ** -50,
      1,
      2 ** -27,
      2 ** -28,
      2 ** -57,
      1e-300,
      0,
    ];
    for (const x of ends)
      for (const v of [x, -x]) {
        await same('xlAsinCore', Math.asin, v);
        await same('xlAcosCore', Math.acos, v);
      }
  });
  it('$xlSinhCore, $xlCoshCore and $xlTanhCore are Math.sinh, Math.cosh and Math.tanh below |x| = 709.78', async () => {
    const xs = fc.oneof(
      fc.double({ min: -709.78, max: 709.78, noNaN: true }),
      fc.double({ min: -2, max: 2, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(xs, async (x) => {
        await same('xlSinhCore', Math.sinh, x);
        await same('xlCoshCore', Math.cosh, x);
        await same('xlTanhCore', Math.tanh, x);
      }),
      { numRuns: RUNS },
    );
    const ends = [
      22,
      21.999999999999996,
      1,
      0.9999999999999999,
      0.34657359027997264,
      0.3465735902799727,
      2 ** -28,
      2 ** -29,
      2 ** -55,
      709.78,
      0,
    ];
    for (const x of ends)
      for (const v of [x, -x]) {
        await same('xlSinhCore', Math.sinh, v);
        await same('xlCoshCore', Math.cosh, v);
        await same('xlTanhCore', Math.tanh, v);
      }
  });
  it('$xlAtanCore is Math.atan, at its interval ends 7/16, 11/16, 19/16, 39/16 and 2^66 too', async () => {
    const xs = fc.oneof(fc.double({ min: -1e20, max: 1e20, noNaN: true }), small);
    await fc.assert(
      fc.asyncProperty(xs, (x) => same('xlAtanCore', Math.atan, x)),
      { numRuns: RUNS },
    );
    for (const x of [0.4375, 0.6875, 1.1875, 2.4375, 2 ** 66, 2 ** -27, 1e-300, 0.43749999999999994])
      await same('xlAtanCore', Math.atan, x);
  });
  it('$xlAtan2Core is Math.atan2, on the axes and past |y/x| = 2^±60', async () => {
    const xs = fc.double({ min: -1e30, max: 1e30, noNaN: true }).filter((v) => v !== 0);
    await fc.assert(
      fc.asyncProperty(xs, xs, (y, x) => same('xlAtan2Core', Math.atan2, y, x)),
      { numRuns: RUNS },
    );
    const pairs = [
      [1, 0],
      [-1, 0],
      [0, -1],
      [0, 1],
      [3, 1],
      [2 ** 61, 1],
      [2 ** 61, -1],
      [-(2 ** 61), -1.5],
      [1.5, -(2 ** 61)],
      [-1, -(2 ** 61)],
      [1, 2 ** 61],
      [1.9 * 2 ** 60, 1.5],
      [1.2 * 2 ** 60, -1.5],
      [1.5, -1.2 * 2 ** 60],
    ];
    for (const [y, x] of pairs) await same('xlAtan2Core', Math.atan2, y!, x!);
  });
});

describe('where Excel is not established: near the zeros, past the band, below 2^-1022', () => {
  const ne = async (formula: string, cells: Record<string, number>) => {
    const r = await translateFormula(formula, cells, {});
    return 'notEstablished' in r ? r.notEstablished : undefined;
  };
  it('SIN near a multiple of π (SIN(PI()) is saved 1.22514845490862E-16), not at 0 or SIN(-534)', async () => {
    expect(await ne('=SIN(A1)', { A1: Math.PI })).toMatch(/SIN near a multiple of π/);
    expect(await ne('=SIN(A1)', { A1: 360 * 0.017453292519943295 })).toMatch(/SIN/);
    expect(await ne('=SIN(A1)', { A1: 0 })).toBeUndefined();
    expect(await ne('=SIN(A1)', { A1: -534 })).toBeUndefined();
    expect(await ne('=SIN(A1)', { A1: 181 * 0.017453292519943295 })).toBeUndefined();
  });
  it('COS near an odd multiple of π/2; TAN near a zero and near a pole', async () => {
    expect(await ne('=COS(A1)', { A1: Math.PI / 2 })).toMatch(/COS/);
    expect(await ne('=COS(A1)', { A1: 0 })).toBeUndefined();
    expect(await ne('=TAN(A1)', { A1: Math.PI })).toMatch(/TAN/);
    expect(await ne('=TAN(A1)', { A1: Math.PI / 2 })).toMatch(/TAN/);
    expect(await ne('=TAN(A1)', { A1: 1.5574077246549023 })).toBeUndefined();
  });
  it('every SIN and COS past |x| = 13905, every TAN past 6952', async () => {
    expect(await ne('=SIN(A1)', { A1: 13906 })).toMatch(/13905/);
    expect(await ne('=COS(A1)', { A1: -1e6 })).toMatch(/13905/);
    expect(await ne('=TAN(A1)', { A1: 6953 })).toMatch(/6952/);
    expect(await ne('=SIN(A1)', { A1: 1e300 })).toMatch(/SIN/);
  });
  it('SINH and COSH past |x| = 709.78, where exp(|x|) overflows; TANH never', async () => {
    expect(await ne('=SINH(A1)', { A1: 709.79 })).toMatch(/SINH past/);
    expect(await ne('=COSH(A1)', { A1: -709.79 })).toMatch(/COSH past/);
    expect(await ne('=COSH(A1)', { A1: 709.78 })).toBeUndefined();
    expect(await ne('=TANH(A1)', { A1: 1e300 })).toBeUndefined();
  });
  it('a subnormal result', async () => {
    expect(await ne('=SIN(A1)', { A1: 1e-310 })).toMatch(/subnormal/);
    expect(await ne('=ATAN2(A1,A2)', { A1: 1e300, A2: 1e-20 })).toMatch(/subnormal/);
    expect(await ne('=ATAN(A1)', { A1: -1e-310 })).toMatch(/ATAN with a result below/);
    expect(await ne('=ATAN(A1)', { A1: 1e-300 })).toBeUndefined();
    expect(await ne('=ASIN(A1)', { A1: 1e-310 })).toMatch(/ASIN with a result below/);
    expect(await ne('=SINH(A1)', { A1: 1e-310 })).toMatch(/SINH with a result below/);
    expect(await ne('=TANH(A1)', { A1: -1e-310 })).toMatch(/TANH with a result below/);
  });
});
