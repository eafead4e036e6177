/**
 * IPMT, PPMT and NPV: the library's JSONata (src/compiler/lower/functions/finance/loan.ts, npv.ts) against the
 * oracle's own implementation (src/oracle/excel/excel-finance.ts) on random arguments. The two are written
 * apart and must give the same double, the same error, or both "not established" (the library's value object,
 * the oracle's undetermined error): fdlibm's log1p/expm1/exp in JSONata are the platform's bit for bit.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { type Bindings, compileExpression, specBindings } from '../../src/modelspec/bind.js';
import { CellError } from '../../src/oracle/hf.js';
import { excelIpmt, excelNpv, excelPpmt } from '../../src/oracle/excel/excel-finance.js';
import { isUndetermined } from '../../src/oracle/excel/excel-scalars.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(buildLibrary(['xlIpmt', 'xlPpmt', 'xlNpv']), {});
});

const RUNS = 150;

/** Excel's error text as the oracle's error type. */
const ERROR_TYPES: Record<string, string> = {
  '#NUM!': 'NUM',
  '#DIV/0!': 'DIV_BY_ZERO',
  '#N/A': 'NA',
  '#VALUE!': 'VALUE',
};

/** The library's answer and the oracle's, in one shape: a number, an error type, or 'NE'. */
function oracleShape(v: number | CellError): number | string {
  if (!(v instanceof CellError)) return v;
  return isUndetermined(v) ? 'NE' : v.type;
}
function libraryShape(v: unknown): number | string {
  if (typeof v === 'number') return v;
  const o = v as { error?: string; notEstablished?: string };
  if (o.notEstablished !== undefined) return 'NE';
  return ERROR_TYPES[o.error ?? ''] ?? JSON.stringify(v);
}

const rate = fc.oneof(
  fc.double({ min: -0.99, max: 2, noNaN: true }),
  fc.constantFrom(0, 0.01, 0.1, -0.5, 0.0083),
);
const per = fc.oneof(fc.integer({ min: -2, max: 400 }), fc.double({ min: 0.5, max: 60, noNaN: true }));
const nper = fc.oneof(fc.integer({ min: 0, max: 360 }), fc.double({ min: 0.5, max: 60, noNaN: true }));
const money = fc.oneof(
  fc.integer({ min: -100000, max: 100000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const type = fc.constantFrom(0, 1, 5);

describe('IPMT, PPMT and NPV: the library and the oracle agree', () => {
  for (const [name, oracle] of [
    ['xlIpmt', excelIpmt],
    ['xlPpmt', excelPpmt],
  ] as const)
    it(`${name} on random loans`, async () => {
      await fc.assert(
        fc.asyncProperty(rate, per, nper, money, money, type, async (r, p, n, v, f, t) => {
          const got = await compileExpression(`$${name}($a)`).evaluate({}, { ...b, a: [r, p, n, v, f, t] });
          expect(libraryShape(got)).toEqual(oracleShape(oracle(r, p, n, v, f, t)));
        }),
        { numRuns: RUNS },
      );
    });

  it('xlNpv on random cash flows', async () => {
    await fc.assert(
      fc.asyncProperty(rate, fc.array(money, { minLength: 1, maxLength: 40 }), async (r, vs) => {
        const got = await compileExpression('$xlNpv($r, $v)').evaluate({}, { ...b, r, v: vs });
        expect(libraryShape(got)).toEqual(oracleShape(excelNpv(r, vs)));
      }),
      { numRuns: RUNS },
    );
  });
});
