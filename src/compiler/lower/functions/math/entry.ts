/** ROUND, ABS. */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { literalOf, numberLiteral, only, type Val } from '../../value.js';
import type { FunctionEntry, Lowering } from '../types.js';

function lowerRound(node: CallNode, l: Lowering): Val {
  const [xNode, dNode] = node.args as [CallNode['args'][0], CallNode['args'][0]];
  const x = l.lower(xNode);
  const d = l.lower(dNode);
  const invariant = x.invariant && d.invariant;
  // Literal digits (truncated toward zero, as ROUND does) from 0 to 22: the helper that skips checking
  // them, given 10^k exactly ("1e2" read as a number is exactly 100).
  const lit = literalOf(dNode, d);
  const k = lit === undefined ? undefined : Math.trunc(lit);
  if (k !== undefined && k >= 0 && k <= 22) {
    const s = numberLiteral(Number(`1e${k}`));
    // A proven number (no error, no blank): $xlRoundNum, no type test, and never an error.
    if (only(x.kinds, ['number'])) {
      return l.helper('xlRoundNum', [x.expr, String(k), s], ['number'], invariant, [x]);
    }
    return l.helper('xlRoundTo', [x.expr, String(k), s], ['number', 'error'], invariant, [x]);
  }
  return l.helper('xlRound', [x.expr, d.expr], ['number', 'error'], invariant, [x, d]);
}

function lowerAbs(node: CallNode, l: Lowering): Val {
  const v = l.lower(node.args[0]!);
  if (only(v.kinds, ['number'])) return { ...v, expr: `$abs(${v.expr})`, atom: true, literal: undefined };
  return l.helper('xlAbs', [v.expr], ['number', 'error'], v.invariant, [v]);
}

export const MATH_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'ROUND',
    family: 'math',
    args: [
      { name: 'number', kind: 'value', class: 'number' },
      { name: 'num_digits', kind: 'value', class: 'number' },
    ],
    helpers: ['xlRound', 'xlRoundTo', 'xlRoundNum'],
    lower: lowerRound,
    summary: 'a number rounded to a number of digits',
    lowering:
      '$xlRoundTo(x, k, 10^k) for literal digits 0–22 ($xlRoundNum(x, k, 10^k) when x is a number), else $xlRound(x, digits)',
    notes:
      'half away from zero on the 15-digit decimal value (ROUND(1.005,2) = 1.01, ROUND(-2.5,0) = -3); digits truncated toward zero; negative digits round left of the point; not `$round` (half-even on the binary value)',
    example: { formula: '=ROUND(A1,2)', cells: { A1: 1.005 }, value: 1.01 },
    evidence: {
      goldens: ['round'],
      corpus: ['excel/xlcalculator/ROUND.xlsx'],
      microsoft: ['ROUND function'],
    },
  },
  {
    name: 'ABS',
    family: 'math',
    args: [{ name: 'number', kind: 'value', class: 'number' }],
    helpers: ['xlAbs'],
    lower: lowerAbs,
    summary: 'the absolute value of a number',
    lowering: '`$abs(x)` for numbers, else $xlAbs(x)',
    notes: 'coerces like arithmetic: blank 0, booleans 1/0, numeric text converted, other text #VALUE!',
    example: { formula: '=ABS(A1)', cells: { A1: '-2' }, value: 2 },
    evidence: {
      goldens: ['round'],
      corpus: ['excel/xlcalculator/ABS.xlsx'],
      microsoft: ['ABS function'],
    },
  },
];
