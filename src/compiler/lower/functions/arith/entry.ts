/**
 * ROUNDUP, ROUNDDOWN, TRUNC, INT, EVEN, ODD, CEILING, FLOOR, MOD, POWER, SQRT, SIGN, PI, PRODUCT, SUMSQ.
 * The rounding functions work on the 15-digit decimal value, as ROUND does; PRODUCT and SUMSQ read a reference
 * argument as a reference (only its numbers and errors) and coerce a direct one, as SUM does.
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { may, only, pascal, type Val, withError } from '../../value.js';
import { refusePickedCell } from '../picks.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const NUMBER: FunctionArg = { name: 'number', kind: 'value', class: 'number' };
const NUM_OR_ERR: Val['kinds'] = ['number', 'error'];
const XLC = 'excel/poi/FormulaEvalTestData_Copy.xlsx';

/** A helper over the lowered scalar arguments, with constant trailing arguments. */
function scalarHelper(name: string, extra: string[] = []) {
  return (node: CallNode, l: Lowering): Val => {
    const vs = node.args.map((a) => l.lower(a));
    const invariant = vs.every((v) => v.invariant);
    return l.helper(name, [...vs.map((v) => v.expr), ...extra], NUM_OR_ERR, invariant, vs);
  };
}

/** ROUNDUP/ROUNDDOWN/TRUNC: the digits default to 0 (TRUNC's are optional). */
function roundDir(up: boolean) {
  return (node: CallNode, l: Lowering): Val => {
    const vs = node.args.map((a) => l.lower(a));
    const digits = vs[1]?.expr ?? '0';
    return l.helper(
      'xlRoundDir',
      [vs[0]!.expr, digits, String(up)],
      NUM_OR_ERR,
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

/** PRODUCT / SUMSQ: a list of numbers and errors, references read as references, direct arguments coerced. */
function listAggregate(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const pieces: string[] = [];
    const from: Val[] = [];
    const fields: string[] = [];
    let invariant = true;
    let mayError = false;
    for (const a of node.args as Node[]) {
      const ref = l.refArray(a);
      if (ref) {
        invariant &&= ref.invariant;
        if (ref.field) fields.push(ref.field);
        mayError ||= may(ref.kinds, 'error');
        pieces.push(only(ref.kinds, ['number']) ? ref.inner : l.call('xlRefNums', [`[${ref.inner}]`]));
      } else {
        const v = l.lower(a);
        refusePickedCell(l, node.name, a, v, ['number', 'error']);
        invariant &&= v.invariant;
        from.push(v);
        mayError ||= !only(v.kinds, ['number', 'boolean', 'blank']);
        pieces.push(only(v.kinds, ['number']) ? v.expr : l.call('xlNum', [v.expr]));
      }
    }
    // Why always an error kind: a product or a sum of squares may overflow (#NUM!).
    const v = l.helper(
      helper,
      [`[${pieces.join(', ')}]`],
      withError(['number'], mayError || true),
      invariant,
      from,
    );
    if (invariant && fields.length > 0)
      return l.hoist(v, `${helper.slice(2).toLowerCase()}${fields.map(pascal).join('')}`);
    return v;
  };
}

const decimalNote = 'on the 15-significant-digit decimal value, as ROUND';

export const ARITH_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'ROUNDUP',
    family: 'math',
    args: [NUMBER, { name: 'num_digits', kind: 'value', class: 'number' }],
    helpers: ['xlRoundDir'],
    lower: roundDir(true),
    summary: 'a number rounded away from zero to a number of digits',
    lowering: '$xlRoundDir(x, digits, true)',
    notes: `away from zero ${decimalNote} (ROUNDUP(0.1+0.2,2) = 0.3); digits truncated toward zero; negative digits round left of the point; coerces like arithmetic`,
    example: { formula: '=ROUNDUP(A1,3)', cells: { A1: 3.14159 }, value: 3.142 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/ROUNDUP.xlsx', XLC],
      microsoft: ['ROUNDUP function'],
    },
  },
  {
    name: 'ROUNDDOWN',
    family: 'math',
    args: [NUMBER, { name: 'num_digits', kind: 'value', class: 'number' }],
    helpers: ['xlRoundDir'],
    lower: roundDir(false),
    summary: 'a number rounded toward zero to a number of digits',
    lowering: '$xlRoundDir(x, digits, false)',
    notes: `toward zero ${decimalNote}; digits truncated toward zero; negative digits round left of the point`,
    example: { formula: '=ROUNDDOWN(A1,-2)', cells: { A1: 31415.92654 }, value: 31400 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/ROUNDDOWN.xlsx', XLC],
      microsoft: ['ROUNDDOWN function'],
    },
  },
  {
    name: 'TRUNC',
    family: 'math',
    args: [NUMBER, { name: 'num_digits', kind: 'value', class: 'number', optional: true }],
    helpers: ['xlRoundDir'],
    lower: roundDir(false),
    summary: 'a number truncated to a number of digits (0 by default)',
    lowering: '$xlRoundDir(x, digits, false), as ROUNDDOWN',
    notes: `ROUNDDOWN with the digits 0 when left out, ${decimalNote}`,
    example: { formula: '=TRUNC(A1)', cells: { A1: -8.9 }, value: -8 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['TRUNC function'] },
  },
  {
    name: 'INT',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlInt'],
    lower: scalarHelper('xlInt'),
    summary: 'a number rounded down to an integer',
    lowering: '$xlInt(x)',
    notes: `down, not toward zero (INT(-0.5) = -1), ${decimalNote}; whether Excel rounds the double or its 15-digit form down is not established, so the oracle leaves the inputs where the two differ (INT(7.999999999999999): 7 or 8) undetermined`,
    example: { formula: '=INT(A1)', cells: { A1: -1.5 }, value: -2 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/INT.xlsx', XLC],
      microsoft: ['INT function'],
    },
  },
  {
    name: 'EVEN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlEvenOdd'],
    lower: scalarHelper('xlEvenOdd', ['false']),
    summary: 'a number rounded away from zero to an even integer',
    lowering: '$xlEvenOdd(x, false)',
    notes: `EVEN(0) = 0, EVEN(-1) = -2; |x| rounded up ${decimalNote}`,
    example: { formula: '=EVEN(A1)', cells: { A1: 1.5 }, value: 2 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['EVEN function'] },
  },
  {
    name: 'ODD',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlEvenOdd'],
    lower: scalarHelper('xlEvenOdd', ['true']),
    summary: 'a number rounded away from zero to an odd integer',
    lowering: '$xlEvenOdd(x, true)',
    notes: `ODD(0) = 1, ODD(-2) = -3; |x| rounded up ${decimalNote}`,
    example: { formula: '=ODD(A1)', cells: { A1: 2 }, value: 3 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['ODD function'] },
  },
  {
    name: 'CEILING',
    family: 'math',
    args: [NUMBER, { name: 'significance', kind: 'value', class: 'number' }],
    helpers: ['xlCeilFloor'],
    lower: scalarHelper('xlCeilFloor', ['true']),
    summary: 'a number rounded up to a multiple of the significance (the legacy function)',
    lowering: '$xlCeilFloor(x, significance, true)',
    notes:
      'positive number with negative significance #NUM!; negative with negative rounds away from zero; significance 0 gives 0; the quotient is taken to 15 digits (CEILING(1.1,0.1) = 1.1)',
    example: { formula: '=CEILING(A1,0.01)', cells: { A1: 0.234 }, value: 0.24 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/CEILING.xlsx', XLC],
      microsoft: ['CEILING function'],
    },
  },
  {
    name: 'FLOOR',
    family: 'math',
    args: [NUMBER, { name: 'significance', kind: 'value', class: 'number' }],
    helpers: ['xlCeilFloor'],
    lower: scalarHelper('xlCeilFloor', ['false']),
    summary: 'a number rounded down to a multiple of the significance (the legacy function)',
    lowering: '$xlCeilFloor(x, significance, false)',
    notes:
      'positive number with negative significance #NUM!; FLOOR(0,0) = 0, FLOOR(x,0) #DIV/0!; the quotient is taken to 15 digits',
    example: { formula: '=FLOOR(A1,1.1)', cells: { A1: -2.99999 }, value: -3.3000000000000003 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['FLOOR function'] },
  },
  {
    name: 'MOD',
    family: 'math',
    args: [NUMBER, { name: 'divisor', kind: 'value', class: 'number' }],
    helpers: ['xlMod'],
    lower: scalarHelper('xlMod'),
    summary: 'the remainder of a division, with the sign of the divisor',
    lowering: '$xlMod(n, d)',
    notes:
      "the exact remainder of n/d (fmod: no rounded quotient, MOD(5,1E-10) = 9.999981783901343E-11) with the divisor added once when the signs differ, the result in the sign of the divisor; #DIV/0! for a zero divisor; booleans 1/0 (read from a cell: MOD(TRUE,TRUE) = 0); |n/d| past 5E10, the largest saved quotient, not established (the not-established value, undetermined in the oracle): Excel's #NUM! bound is not known (MOD(1E10,3) = 1, so not KB 119083's 2^27)",
    example: { formula: '=MOD(A1,2)', cells: { A1: -3 }, value: 1 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/MOD.xlsx', XLC, 'excel/ironcalc/MATH_AND_TRIGONOMETRY/MOD_QUOTIENT.xlsx'],
      microsoft: ['MOD function'],
      other:
        'MOD_QUOTIENT.xlsx DATEVALUE!C20 MOD(10.0000000001,0.1) = 9.999945316252479E-11, C21 with -0.1 -0.09999999990000055, C22 MOD(1E10,3) = 1, C23 -1E10 2, C24 divisor -3 -2, C25 MOD(5,1E-10) = 9.999981783901343E-11, C26 with -1E-10 -1.821609865774887E-16, C39 MOD(TRUE,TRUE) = 0 (booleans read from cells); scripts/float-order.ts: the exact remainder gives 39 of 39 saved MOD cells, n - d*INT(n/d) on the binary quotient 35',
    },
  },
  {
    name: 'POWER',
    family: 'math',
    args: [NUMBER, { name: 'power', kind: 'value', class: 'number' }],
    helpers: ['xlPow'],
    lower: scalarHelper('xlPow'),
    summary: 'a number raised to a power, as `^`',
    lowering: '$xlPow(x, y), as `^`',
    notes:
      'POWER(0,0) #NUM!, 0 to a negative power #DIV/0!, a negative base with a fractional power #NUM!, overflow #NUM!; an integer power by repeated squaring where the squaring orders give the same double (POWER(-2.4,5) = -79.62624), else and for other powers `$power` (where the orders differ, the order of Excel is not established)',
    example: { formula: '=POWER(A1,3)', cells: { A1: 2 }, value: 8 },
    evidence: {
      goldens: ['arith', 'power'],
      corpus: ['excel/xlcalculator/POWER.xlsx', 'excel/ironcalc/MATH_AND_TRIGONOMETRY/ATAN2_POWER.xlsx'],
      microsoft: ['POWER function'],
      other:
        'ATAN2_POWER.xlsx Sheet1!C8 POWER(-2.4,5) saved -79.62624 (repeated squaring; $power gives -79.62623999999998); scripts/float-order.ts: squaring 95 of 95 corpus cells with an integer exponent, $power 94',
    },
  },
  {
    name: 'SQRT',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlSqrt'],
    lower: scalarHelper('xlSqrt'),
    summary: 'the square root of a number',
    lowering: '$xlSqrt(x) (`$sqrt`, correctly rounded)',
    notes: 'a negative number #NUM!; coerces like arithmetic',
    example: { formula: '=SQRT(A1)', cells: { A1: 16 }, value: 4 },
    evidence: {
      goldens: ['arith'],
      corpus: ['excel/xlcalculator/SQRT.xlsx', XLC],
      microsoft: ['SQRT function'],
    },
  },
  {
    name: 'SIGN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlSign'],
    lower: scalarHelper('xlSign'),
    summary: 'the sign of a number: 1, 0 or -1',
    lowering: '$xlSign(x)',
    notes: 'coerces like arithmetic: blank 0, booleans 1/0, numeric text converted',
    example: { formula: '=SIGN(A1)', cells: { A1: -4 }, value: -1 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['SIGN function'] },
  },
  {
    name: 'PI',
    family: 'math',
    args: [],
    helpers: [],
    lower: () => ({
      expr: '3.141592653589793',
      kinds: ['number'],
      atom: true,
      invariant: true,
      literal: Math.PI,
      logic: false,
      roots: [],
    }),
    summary: 'the number π to 15 digits',
    lowering: 'the literal 3.141592653589793',
    notes: 'the double nearest π (Excel saves 3.1415926535897931)',
    example: { formula: '=PI()', value: Math.PI },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['PI function'] },
  },
  {
    name: 'PRODUCT',
    family: 'aggregate',
    args: [{ name: 'number', kind: 'reference', class: 'numbers', repeats: true }],
    helpers: ['xlProduct', 'xlRefNums', 'xlNum'],
    lower: listAggregate('xlProduct'),
    summary: 'the product of its arguments',
    lowering: '$xlProduct([...])',
    notes:
      'a reference contributes its numbers (text, booleans, blanks ignored); a direct argument is coerced (`PRODUCT("2",B9:B10)`); nothing numeric gives 0; first error wins; overflow #NUM!',
    example: { formula: '=PRODUCT(A1:A3)', cells: { A1: 2, A2: 'x', A3: 3 }, value: 6 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['PRODUCT function'] },
  },
  {
    name: 'SUMSQ',
    family: 'aggregate',
    args: [{ name: 'number', kind: 'reference', class: 'numbers', repeats: true }],
    helpers: ['xlSumSq', 'xlRefNums', 'xlNum'],
    lower: listAggregate('xlSumSq'),
    summary: 'the sum of the squares of its arguments',
    lowering: '$xlSumSq([...])',
    notes:
      'a reference contributes its numbers; a direct argument is coerced (`SUMSQ("2","3",4)` = 29, `SUMSQ(TRUE,TRUE,FALSE)` = 2); first error wins; overflow #NUM!',
    example: { formula: '=SUMSQ(A1:A2,2)', cells: { A1: 3, A2: 'x' }, value: 13 },
    evidence: { goldens: ['arith'], corpus: [XLC], microsoft: ['SUMSQ function'] },
  },
];
