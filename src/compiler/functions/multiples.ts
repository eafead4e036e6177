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

export const MULTIPLES_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'QUOTIENT',
    family: 'math',
    args: [
      { name: 'numerator', kind: 'value' },
      { name: 'denominator', kind: 'value' },
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
      { name: 'number', kind: 'value' },
      { name: 'multiple', kind: 'value' },
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
];
