/**
 * RADIANS and DEGREES: the number times the double nearest π/180 (180/π). Excel's saved values
 * (FormulaEvalTestData_Copy.xlsx EverythingTests row 368 and 1100) agree bit for bit with that product; where
 * the other ways of writing it (x·π/180, x/180·π; x·180/π) give another double, the oracle leaves the
 * input undetermined, so a spec is only verified where all of them agree or Excel's saved value decides.
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { DEG_PER_RAD, PI_OVER_180 } from './helpers.js';
import { inherit, only, paren, type Val } from '../../value.js';
import type { FunctionEntry, Lowering } from '../types.js';

function lowerAngle(helper: 'xlRadians' | 'xlDegrees') {
  return (node: CallNode, l: Lowering): Val => {
    const v = l.lower(node.args[0]!);
    if (only(v.kinds, ['number'])) {
      const factor = helper === 'xlRadians' ? PI_OVER_180 : DEG_PER_RAD;
      const product: Val = {
        expr: `${paren(v)} * ${factor}`,
        kinds: ['number'],
        atom: false,
        invariant: v.invariant,
        ...inherit(v),
      };
      return helper === 'xlRadians' ? product : l.finite(product);
    }
    return l.helper(helper, [v.expr], ['number', 'error'], v.invariant, [v]);
  };
}

const CORPUS = ['excel/poi/FormulaEvalTestData_Copy.xlsx'];
const NOTES =
  'coerces like arithmetic (numeric text converted, TRUE 1, blank 0, `""` #VALUE!: EverythingTests!J368, G368, I368); the oracle leaves undetermined the inputs where x·π/180 and x/180·π (x·180/π) give another double';

export const ANGLES_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'RADIANS',
    family: 'math',
    args: [{ name: 'angle', kind: 'value', class: 'number' }],
    helpers: ['xlRadians'],
    lower: lowerAngle('xlRadians'),
    summary: 'degrees converted to radians',
    lowering: `\`x * ${PI_OVER_180}\` for numbers, else $xlRadians(x)`,
    notes: `the number times the double nearest π/180; ${NOTES}`,
    example: { formula: '=RADIANS(A1)', cells: { A1: 2 }, value: 0.03490658503988659 },
    evidence: { goldens: ['angles'], corpus: CORPUS, microsoft: ['RADIANS function'] },
  },
  {
    name: 'DEGREES',
    family: 'math',
    args: [{ name: 'angle', kind: 'value', class: 'number' }],
    helpers: ['xlDegrees', 'xlFin'],
    lower: lowerAngle('xlDegrees'),
    summary: 'radians converted to degrees',
    lowering: `\`x * ${DEG_PER_RAD}\` for numbers (guarded against overflow), else $xlDegrees(x)`,
    notes: `the number times the double nearest 180/π, #NUM! past the largest double; ${NOTES}`,
    example: { formula: '=DEGREES(A1)', cells: { A1: -534 }, value: -30595.94625998596 },
    evidence: { goldens: ['angles'], corpus: CORPUS, microsoft: ['DEGREES function'] },
  },
];
