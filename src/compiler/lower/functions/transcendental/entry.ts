/**
 * EXP, LN, LOG and LOG10: the 15-digit tier (precision.ts). JSONata has no logarithm or exponential; the
 * library computes them as fdlibm does (helpers.ts), the platform's results bit for bit, but
 * Excel's own last bits are its C runtime's, which no saved cell shows the algorithm of, so a derivation
 * calling them is held to Excel's displayed precision. Arguments coerce like arithmetic (a number, TRUE 1,
 * numeric text, blank 0, `""` #VALUE!).
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const NUMBER: FunctionArg = { name: 'number', kind: 'value', class: 'number' };
const NUM_OR_ERR: Val['kinds'] = ['number', 'error'];
const IC = 'excel/ironcalc/MATH_AND_TRIGONOMETRY/';
const LOGS = `${IC}LOG_LOG10_LN.xlsx`;
const POI = 'excel/poi/FormulaEvalTestData_Copy.xlsx';

/** A helper over the lowered arguments, then constant trailing arguments; an empty argument is refused. */
function scalar(name: string, extra: string[] = []) {
  return (node: CallNode, l: Lowering): Val => {
    for (const a of node.args)
      if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an empty argument`, a);
    const vs = node.args.map((a) => l.lower(a));
    const invariant = vs.every((v) => v.invariant);
    return l.helper(name, [...vs.map((v) => v.expr), ...extra], NUM_OR_ERR, invariant, vs);
  };
}

export const TRANSCENDENTAL_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'EXP',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlExp'],
    lower: scalar('xlExp'),
    precision: 15,
    summary: 'e raised to a number',
    lowering: "$xlExp(x): fdlibm's exp (Math.exp bit for bit)",
    notes:
      'overflow (past 709.78) #NUM! (EXP_SIGN.xlsx B29 EXP(2^20), B32); EXP(1) 2.718281828459045 (B14); text "8" read (B18), `""` #VALUE! (B17); -745 and below 0 (B44, B46), another result below 2^-1022 (subnormal) not established',
    example: { formula: '=EXP(A1)', cells: { A1: 2 }, value: 7.38905609893065 },
    evidence: {
      goldens: ['transcendental'],
      corpus: [`${IC}EXP_SIGN.xlsx`, POI],
      microsoft: ['EXP function'],
    },
  },
  {
    name: 'LN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlLn'],
    lower: scalar('xlLn'),
    precision: 15,
    summary: 'the natural logarithm of a number',
    lowering: "$xlLn(x): fdlibm's log (Math.log bit for bit)",
    notes:
      'zero, a negative number, a blank or FALSE #NUM! (LOG_LOG10_LN.xlsx LN!B9, B10, B6, B8); TRUE 0 (B7); numeric text read (B16), other text #VALUE! (B18)',
    example: { formula: '=LN(A1)', cells: { A1: 10 }, value: 2.302585092994046 },
    evidence: {
      goldens: ['transcendental'],
      corpus: [LOGS, 'excel/xlcalculator/LN.xlsx', POI],
      microsoft: ['LN function'],
    },
  },
  {
    name: 'LOG',
    family: 'math',
    args: [NUMBER, { name: 'base', kind: 'value', class: 'number', optional: true }],
    helpers: ['xlLog'],
    lower: (node, l) => scalar('xlLog', node.args.length === 1 ? ['10'] : [])(node, l),
    precision: 15,
    summary: 'the logarithm of a number in a base (10 when left out)',
    lowering: "$xlLog(x, b): base 10 by fdlibm's log10 (Math.log10 bit for bit), another base ln x / ln b",
    notes:
      'base 1 #DIV/0! (LOG_LOG10_LN.xlsx LOG!G3, G8 TRUE), base 0, negative, blank or FALSE #NUM! (G6, G7, G11, G9); a number of zero or below #NUM! (G15, G17), also in base 1 (FormulaEvalTestData_Copy.xlsx EverythingTests!K852); LOG(1000) 3 (B5); an empty argument refused',
    example: { formula: '=LOG(A1,2)', cells: { A1: 8 }, value: 3 },
    evidence: { goldens: ['transcendental'], corpus: [LOGS, POI], microsoft: ['LOG function'] },
  },
  {
    name: 'LOG10',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlLog'],
    lower: scalar('xlLog', ['10']),
    precision: 15,
    summary: 'the base-10 logarithm of a number',
    lowering: "$xlLog(x, 10): fdlibm's log10 (Math.log10 bit for bit)",
    notes:
      'zero, a negative number, a blank or FALSE #NUM! (LOG_LOG10_LN.xlsx LOG10!B9, B10, B6, B8); LOG10(1000) 3 (B5); numeric text read (B15, B16)',
    example: { formula: '=LOG10(A1)', cells: { A1: 1000 }, value: 3 },
    evidence: { goldens: ['transcendental'], corpus: [LOGS, POI], microsoft: ['LOG10 function'] },
  },
];
