/**
 * QUOTIENT and MROUND (issue 14, brief f14): the integer part of a division, and a number rounded to the
 * nearest multiple. Numbers are read as arithmetic reads them (blank 0, numeric text converted, other text
 * #VALUE!), except booleans: #VALUE! here, where the oracle leaves them undetermined (Excel's reading of a
 * boolean in these Analysis ToolPak functions is not established).
 */
import type { CallNode } from '../../workbook/formula/ast.js';
import type { Val } from '../lower/value.js';
import type { FunctionEntry, Lowering } from './types.js';

const XLC = 'excel/poi/FormulaEvalTestData_Copy.xlsx';

function twoNumbers(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const vs = node.args.map((a) => l.lower(a));
    return l.helper(
      helper,
      vs.map((v) => v.expr),
      ['number', 'error'],
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

/** CEILING.MATH / FLOOR.MATH: significance 1 and mode 0 when left out; one written empty is refused. */
function ceilFloorMath(up: boolean) {
  return (node: CallNode, l: Lowering): Val => {
    const empty = node.args.find((a) => a.kind === 'missing');
    if (empty) l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an argument left empty`, empty);
    const vs = node.args.map((a) => l.lower(a));
    const args = [vs[0]!.expr, vs[1]?.expr ?? '1', vs[2]?.expr ?? '0', String(up)];
    return l.helper(
      'xlCeilFloorMath',
      args,
      ['number', 'error'],
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

const mathArgs = [
  { name: 'number', kind: 'value', class: 'number' },
  { name: 'significance', kind: 'value', class: 'number', optional: true },
  { name: 'mode', kind: 'value', class: 'number', optional: true },
] as const;
const mathNotes =
  'the quotient number/|significance| taken to 15 digits (as CEILING), significance 1 and mode 0 by default; significance 0 or number 0 gives 0; a negative number is rounded toward zero when mode is 0 and away from zero otherwise; a boolean argument #VALUE! and a negative significance read by its size (both undetermined in the oracle, as a blank significance or mode and a quotient whose rounding differs between the double and its 15-digit form); an argument left empty is refused';

export const MULTIPLES_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'QUOTIENT',
    family: 'math',
    args: [
      { name: 'numerator', kind: 'value', class: 'strict-number' },
      { name: 'denominator', kind: 'value', class: 'strict-number' },
    ],
    helpers: ['xlQuotient'],
    lower: twoNumbers('xlQuotient'),
    summary: 'the integer part of a division, truncated toward zero',
    lowering: '$xlQuotient(n, d)',
    notes:
      'trunc(n/d) on the binary quotient (QUOTIENT(-10,3) = -3); #DIV/0! for a zero or blank denominator; errors in argument order; a boolean argument #VALUE! (undetermined in the oracle); an overflowing quotient #NUM!; the oracle leaves a quotient whose truncation differs between the double and its 15-digit form (QUOTIENT(0.3,0.1)) undetermined',
    example: { formula: '=QUOTIENT(A1,3)', cells: { A1: -10 }, value: -3 },
    evidence: {
      goldens: ['multiples'],
      microsoft: ['QUOTIENT function'],
      other:
        "Microsoft's examples QUOTIENT(5,2) = 2, QUOTIENT(4.5,3.1) = 1, QUOTIENT(-10,3) = -3; no corpus cell holds it",
    },
  },
  {
    name: 'MROUND',
    family: 'math',
    args: [
      { name: 'number', kind: 'value', class: 'strict-number' },
      { name: 'multiple', kind: 'value', class: 'strict-number' },
    ],
    helpers: ['xlMround'],
    lower: twoNumbers('xlMround'),
    summary: 'a number rounded to the nearest multiple, halves away from zero',
    lowering: '$xlMround(x, multiple)',
    notes:
      'the quotient number/multiple taken to 15 digits (as CEILING), rounded half away from zero, times the multiple; multiple 0 gives 0; a number and a multiple of opposite signs #NUM!; a boolean argument #VALUE! (undetermined in the oracle); the oracle leaves a quotient whose rounding differs between the double and its 15-digit form undetermined',
    example: { formula: '=MROUND(A1,3)', cells: { A1: 10 }, value: 9 },
    evidence: {
      goldens: ['multiples'],
      corpus: ['excel/poi/atp.xlsx', 'excel/poi/48539.xlsx'],
      microsoft: ['MROUND function'],
      other: `atp.xlsx B5 MROUND(10,3) = 9; Microsoft's examples MROUND(-10,-3) = -9, MROUND(5,-2) #NUM!; the 15-digit quotient as CEILING's (${XLC} E212)`,
    },
  },
  {
    name: 'CEILING.MATH',
    family: 'math',
    args: mathArgs,
    helpers: ['xlCeilFloorMath'],
    lower: ceilFloorMath(true),
    summary: 'a number rounded up to a multiple of the significance (negative numbers by mode)',
    lowering: '$xlCeilFloorMath(x, significance, mode, true)',
    notes: mathNotes,
    example: { formula: '=CEILING.MATH(A1,5)', cells: { A1: 24.3 }, value: 25 },
    evidence: {
      goldens: ['multiples'],
      microsoft: ['CEILING.MATH function'],
      other:
        "Microsoft's examples CEILING.MATH(24.3,5) = 25, CEILING.MATH(6.7) = 7, CEILING.MATH(-8.1,2) = -8, CEILING.MATH(-5.5,2,-1) = -6; no corpus cell holds it",
    },
  },
  {
    name: 'FLOOR.MATH',
    family: 'math',
    args: mathArgs,
    helpers: ['xlCeilFloorMath'],
    lower: ceilFloorMath(false),
    summary: 'a number rounded down to a multiple of the significance (negative numbers by mode)',
    lowering: '$xlCeilFloorMath(x, significance, mode, false)',
    notes: mathNotes,
    example: { formula: '=FLOOR.MATH(A1,2)', cells: { A1: -8.1 }, value: -10 },
    evidence: {
      goldens: ['multiples'],
      microsoft: ['FLOOR.MATH function'],
      other:
        "Microsoft's examples FLOOR.MATH(24.3,5) = 20, FLOOR.MATH(6.7) = 6, FLOOR.MATH(-8.1,2) = -10, FLOOR.MATH(-5.5,2,-1) = -4; no corpus cell holds it",
    },
  },
];
