/**
 * The operators (`+ - * / ^`, unary `-`, `%`, the comparisons) and the number arguments of ABS, ROUND, INT,
 * SQRT, SIGN, read with Excel's coercion (correction `arith`, `compare`).
 *
 * HyperFormula reads `""` as 0 (Excel #VALUE!: FormulaEvalTestData_Copy.xlsx EverythingTests!M59 `""*"1"`,
 * I59 `E7*C7`, J83 `-E7`, N71 `E7^C7`, H96 `ABS(E7)`, K1180 `ROUND(E7,C7)` with E7 = `""`; H67 `1000%%` is
 * 0.1), reads text with its own number/date parser (`"1,000"` #VALUE!, `"1 1/2"` a date, `"1.2.3"` a date;
 * Excel 1000, ...), gives 1 for `0^0` (Excel #NUM!) and #NUM! for `0^-1` (Excel #DIV/0!). Text is read by
 * `excelTextToNumber`; comparisons use Excel's type order and text comparison (excel-scalars.ts).
 */
import { CellError, ErrorType } from '../../hf.js';
import { type Corrected, scalars } from '../entry.js';
import { addExcel, binary, compareWith, finite, power, toNumber } from '../excel-scalars.js';

const arith = (op: string) => ({ op, correction: 'arith' as const });
const compare = (op: string) => ({ op, correction: 'compare' as const });

export const OPERATORS: Corrected[] = [
  {
    name: 'SSX.ADD',
    params: scalars(2),
    operator: arith('+'),
    impl: (a, b) => binary(a, b, addExcel),
  },
  {
    name: 'SSX.SUB',
    params: scalars(2),
    operator: arith('-'),
    impl: (a, b) => binary(a, b, (x, y) => addExcel(x, -y)),
  },
  {
    name: 'SSX.MUL',
    params: scalars(2),
    operator: arith('*'),
    impl: (a, b) => binary(a, b, (x, y) => finite(x * y)),
  },
  {
    name: 'SSX.DIV',
    params: scalars(2),
    operator: arith('/'),
    impl: (a, b) => binary(a, b, (x, y) => (y === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : finite(x / y))),
  },
  {
    name: 'SSX.POW',
    params: scalars(2),
    operator: arith('^'),
    calls: [
      {
        call: 'POWER',
        correction: 'math',
        note: 'as `^`: POWER(0,0) #NUM!, text read as Excel reads it, an integer power by repeated squaring where the squaring orders agree (else `**`)',
      },
    ],
    impl: (a, b) => binary(a, b, power),
  },
  {
    name: 'SSX.NEG',
    params: scalars(1),
    operator: arith('unary -'),
    impl: (a) => {
      const x = toNumber(a);
      return x instanceof CellError ? x : finite(-x);
    },
  },
  {
    name: 'SSX.EQ',
    params: scalars(2),
    operator: compare('='),
    impl: (a, b) => compareWith(a, b, (c) => c === 0),
  },
  {
    name: 'SSX.NE',
    params: scalars(2),
    operator: compare('<>'),
    impl: (a, b) => compareWith(a, b, (c) => c !== 0),
  },
  {
    name: 'SSX.LT',
    params: scalars(2),
    operator: compare('<'),
    impl: (a, b) => compareWith(a, b, (c) => c < 0, true),
  },
  {
    name: 'SSX.LE',
    params: scalars(2),
    operator: compare('<='),
    impl: (a, b) => compareWith(a, b, (c) => c <= 0, true),
  },
  {
    name: 'SSX.GT',
    params: scalars(2),
    operator: compare('>'),
    impl: (a, b) => compareWith(a, b, (c) => c > 0, true),
  },
  {
    name: 'SSX.GE',
    params: scalars(2),
    operator: compare('>='),
    impl: (a, b) => compareWith(a, b, (c) => c >= 0, true),
  },
  {
    name: 'SSX.PCT',
    params: scalars(1),
    operator: arith('%'),
    impl: (a) => {
      const x = toNumber(a);
      return x instanceof CellError ? x : finite(x / 100);
    },
  },
];

/** Routes of a function whose number arguments SSX.NUM reads. */
export const numberArgs = (call: string) => ({
  call,
  correction: 'arith' as const,
  args: 'number' as const,
  note: 'HyperFormula\'s number parameters read `""` as 0 and text with its own parser (Excel: #VALUE!)',
});

/** A number argument of ABS/ROUND/INT/SQRT/SIGN: Excel's coercion (`ABS("")` is #VALUE!; HyperFormula reads 0). */
export const NUMBER_ARGUMENT: Corrected = {
  name: 'SSX.NUM',
  params: scalars(1),
  wraps: ['ROUND', 'INT', 'ABS', 'SQRT', 'SIGN'].map(numberArgs),
  impl: (a) => toNumber(a),
};
