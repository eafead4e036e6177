/**
 * ROUND and INT (corrections `round`, `int`; evidence in corrections.ts), and the `math` correction: the
 * rounding family on the 15-digit decimal form, MOD, PI, PRODUCT, SUMSQ, QUOTIENT, MROUND, CEILING.MATH,
 * FLOOR.MATH, the logarithms, PMT, NPER, PV, FV, IPMT, PPMT and NPV, RADIANS and DEGREES, their number arguments read with Excel's
 * coercion (excel-math.ts, excel-multiples.ts, excel-transcendental.ts, excel-finance.ts, excel-bases.ts;
 * evidence there and in docs/oracle.md).
 */
import { round15 } from '../../../workbook/precision.js';
import { CellError, ErrorType } from '../../hf.js';
import { argSource, EMPTY_ARG, isRange, numbersOf, REFERENCE_NODES, unwrap } from '../call.js';
import { excelRound, roundUndetermined } from '../corrections.js';
import { type Call, type Corrected, NUMBER, OPTIONAL, type Route, scalars, VARIADIC } from '../entry.js';
import { convertAngle } from '../excel-bases.js';
import { excelFv, excelIpmt, excelNper, excelNpv, excelPmt, excelPpmt, excelPv } from '../excel-finance.js';
import {
  excelCeilFloor,
  excelEvenOdd,
  excelMod,
  excelProduct,
  excelRoundDir,
  excelSumSq,
  numbers,
} from '../excel-math.js';
import { excelCeilFloorMath, excelMround, excelQuotient } from '../excel-multiples.js';
import { raw, type Scalar, UNKNOWN } from '../excel-scalars.js';
import { excelExp, excelLn, excelLog } from '../excel-transcendental.js';
import { directText } from './aggregate.js';

const UNDETERMINED = () =>
  new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established');

const math = (call: string, note: string): Route[] => [{ call, correction: 'math', note }];

/** Number arguments read by Excel's coercion, left error first, then `fn` on the numbers. */
const onNumbers =
  (fn: (...n: number[]) => unknown) =>
  (...a: Scalar[]): unknown => {
    const n = numbers(a.filter((v) => v !== undefined));
    return n instanceof CellError ? n : fn(...n);
  };

/**
 * NPV's arguments: the rate a number (an error its error, NPV.xlsx K8; else undetermined); each value a
 * reference's numbers (blanks, booleans and text skipped: NPV.xlsx K3, L5, M5, IRR.xlsx M19; Microsoft's NPV
 * page), its error the result (K9, N9), or a number written or computed (else undetermined: no saved cell).
 */
function npv(c: Call): unknown {
  if (c.args.some((n) => n.type === EMPTY_ARG)) return UNKNOWN();
  const [rateNode, ...valueNodes] = c.args;
  const rate = raw(c.evaluate(rateNode!) as Scalar);
  if (rate instanceof CellError) return rate;
  const values: number[] = [];
  for (const node of valueNodes) {
    const value = c.evaluate(node);
    if (isRange(value)) {
      for (const v of value.valuesFromTopLeftCorner()) {
        const x = raw(v as Scalar);
        if (x instanceof CellError) return x;
        if (typeof x === 'number') values.push(x);
      }
      continue;
    }
    const x = raw(value as Scalar);
    if (x instanceof CellError) return x;
    if (typeof x === 'number') values.push(x);
    else if (!REFERENCE_NODES.has(unwrap(node).type)) return UNKNOWN();
  }
  return typeof rate !== 'number' ? UNKNOWN() : excelNpv(rate, values);
}

/**
 * IPMT and PPMT: numbers only, the first error in order wins (IPMT_PPMT.xlsx G8: A8 #N/A); a blank, a boolean
 * or text undetermined (no saved cell holds one).
 */
const onStrictNumbers =
  (fn: (...n: number[]) => unknown) =>
  (...a: Scalar[]): unknown => {
    const vs = a.filter((v) => v !== undefined).map(raw);
    const e = vs.find((v) => v instanceof CellError);
    if (e !== undefined) return e;
    return vs.every((v) => typeof v === 'number') ? fn(...(vs as number[])) : UNKNOWN();
  };

/**
 * An argument left empty makes MROUND #N/A (ironcalc MROUND_TRUNC_INT.xlsx MROUND!C34 `MROUND(,B34)`, C36
 * `MROUND(A36, )`), and QUOTIENT, of the same ToolPak class (the coercion table's strict-number omitted
 * entry); beside an error, which one Excel answers is not established.
 */
function emptyArgument(c: Call): unknown {
  for (const node of c.args) {
    if (node.type === EMPTY_ARG) continue;
    const v = c.evaluate(node);
    if (isRange(v) || raw(v as Scalar) instanceof CellError) return UNKNOWN();
  }
  return new CellError(ErrorType.NA);
}

/** QUOTIENT and MROUND: where each argument comes from matters (excel-multiples.ts). */
const multiple = (fn: typeof excelQuotient) => (c: Call) => {
  if (c.args.some((n) => n.type === EMPTY_ARG)) return emptyArgument(c);
  const from = c.args.map(argSource);
  return c.values((a, b) => fn(a, b, from));
};

const ceilFloorMath = (up: boolean) => (c: Call) => {
  const from = c.args.map(argSource);
  return c.values((a, s, m) => excelCeilFloorMath(a, s, m, up, from));
};

const MATH_NOTE_CEIL_FLOOR_MATH =
  'the 15-digit quotient by |significance|; a boolean or blank number or significance read from a cell 1/0/0, a mode typed TRUE/FALSE 1/0; a boolean typed as the number or significance and a mode read from a cell as a boolean, blank or text undetermined';

/** Excel's coercion where HyperFormula reads `""` as 0. */
const COERCION = 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)';

export const MATH: Corrected[] = [
  {
    name: 'SSX.ROUND',
    params: [NUMBER, { ...NUMBER, defaultValue: 0 }],
    calls: [
      {
        call: 'ROUND',
        correction: 'round',
        note: 'rounds the 15-digit decimal form half away from zero (`ROUND(1.005,2)` is 1.01)',
      },
    ],
    impl: (x, d) =>
      roundUndetermined(x as number, d as number) ? UNDETERMINED() : excelRound(x as number, d as number),
  },
  {
    name: 'SSX.INT',
    params: [NUMBER],
    calls: [
      {
        call: 'INT',
        correction: 'int',
        note: 'rounds down; HyperFormula 3.5 truncates toward zero (`INT(-0.5)`)',
      },
    ],
    impl: (v) => {
      const x = v as number;
      const r = Math.floor(x); // Excel's INT rounds down; HyperFormula 3.5 truncates toward zero
      // Why: down from the double (INT(7.999999999999999) = 7) or from its 15-digit decimal form (8, as
      // ROUND reads it)? No saved value or Microsoft page tells them apart: undetermined where they differ.
      if (Number.isFinite(x) && r !== Math.floor(round15(x))) return UNDETERMINED();
      return r === 0 ? 0 : r;
    },
  },
  {
    name: 'SSX.ROUNDUP',
    params: scalars(2),
    calls: math('ROUNDUP', 'away from zero on the 15-digit decimal form (`ROUNDUP(0.1+0.2,2)` is 0.3)'),
    impl: onNumbers((x, d) => excelRoundDir(x, d, true)),
  },
  {
    name: 'SSX.ROUNDDOWN',
    params: scalars(2),
    calls: math('ROUNDDOWN', 'toward zero on the 15-digit decimal form; `ROUNDDOWN(FALSE,309)` is 0'),
    impl: onNumbers((x, d) => excelRoundDir(x, d, false)),
  },
  {
    name: 'SSX.TRUNC',
    params: [...scalars(1), OPTIONAL],
    calls: math('TRUNC', 'ROUNDDOWN with the digits 0 by default'),
    impl: onNumbers((x, d = 0) => excelRoundDir(x, d, false)),
  },
  {
    name: 'SSX.EVEN',
    params: scalars(1),
    calls: math('EVEN', '|x| up to an integer on the 15-digit decimal form, then to an even one'),
    impl: onNumbers((x) => excelEvenOdd(x, false)),
  },
  {
    name: 'SSX.ODD',
    params: scalars(1),
    calls: math('ODD', '|x| up to an integer on the 15-digit decimal form, then to an odd one'),
    impl: onNumbers((x) => excelEvenOdd(x, true)),
  },
  {
    name: 'SSX.CEILING',
    params: scalars(2),
    calls: math('CEILING', 'the 15-digit quotient rounded up; `CEILING("",0)` is #VALUE!'),
    impl: onNumbers((x, s) => excelCeilFloor(x, s, true)),
  },
  {
    name: 'SSX.FLOOR',
    params: scalars(2),
    calls: math('FLOOR', 'the 15-digit quotient rounded down; FLOOR(x,0) #DIV/0!'),
    impl: onNumbers((x, s) => excelCeilFloor(x, s, false)),
  },
  {
    name: 'SSX.MOD',
    params: scalars(2),
    calls: math(
      'MOD',
      "the exact remainder in the divisor's sign, read with Excel's coercion; |n/d| past 5E10 (the largest saved quotient) undetermined",
    ),
    impl: onNumbers((n, d) => excelMod(n, d)),
  },
  {
    name: 'SSX.PI',
    params: [],
    calls: math('PI', 'the double nearest π (HyperFormula: 3.14159265358979)'),
    // Excel saves 3.1415926535897931 (EverythingTests!D1048); HyperFormula 3.14159265358979.
    call: () => Math.PI,
  },
  {
    name: 'SSX.PRODUCT',
    ...VARIADIC,
    calls: [
      {
        ...directText('PRODUCT'),
        correction: 'math',
        note: 'a reference holding no number gives 0 (HyperFormula 1); direct text read as a number',
      },
    ],
    call: (c) => {
      const r = numbersOf(c);
      return r instanceof CellError ? r : excelProduct(r);
    },
  },
  {
    name: 'SSX.SUMSQ',
    ...VARIADIC,
    calls: [
      {
        ...directText('SUMSQ'),
        correction: 'math',
        note: 'references contribute their numbers only; direct text read as a number',
      },
    ],
    call: (c) => {
      const r = numbersOf(c);
      return r instanceof CellError ? r : excelSumSq(r);
    },
  },
  {
    name: 'SSX.RADIANS',
    params: scalars(1),
    calls: math(
      'RADIANS',
      'Excel\'s coercion (`""` #VALUE!); where x·π/180 and x/180·π differ from x·(π/180), undetermined',
    ),
    impl: (v) => convertAngle(v, true),
  },
  {
    name: 'SSX.DEGREES',
    params: scalars(1),
    calls: math(
      'DEGREES',
      'Excel\'s coercion (`""` #VALUE!); where x·180/π differs from x·(180/π), undetermined',
    ),
    impl: (v) => convertAngle(v, false),
  },
  {
    name: 'SSX.QUOTIENT',
    params: scalars(2),
    calls: math('QUOTIENT', COERCION),
    call: multiple(excelQuotient),
  },
  {
    name: 'SSX.MROUND',
    params: scalars(2),
    calls: math(
      'MROUND',
      'the 15-digit quotient rounded half away from zero (HyperFormula rounds the binary one)',
    ),
    call: multiple(excelMround),
  },
  {
    name: 'SSX.CEILING.MATH',
    params: [...scalars(1), OPTIONAL, OPTIONAL],
    calls: math('CEILING.MATH', MATH_NOTE_CEIL_FLOOR_MATH),
    call: ceilFloorMath(true),
  },
  {
    name: 'SSX.FLOOR.MATH',
    params: [...scalars(1), OPTIONAL, OPTIONAL],
    calls: math('FLOOR.MATH', MATH_NOTE_CEIL_FLOOR_MATH),
    call: ceilFloorMath(false),
  },
  {
    name: 'SSX.EXP',
    params: scalars(1),
    calls: math('EXP', "arguments read with Excel's coercion; a result below 2^-1022 undetermined"),
    impl: onNumbers((x) => excelExp(x)),
  },
  {
    name: 'SSX.LN',
    params: scalars(1),
    calls: math('LN', COERCION),
    impl: onNumbers((x) => excelLn(x)),
  },
  {
    name: 'SSX.LOG',
    params: [...scalars(1), OPTIONAL],
    calls: math('LOG', 'base 1 #DIV/0! (HyperFormula #NUM!); base 10 by Math.log10'),
    impl: onNumbers((x, b) => excelLog(x, b)),
  },
  {
    name: 'SSX.LOG10',
    params: scalars(1),
    calls: math('LOG10', COERCION),
    impl: onNumbers((x) => excelLog(x, 10)),
  },
  // Finance: the annuity functions (excel-finance.ts).
  {
    name: 'SSX.PMT',
    params: [...scalars(3), OPTIONAL, OPTIONAL],
    calls: math(
      'PMT',
      'exp/expm1 of nper·log1p(rate) (HyperFormula: pow, past 15 digits); rate -1, nper 0 #NUM!; rate below -1 undetermined',
    ),
    impl: onNumbers((r, n, pv, fv, t) => excelPmt(r, n, pv, fv, t)),
  },
  {
    name: 'SSX.NPER',
    params: [...scalars(3), OPTIONAL, OPTIONAL],
    calls: math('NPER', "arguments read with Excel's coercion; rate -1 and a zero divisor undetermined"),
    impl: onNumbers((r, p, pv, fv, t) => excelNper(r, p, pv, fv, t)),
  },
  {
    name: 'SSX.PV',
    params: [...scalars(3), OPTIONAL, OPTIONAL],
    calls: math(
      'PV',
      '(1+rate)^nper of the rounded base, (q - 1)/rate before the payment; rate -1 undetermined',
    ),
    impl: onNumbers((r, n, p, fv, t) => excelPv(r, n, p, fv, t)),
  },
  {
    name: 'SSX.FV',
    params: [...scalars(3), OPTIONAL, OPTIONAL],
    calls: math(
      'FV',
      '(1+rate)^nper of the rounded base, (q - 1)/rate before the payment; a rate below -1 with a fractional nper #NUM!; rate -1 undetermined',
    ),
    impl: onNumbers((r, n, p, pv, t) => excelFv(r, n, p, pv, t)),
  },
  {
    name: 'SSX.IPMT',
    params: [...scalars(4), OPTIONAL, OPTIONAL],
    calls: math(
      'IPMT',
      'numbers only; the interest on the balance still owed by expm1/exp of multiples of log1p(rate); per outside 1..nper #NUM!',
    ),
    impl: onStrictNumbers((r, per, n, pv, fv, t) => excelIpmt(r, per, n, pv, fv, t)),
  },
  {
    name: 'SSX.PPMT',
    params: [...scalars(4), OPTIONAL, OPTIONAL],
    calls: math(
      'PPMT',
      'numbers only; -rate·(pv + fv)·(1+rate)^(per-1-type)/((1+rate)^nper - 1) by exp/expm1 of multiples of log1p(rate); per outside 1..nper #NUM!',
    ),
    impl: onStrictNumbers((r, per, n, pv, fv, t) => excelPpmt(r, per, n, pv, fv, t)),
  },
  {
    name: 'SSX.NPV',
    ...VARIADIC,
    calls: math(
      'NPV',
      "references' numbers only (errors the result); the flows folded forward over (1 + rate)^n; a written or computed non-number, rate -1 undetermined",
    ),
    call: npv,
  },
];
