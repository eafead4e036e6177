/**
 * QUOTIENT, MROUND, CEILING.MATH and FLOOR.MATH: the integer part of a division, a number rounded to the
 * nearest multiple or to a multiple up / down. Numbers are read as arithmetic reads them (blank 0, numeric
 * text converted, other text #VALUE!), except booleans: in QUOTIENT and MROUND a boolean read from a cell is
 * #VALUE! (MOD_QUOTIENT.xlsx D39 `QUOTIENT(TRUE,TRUE)`, MROUND_TRUNC_INT.xlsx MROUND!C51 `MROUND(TRUE,2)`),
 * one typed or computed is not established (the not-established value); CEILING.MATH and FLOOR.MATH read one
 * from a cell as 1/0.
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { may, type Val } from '../../value.js';
import type { FunctionEntry, Lowering } from '../types.js';

const XLC = 'excel/poi/FormulaEvalTestData_Copy.xlsx';
const MRT = 'excel/ironcalc/MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx';

/**
 * MROUND and QUOTIENT (both ToolPak functions of the strict-number class) with an argument left empty are
 * #N/A (MROUND_TRUNC_INT.xlsx MROUND!C34 `MROUND(,B34)`, C36 `MROUND(A36, )`, the other argument a number or
 * a blank: the coercion table's strict-number omitted entry). Beside an argument that may be an error, which
 * of the two Excel answers is not established: refused.
 */
function emptyIsNA(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const empty = node.args.find((a) => a.kind === 'missing');
    if (!empty) return twoNumbers(helper)(node, l);
    const others = node.args.filter((a) => a.kind !== 'missing').map((a) => l.lower(a));
    if (others.some((v) => may(v.kinds, 'error'))) {
      l.fail(
        'UNSUPPORTED_CONSTRUCT',
        `${node.name} with an argument left empty beside one that may be an error`,
        empty,
      );
    }
    return { expr: '{"error": "#N/A"}', kinds: ['error'], atom: true, invariant: true };
  };
}

/** A boolean read from a cell is #VALUE! here ($xlAtpRef); one typed or computed reaches the helper as it is. */
function twoNumbers(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const vs = node.args.map((a) => l.lower(a));
    const fromCell = (v: Val, i: number) =>
      node.args[i]!.kind === 'cell' && may(v.kinds, 'boolean') ? l.call('xlAtpRef', [v.expr]) : v.expr;
    return l.helper(
      helper,
      vs.map(fromCell),
      ['number', 'error'],
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

/**
 * CEILING.MATH / FLOOR.MATH: significance 1 and mode 0 when left out; one written empty is refused.
 * A number or significance read from a cell is read as arithmetic reads it ($xlNum: a boolean 1/0, a blank
 * 0; FLOOR_CEILING.xlsx CEILING!B108 `CEILING.MATH(TRUE,1)` = 1, Q97 `CEILING.MATH(10,TRUE)` = 10, R97 with
 * FALSE = 0, AK97 with a blank significance = 0); a boolean typed or computed there is not established (the
 * helper's not-established value). A mode typed TRUE / FALSE is 1 / 0 (CEILING!M158 `CEILING.MATH(-7.1,1,TRUE)`
 * = -8, M168 with FALSE = -7), one typed as text is read by $xlModeText (`"one"` #VALUE!, X144).
 */
function ceilFloorMath(up: boolean) {
  return (node: CallNode, l: Lowering): Val => {
    const empty = node.args.find((a) => a.kind === 'missing');
    if (empty) l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an argument left empty`, empty);
    const vs = node.args.map((a) => l.lower(a));
    const fromCell = (i: number): string | undefined => {
      const v = vs[i];
      if (!v) return undefined;
      return node.args[i]!.kind === 'cell' && may(v.kinds, 'boolean') ? l.call('xlNum', [v.expr]) : v.expr;
    };
    const mode = node.args[2];
    const modeExpr =
      mode?.kind === 'boolean'
        ? mode.value
          ? '1'
          : '0'
        : mode?.kind === 'string'
          ? l.call('xlModeText', [vs[2]!.expr])
          : vs[2]?.expr;
    const args = [fromCell(0)!, fromCell(1) ?? '1', modeExpr ?? '0', String(up)];
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
  'the quotient number/|significance| taken to 15 digits (as CEILING), significance 1 and mode 0 by default; significance 0 or number 0 gives 0; a negative significance read by its size; a negative number is rounded toward zero when mode is 0 and away from zero otherwise; a number or significance read from a cell as arithmetic reads it (TRUE 1, FALSE 0, blank 0, numeric text converted, other text and `""` #VALUE!); a mode typed TRUE/FALSE is 1/0, typed text that is no number #VALUE!; not established (the not-established value, undetermined in the oracle): a boolean typed or computed as the number or significance, a mode typed as numeric text, a mode that is a boolean, blank or text read from a cell or computed; the oracle also leaves a quotient whose rounding differs between the double and its 15-digit form undetermined; an argument left empty is refused';
const FC = 'excel/ironcalc/MATH_AND_TRIGONOMETRY/FLOOR_CEILING.xlsx';
const fcCells =
  'CEILING!B108 CEILING.MATH(TRUE,1) = 1 and B110 (blank) 0 with the number read from a cell; Q97 CEILING.MATH(10,TRUE) = 10 and R97 with FALSE 0, AK97 with a blank significance 0 (the significance read from a cell); G97 CEILING.MATH(10,-1) = 10; M158 CEILING.MATH(-7.1,1,TRUE) = -8 and M168 with FALSE -7 (mode typed); X144 FLOOR.MATH(10,1,"one") #VALUE!; FLOOR!O97, P97, B108, M154 the same for FLOOR.MATH';

export const MULTIPLES_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'QUOTIENT',
    family: 'math',
    args: [
      { name: 'numerator', kind: 'value', class: 'strict-number' },
      { name: 'denominator', kind: 'value', class: 'strict-number' },
    ],
    helpers: ['xlQuotient', 'xlAtpRef'],
    lower: emptyIsNA('xlQuotient'),
    summary: 'the integer part of a division, truncated toward zero',
    lowering: '$xlQuotient(n, d)',
    notes:
      'trunc(n/d) on the binary quotient (QUOTIENT(-10,3) = -3); #DIV/0! for a zero or blank denominator; errors in argument order; a boolean read from a cell #VALUE! (MOD_QUOTIENT.xlsx D39), one typed or computed not established (undetermined in the oracle); an overflowing quotient #NUM!; an argument left empty #N/A, as in MROUND (beside one that may be an error refused); the oracle leaves a quotient whose truncation differs between the double and its 15-digit form (QUOTIENT(0.3,0.1)) undetermined',
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
    helpers: ['xlMround', 'xlAtpRef'],
    lower: emptyIsNA('xlMround'),
    summary: 'a number rounded to the nearest multiple, halves away from zero',
    lowering: '$xlMround(x, multiple)',
    notes:
      'the quotient number/multiple taken to 15 digits (as CEILING), rounded half away from zero, times the multiple; multiple 0 gives 0; a number and a multiple of opposite signs #NUM!; a boolean read from a cell #VALUE! (typed or computed: not established, undetermined in the oracle); an argument left empty #N/A (beside one that may be an error refused); the oracle leaves a quotient whose rounding differs between the double and its 15-digit form undetermined',
    example: { formula: '=MROUND(A1,3)', cells: { A1: 10 }, value: 9 },
    evidence: {
      goldens: ['multiples'],
      corpus: ['excel/poi/atp.xlsx', 'excel/poi/48539.xlsx', MRT],
      microsoft: ['MROUND function'],
      other: `atp.xlsx B5 MROUND(10,3) = 9; Microsoft's examples MROUND(-10,-3) = -9, MROUND(5,-2) #NUM!; the 15-digit quotient as CEILING's (${XLC} E212); MROUND_TRUNC_INT.xlsx MROUND!C34 MROUND(,5) and C36 MROUND(blank, ) #N/A, C51..C56 a boolean from a cell #VALUE!`,
    },
  },
  {
    name: 'CEILING.MATH',
    family: 'math',
    args: mathArgs,
    helpers: ['xlCeilFloorMath', 'xlNum', 'xlModeText'],
    lower: ceilFloorMath(true),
    summary: 'a number rounded up to a multiple of the significance (negative numbers by mode)',
    lowering: '$xlCeilFloorMath(x, significance, mode, true)',
    notes: mathNotes,
    example: { formula: '=CEILING.MATH(A1,5)', cells: { A1: 24.3 }, value: 25 },
    evidence: {
      goldens: ['multiples'],
      corpus: [FC],
      microsoft: ['CEILING.MATH function'],
      other: `Microsoft's examples CEILING.MATH(24.3,5) = 25, CEILING.MATH(6.7) = 7, CEILING.MATH(-8.1,2) = -8, CEILING.MATH(-5.5,2,-1) = -6; ${fcCells}`,
    },
  },
  {
    name: 'FLOOR.MATH',
    family: 'math',
    args: mathArgs,
    helpers: ['xlCeilFloorMath', 'xlNum', 'xlModeText'],
    lower: ceilFloorMath(false),
    summary: 'a number rounded down to a multiple of the significance (negative numbers by mode)',
    lowering: '$xlCeilFloorMath(x, significance, mode, false)',
    notes: mathNotes,
    example: { formula: '=FLOOR.MATH(A1,2)', cells: { A1: -8.1 }, value: -10 },
    evidence: {
      goldens: ['multiples'],
      corpus: [FC],
      microsoft: ['FLOOR.MATH function'],
      other: `Microsoft's examples FLOOR.MATH(24.3,5) = 20, FLOOR.MATH(6.7) = 6, FLOOR.MATH(-8.1,2) = -10, FLOOR.MATH(-5.5,2,-1) = -4; ${fcCells}`,
    },
  },
];
