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
import type { CellValue } from '../../src/workbook/values.js';
import { type Bindings, compileExpression, specBindings } from '../../src/modelspec/bind.js';
import { libraryWithReferences } from './reference-helpers.js';
import { propertyRuns } from '../support/property-runs.js';

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

const runs = { numRuns: propertyRuns(400) };

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
      { numRuns: propertyRuns(200) },
    );
  });
  it('are not offered for literals of 1E14 and more', () => {
    expect(r15Bounds(1e14)).toBeUndefined();
    expect(r15Bounds(10)).toBeDefined();
  });
});

/*
 * The rewritten helpers and the call-site specialisations against the helpers as they were
 * (test/lower/reference-helpers.ts), on every kind of Excel value: numbers (ties, overflow, -0, subnormals),
 * text (numeric, dates, wildcards, non-ASCII, surrogate pairs and lone surrogates), booleans, blanks (null and
 * missing) and errors.
 */
const MISSING = Symbol('missing');
type Arg = unknown;

let rb: Bindings;
beforeAll(async () => {
  rb = await specBindings(libraryWithReferences(), {});
});

/** A helper's result on the given arguments (MISSING leaves the variable unbound); a throw is a result. */
/** A lookup table as the library builds it from its rows (`$xlTableIndex`). */
async function tableIndex(rows: CellValue[][]): Promise<{ rows: CellValue[][]; w: number }> {
  return (await callWith('xlTableIndex', [rows])) as { rows: CellValue[][]; w: number };
}

async function callWith(fn: string, args: Arg[]): Promise<unknown> {
  const names = args.map((_, i) => `$a${i}`);
  const vars: Record<string, unknown> = { ...rb, f: rb[fn] };
  args.forEach((a, i) => {
    if (a !== MISSING) vars[`a${i}`] = a;
  });
  try {
    return await compileExpression(`$f(${names.join(', ')})`).evaluate({}, vars);
  } catch (e) {
    return `throws ${(e as { code?: string }).code}`;
  }
}

/** Same value: numbers by Object.is (-0 is not 0), the rest by JSON text (undefined stays undefined). */
function expectSame(got: unknown, want: unknown, context: unknown): void {
  const key = (v: unknown) =>
    typeof v === 'number'
      ? `n:${Object.is(v, -0) ? '-0' : String(v)}`
      : v === undefined
        ? 'undefined'
        : JSON.stringify(v);
  expect(
    key(got),
    JSON.stringify(context, (_k, v) => (v === MISSING ? '<missing>' : v)),
  ).toBe(key(want));
}

const errors = fc.constantFrom(
  ...['#N/A', '#DIV/0!', '#VALUE!', '#NUM!', '#NAME?', '#REF!', '#NULL!'].map((e) => ({ error: e })),
);
const edgeNumbers = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  -2.5,
  1.005,
  2.675,
  1e308,
  -1e308,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  5e-324,
  2.2250738585072014e-308,
  1e15,
  2 ** 53 + 2,
  1e21,
  123456789012.345,
);
const numbers = fc.oneof(finite, decimal, tie15, bigInts, edgeNumbers, fc.integer({ min: -50, max: 50 }));
const specialText = fc.constantFrom(
  '',
  ' ',
  '1.5',
  ' 2 ',
  '1e3',
  '50%',
  '$1,000',
  '(4)',
  '6/1/2001',
  '2001-06-01',
  '1e400',
  'TRUE',
  'abc',
  'a*',
  '?b',
  '~*',
  'a~',
  'straße',
  'STRASSE',
  'ΣΑΣ',
  'ὈΔΥΣΣΕΎΣ',
  'İstanbul',
  'ǅ',
  'ŉ',
  'ﬁ',
  'Zürich',
  '😀',
  'x😀y',
  '\uD800',
  'a\uDC00b',
  'a{b',
  '\u0000\u007F',
  '\u0080',
);
const texts = fc.oneof(
  specialText,
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  numbers.map((n) => String(n)),
);
const excelValues: fc.Arbitrary<Arg> = fc.oneof(
  { arbitrary: numbers, weight: 4 },
  { arbitrary: texts, weight: 4 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constantFrom(null, MISSING), weight: 1 },
  { arbitrary: errors, weight: 1 },
);
const many = { numRuns: propertyRuns(1500) };

describe('rewritten helpers equal the reference helpers', () => {
  for (const op of ['Add', 'Sub', 'Mul', 'Div']) {
    it(`xl${op}`, async () => {
      await fc.assert(
        fc.asyncProperty(excelValues, excelValues, async (x, y) => {
          expectSame(await callWith(`xl${op}`, [x, y]), await callWith(`refXl${op}`, [x, y]), [x, y]);
        }),
        many,
      );
    });
  }
  it('xlRound, on every value and every digits argument', async () => {
    const digits = fc.oneof(
      fc.integer({ min: -4, max: 25 }),
      fc.double({ min: -5, max: 25, noNaN: true }),
      excelValues,
    );
    await fc.assert(
      fc.asyncProperty(excelValues, digits, async (x, d) => {
        expectSame(await callWith('xlRound', [x, d]), await callWith('refXlRound', [x, d]), [x, d]);
      }),
      many,
    );
  });
  it('xlLen, xlUpper and xlLower', async () => {
    await fc.assert(
      fc.asyncProperty(excelValues, async (v) => {
        for (const h of ['Len', 'Upper', 'Lower']) {
          expectSame(await callWith(`xl${h}`, [v]), await callWith(`refXl${h}`, [v]), [h, v]);
        }
      }),
      many,
    );
  });
  it('xlUnits, on text with and without surrogates, at every start and length', async () => {
    const start = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(1e9, 2 ** 53));
    await fc.assert(
      fc.asyncProperty(fc.oneof(texts, fc.string({ unit: 'binary' })), start, start, async (s, a, n) => {
        expectSame(await callWith('xlUnits', [s, a, n]), await callWith('refXlUnits', [s, a, n]), [s, a, n]);
      }),
      many,
    );
  });
  it('xlLeft, on every value and count', async () => {
    await fc.assert(
      fc.asyncProperty(excelValues, excelValues, async (v, c) => {
        expectSame(await callWith('xlLeft', [v, c]), await callWith('refXlLeft', [v, c]), [v, c]);
      }),
      many,
    );
  });
  it('xlSumProduct, on arrays of every value, sizes equal or not, scalars and missing arguments', async () => {
    const cell = fc.oneof(
      { arbitrary: numbers, weight: 5 },
      { arbitrary: fc.constantFrom(1e200, -1e200, 1e308, '4', 'a{b', '', true, false, null), weight: 2 },
      { arbitrary: excelValues.filter((v) => v !== MISSING), weight: 1 },
    );
    const argument = fc.oneof(
      { arbitrary: fc.array(cell, { minLength: 0, maxLength: 4 }), weight: 3 },
      { arbitrary: fc.array(numbers, { minLength: 1, maxLength: 4 }), weight: 3 },
      { arbitrary: cell, weight: 1 },
      { arbitrary: fc.constant(MISSING), weight: 1 },
    );
    const toArg = (a: unknown) => (a === MISSING ? {} : { a });
    await fc.assert(
      fc.asyncProperty(fc.array(argument, { minLength: 1, maxLength: 3 }), async (args) => {
        const arrays = args.map(toArg);
        expectSame(
          await callWith('xlSumProduct', [arrays]),
          await callWith('refXlSumProduct', [arrays]),
          arrays,
        );
      }),
      many,
    );
  });
  it('xlSumProduct on equal-length number columns, where the fast path runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.infiniteStream(fc.oneof(numbers, fc.constantFrom(1e200, -1e300))),
        async (n, m, stream) => {
          const it = stream[Symbol.iterator]();
          const arrays = Array.from({ length: m }, () => ({
            a: Array.from({ length: n }, () => it.next().value),
          }));
          expectSame(
            await callWith('xlSumProduct', [arrays]),
            await callWith('refXlSumProduct', [arrays]),
            arrays,
          );
        },
      ),
      many,
    );
  });
});

describe('call-site specialisations equal the general helpers', () => {
  it('$power(10, k) is the literal the lowering writes for 10^k, 0 <= k <= 22', async () => {
    for (let k = 0; k <= 22; k++) {
      const p = await compileExpression('$power(10, $k)').evaluate({}, { k });
      expect(p).toBe(Number(`1e${k}`));
    }
  });
  it('xlRoundTo(x, k, 10^k) is the reference ROUND(x, k) and the decimal algorithm', async () => {
    await fc.assert(
      fc.asyncProperty(excelValues, fc.integer({ min: 0, max: 22 }), async (x, k) => {
        const fast = await callWith('xlRoundTo', [x, k, Number(`1e${k}`)]);
        expectSame(fast, await callWith('refXlRound', [x, k]), [x, k]);
        expectSame(fast, await callWith('xlRoundDec', [x, k]), [x, k]);
      }),
      many,
    );
  });
  it('xlRoundNum(x, k, 10^k), the form for a proven number, is xlRoundTo and the reference, never an error', async () => {
    const number = fc.oneof(
      numbers,
      fc.constantFrom(1.7976931348623157e308, -1.7976931348623157e308, 1e17 - 1),
    );
    await fc.assert(
      fc.asyncProperty(number, fc.integer({ min: 0, max: 22 }), async (x, k) => {
        const fast = await callWith('xlRoundNum', [x, k, Number(`1e${k}`)]);
        expectSame(fast, await callWith('xlRoundTo', [x, k, Number(`1e${k}`)]), [x, k]);
        expectSame(fast, await callWith('refXlRound', [x, k]), [x, k]);
        expect(typeof fast).toBe('number');
      }),
      many,
    );
    await fc.assert(
      fc.asyncProperty(tie, async ({ x, d }) => {
        expectSame(
          await callWith('xlRoundNum', [x, d, Number(`1e${d}`)]),
          await callWith('xlRoundDec', [x, d]),
          [x, d],
        );
      }),
      many,
    );
  });
  it('LEFT of text by a literal count n >= 0, $xlUnits(s, 0, floor(n)), is the reference LEFT', async () => {
    const count = fc.oneof(
      fc.integer({ min: 0, max: 12 }),
      fc.double({ min: 0, max: 12, noNaN: true }),
      fc.constantFrom(0, -0, 0.5, 32767, 32768, 1e9, 2 ** 53, 1e300),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(texts, fc.string({ unit: 'binary' })), count, async (t, n) => {
        const want = await callWith('refXlLeft', [t, n]);
        expectSame(await callWith('xlUnits', [t, 0, Math.floor(n)]), want, [t, n]);
      }),
      many,
    );
  });
  it('LEN of a field of text, `$length` when it holds no surrogate, is the reference LEN', async () => {
    const len = compileExpression(
      String.raw`$contains($a0, /[\uD800-\uDFFF]/) ? $count($split($a0, "")) : $length($a0)`,
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(texts, fc.string({ unit: 'binary' })), async (t) => {
        expectSame(await len.evaluate({}, { a0: t }), await callWith('refXlLen', [t]), [t]);
      }),
      many,
    );
  });
  it('xlRoundTo on .5 ties and their neighbouring doubles', async () => {
    await fc.assert(
      fc.asyncProperty(tie, fc.integer({ min: -1, max: 1 }), async ({ x, d }, dd) => {
        const k = Math.max(0, d + dd);
        expectSame(
          await callWith('xlRoundTo', [x, k, Number(`1e${k}`)]),
          await callWith('xlRoundDec', [x, k]),
          [x, k],
        );
      }),
      many,
    );
  });
  it('xlMulBy(a, l) is the reference a * l for literals of magnitude at most 1', async () => {
    const factor = fc.oneof(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.constantFrom(0, -0, 1, -1, 0.9, 5e-324),
    );
    await fc.assert(
      fc.asyncProperty(excelValues, factor, async (a, l) => {
        expectSame(await callWith('xlMulBy', [a, l]), await callWith('refXlMul', [a, l]), [a, l]);
        expectSame(await callWith('xlMulBy', [a, l]), await callWith('refXlMul', [l, a]), [l, a]);
      }),
      many,
    );
  });

  /** First-column cells that collide in case, type and wildcard ways; the rest of a row is any value. */
  const firstCell = fc.oneof(
    fc.constantFrom('a', 'A', 'b', 'B', 'ß', 'SS', 'straße', 'STRASSE', 'σας', 'ΣΑΣ', 'İ', 'i̇', '1', '2', ''),
    fc.constantFrom(1, 2, 2.5, -1, 0, 1e21, 2 ** 53 + 2, true, false, null, 'a*', '?b', '~'),
    errors,
    texts,
    numbers,
  );
  const table = (wildcards: boolean) =>
    fc.integer({ min: 1, max: 3 }).chain((w) =>
      fc.array(
        fc.tuple(
          wildcards ? firstCell : firstCell.filter((c) => typeof c !== 'string' || !/[*?~]/.test(c)),
          fc.array(
            excelValues.map((v) => (v === MISSING ? null : v)),
            { minLength: w - 1, maxLength: w - 1 },
          ),
        ),
        { minLength: 0, maxLength: 6 },
      ),
    );
  const key = fc.oneof(firstCell, excelValues, fc.constantFrom('A*', 'b?', '~?', '*'));
  const column = fc.oneof(
    fc.integer({ min: -1, max: 5 }),
    fc.double({ min: -3, max: 6, noNaN: true }),
    fc.constantFrom(1e300, -1e300, '2', 'x', true, false, null, MISSING, { error: '#REF!' }),
  );

  it('xlVlookup equals the reference on any key, table and column argument', async () => {
    await fc.assert(
      fc.asyncProperty(table(true), key, column, async (rows, k, c) => {
        const t = await tableIndex(rows.map(([first, rest]) => [first, ...rest]) as CellValue[][]);
        expectSame(await callWith('xlVlookup', [k, t, c]), await callWith('refXlVlookup', [k, t, c]), [
          k,
          t.rows,
          c,
        ]);
      }),
      many,
    );
  });
  it('xlVlookupAt equals the reference for a column inside a table without wildcard text', async () => {
    await fc.assert(
      fc.asyncProperty(table(false), key, fc.integer({ min: 1, max: 3 }), async (rows, k, c) => {
        const t = await tableIndex(rows.map(([first, rest]) => [first, ...rest]) as CellValue[][]);
        fc.pre(c <= t.w);
        expectSame(await callWith('xlVlookupAt', [k, t, c]), await callWith('refXlVlookup', [k, t, c]), [
          k,
          t.rows,
          c,
        ]);
      }),
      many,
    );
  });
});
