/**
 * SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH and TANH (correction `math`; the rules and their evidence in excel-trig.ts): their number
 * arguments read with Excel's coercion, the platform's functions, undetermined near a zero where Excel's
 * reduction moves the 15 digits.
 */
import { CellError } from '../../hf.js';
import { type Corrected, type Route, scalars } from '../entry.js';
import { numbers } from '../excel-math.js';
import type { Scalar } from '../excel-scalars.js';
import {
  excelAsin,
  excelAtan,
  excelAtan2,
  excelCos,
  excelHyperbolic,
  excelSin,
  excelTan,
} from '../excel-trig.js';

const math = (call: string, note: string): Route[] => [{ call, correction: 'math', note }];

/** Number arguments read by Excel's coercion, left error first, then `fn` on the numbers. */
const onNumbers =
  (fn: (...n: number[]) => unknown) =>
  (...a: Scalar[]): unknown => {
    const n = numbers(a);
    return n instanceof CellError ? n : fn(...n);
  };

const nearZero = (where: string) =>
  `arguments read with Excel's coercion (HyperFormula reads \`""\` as 0); undetermined near ${where}, where Excel's reduction by its 64-bit π moves the 15th digit`;

export const TRIG: Corrected[] = [
  {
    name: 'SSX.SIN',
    params: scalars(1),
    calls: math('SIN', nearZero('a multiple of π')),
    impl: onNumbers((x) => excelSin(x)),
  },
  {
    name: 'SSX.COS',
    params: scalars(1),
    calls: math('COS', nearZero('an odd multiple of π/2')),
    impl: onNumbers((x) => excelCos(x)),
  },
  {
    name: 'SSX.TAN',
    params: scalars(1),
    calls: math('TAN', nearZero('a multiple of π/2 (a zero or a pole)')),
    impl: onNumbers((x) => excelTan(x)),
  },
  {
    name: 'SSX.ASIN',
    params: scalars(1),
    calls: math(
      'ASIN',
      'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0); outside [-1, 1] #NUM!',
    ),
    impl: onNumbers((x) => excelAsin(x)),
  },
  {
    name: 'SSX.ACOS',
    params: scalars(1),
    calls: math(
      'ACOS',
      'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0); outside [-1, 1] #NUM!',
    ),
    impl: onNumbers((x) => excelAsin(x, true)),
  },
  {
    name: 'SSX.ATAN',
    params: scalars(1),
    calls: math('ATAN', 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)'),
    impl: onNumbers((x) => excelAtan(x)),
  },
  {
    name: 'SSX.ATAN2',
    params: scalars(2),
    calls: math('ATAN2', 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)'),
    impl: onNumbers((x, y) => excelAtan2(x, y)),
  },
  ...(['sinh', 'cosh', 'tanh'] as const).map(
    (f): Corrected => ({
      name: `SSX.${f.toUpperCase()}`,
      params: scalars(1),
      calls: math(
        f.toUpperCase(),
        `arguments read with Excel's coercion (HyperFormula reads \`""\` as 0)${f === 'tanh' ? '' : '; past |x| = 709.78, where exp(|x|) overflows, undetermined'}`,
      ),
      impl: onNumbers((x) => excelHyperbolic(x, f)),
    }),
  ),
];
