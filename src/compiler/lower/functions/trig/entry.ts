/**
 * SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH and TANH: the 15-digit tier (precision.ts). JSONata has no trigonometry; the library
 * computes it as fdlibm does (helpers.ts), the platform's results bit for bit, but Excel's last bits are its
 * own (1 ulp apart on 42 of the 1,440 cells of poi 47813.xlsx), so a derivation calling them is held to Excel's
 * displayed precision. Near a zero of SIN, COS or TAN (and a pole of TAN) Excel's reduction by its 64-bit π
 * moves even the 15 digits (SIN(PI()) is saved 1.22514845490862E-16, ironcalc trigonometric_functions.xlsx
 * B12): there the answer is not established (helpers.ts has the band). Arguments coerce like arithmetic (a
 * number, TRUE 1, numeric text, blank 0, other text and `""` #VALUE!).
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const NUMBER: FunctionArg = { name: 'number', kind: 'value', class: 'number' };
const NUM_OR_ERR: Val['kinds'] = ['number', 'error'];
const IC = 'excel/ironcalc/MATH_AND_TRIGONOMETRY/';
const TRIG = `${IC}trigonometric_functions.xlsx`;
const POI = 'excel/poi/FormulaEvalTestData_Copy.xlsx';
const CIRCLE = 'excel/poi/47813.xlsx';

/** A helper over the lowered arguments; an empty argument is refused (no saved cell shows one). */
function scalar(name: string) {
  return (node: CallNode, l: Lowering): Val => {
    for (const a of node.args)
      if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an empty argument`, a);
    const vs = node.args.map((a) => l.lower(a));
    const invariant = vs.every((v) => v.invariant);
    return l.helper(
      name,
      vs.map((v) => v.expr),
      NUM_OR_ERR,
      invariant,
      vs,
    );
  };
}

const BAND = "not established where Excel's reduction by its 64-bit π moves the result by an ulp or more";

const OVERFLOW =
  'past |x| = 709.78, where exp(|x|) overflows, not established (no saved cell or Microsoft page shows where Excel gives #NUM!; fdlibm is finite up to 710.48)';

/** SINH, COSH, TANH: the columns H, I, J of trigonometric_functions.xlsx; `text`, what EverythingTests shows of text. */
function hyperbolic(
  name: 'SINH' | 'COSH' | 'TANH',
  col: string,
  text: string,
  summary: string,
  example: number,
): FunctionEntry {
  const helper = `xl${name[0]}${name.slice(1).toLowerCase()}`;
  return {
    name,
    family: 'math',
    args: [NUMBER],
    helpers: [helper],
    lower: scalar(helper),
    precision: 15,
    summary,
    lowering: `$${helper}(x): fdlibm's ${name.toLowerCase()} (Math.${name.toLowerCase()} bit for bit)`,
    notes: `TRUE 1, FALSE 0, text #VALUE! (trigonometric_functions.xlsx ${col}9, ${col}11, ${col}10), ${text}${name === 'TANH' ? '; ±1 from |x| = 22' : `; ${OVERFLOW}`}`,
    example: { formula: `=${name}(A1)`, cells: { A1: 1 }, value: example },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, POI, ...(name === 'COSH' ? ['excel/xlcalculator/COSH.xlsx'] : [])],
      microsoft: [`${name} function`],
    },
  };
}

export const TRIG_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'SIN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlSin'],
    lower: scalar('xlSin'),
    precision: 15,
    summary: 'the sine of an angle in radians',
    lowering: "$xlSin(x): fdlibm's sin (Math.sin bit for bit)",
    notes: `TRUE 1, FALSE 0, text #VALUE! (trigonometric_functions.xlsx B9, B11, B10), numeric text read (EverythingTests!P1252 SIN("1"), L1252), \`""\` #VALUE! (K1252); SIN(PI()) saved 1.22514845490862E-16 (B12): ${BAND}, |sin x| < 7.1915E-5·|x| (every |x| past 13905)`,
    example: { formula: '=SIN(A1)', cells: { A1: 1 }, value: 0.8414709848078965 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, CIRCLE, POI],
      microsoft: ['SIN function'],
    },
  },
  {
    name: 'COS',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlCos'],
    lower: scalar('xlCos'),
    precision: 15,
    summary: 'the cosine of an angle in radians',
    lowering: "$xlCos(x): fdlibm's cos (Math.cos bit for bit)",
    notes: `TRUE 1, FALSE 0, text #VALUE! (trigonometric_functions.xlsx C9, C11, C10), blank 1 (EverythingTests!D276), \`""\` #VALUE! (E276); COS(PI()/2) saved 6.1257422745431E-17 (C13): ${BAND}, |cos x| < 7.1915E-5·|x| (every |x| past 13905)`,
    example: { formula: '=COS(A1)', cells: { A1: 1 }, value: 0.5403023058681398 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, CIRCLE, POI, 'excel/xlcalculator/COS.xlsx'],
      microsoft: ['COS function'],
    },
  },
  {
    name: 'TAN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlTan'],
    lower: scalar('xlTan'),
    precision: 15,
    summary: 'the tangent of an angle in radians',
    lowering: "$xlTan(x): fdlibm's tan (Math.tan bit for bit)",
    notes: `TRUE 1, FALSE 0, text #VALUE! (trigonometric_functions.xlsx D9, D11, D10), numeric text read (EverythingTests!J1356), \`""\` #VALUE! (I1356); TAN(PI()) saved -1.22514845490862E-16 (D12): ${BAND}, 7.1915E-5·|x|·(1 + tan² x) > |tan x| (near a zero or a pole; every |x| past 6952)`,
    example: { formula: '=TAN(A1)', cells: { A1: 1 }, value: 1.5574077246549023 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, POI],
      microsoft: ['TAN function'],
    },
  },
  {
    name: 'ASIN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlAsin'],
    lower: scalar('xlAsin'),
    precision: 15,
    summary: 'the arcsine of a number, in radians between -π/2 and π/2',
    lowering: "$xlAsin(x): fdlibm's asin (Math.asin bit for bit)",
    notes:
      'outside [-1, 1] #NUM! (trigonometric_functions.xlsx E2, E4; ASIN.xlsx A5); TRUE 1, FALSE 0, text #VALUE! (E9, E11, E10), blank 0 (EverythingTests!J156), `""` #VALUE! (K156), numeric text read (P156 ASIN("1")); no zero band (no argument reduction)',
    example: { formula: '=ASIN(A1)', cells: { A1: -0.5 }, value: -0.5235987755982989 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, POI, 'excel/xlcalculator/ASIN.xlsx'],
      microsoft: ['ASIN function'],
    },
  },
  {
    name: 'ACOS',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlAcos'],
    lower: scalar('xlAcos'),
    precision: 15,
    summary: 'the arccosine of a number, in radians between 0 and π',
    lowering: "$xlAcos(x): fdlibm's acos (Math.acos bit for bit)",
    notes:
      'outside [-1, 1] #NUM! (trigonometric_functions.xlsx F2, F4; EverythingTests!E104); TRUE 1, FALSE 0, text #VALUE! (F9, F11, F10), blank 0 (EverythingTests!J104), `""` #VALUE! (K104), numeric text read (Q104 ACOS("0.5")); no zero band (no argument reduction)',
    example: { formula: '=ACOS(A1)', cells: { A1: -0.5 }, value: 2.0943951023931957 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, POI, 'excel/xlcalculator/ACOS.xlsx'],
      microsoft: ['ACOS function'],
    },
  },
  {
    name: 'ATAN',
    family: 'math',
    args: [NUMBER],
    helpers: ['xlAtan'],
    lower: scalar('xlAtan'),
    precision: 15,
    summary: 'the arctangent of a number, in radians between -π/2 and π/2',
    lowering: "$xlAtan(x): fdlibm's atan (Math.atan bit for bit)",
    notes:
      'TRUE 1, FALSE 0, text #VALUE! (trigonometric_functions.xlsx G9, G11, G10), blank 0 (EverythingTests!G164), `""` #VALUE! (H164), numeric text read (J164 ATAN("1")); no zero band (no argument reduction)',
    example: { formula: '=ATAN(A1)', cells: { A1: 1 }, value: 0.7853981633974483 },
    evidence: {
      goldens: ['trig'],
      corpus: [TRIG, POI, 'excel/xlcalculator/ATAN.xlsx'],
      microsoft: ['ATAN function'],
    },
  },
  {
    name: 'ATAN2',
    family: 'math',
    args: [
      { name: 'x_num', kind: 'value', class: 'number' },
      { name: 'y_num', kind: 'value', class: 'number' },
    ],
    helpers: ['xlAtan2'],
    lower: scalar('xlAtan2'),
    precision: 15,
    summary: 'the angle of the point (x_num, y_num) from the x axis, in (-π, π]',
    lowering: "$xlAtan2(x, y): fdlibm's atan2(y, x) (Math.atan2 bit for bit)",
    notes:
      'both 0 #DIV/0!, FALSE and a blank 0 too (Microsoft\'s ATAN2 page; ATAN2_POWER.xlsx D5, D27, D24, D25); ATAN2(1,0) 0 (EverythingTests!N168); numeric text and TRUE read (M168 ATAN2("1",TRUE)), other text #VALUE! (H168, D22); the first error of x_num, y_num (D21, O168 ATAN2(#N/A,#NAME?) #N/A)',
    example: { formula: '=ATAN2(A1,A2)', cells: { A1: -1, A2: -1 }, value: -2.356194490192345 },
    evidence: {
      goldens: ['trig'],
      corpus: [`${IC}ATAN2_POWER.xlsx`, POI, 'excel/xlcalculator/ATAN2.xlsx'],
      microsoft: ['ATAN2 function'],
    },
  },
  hyperbolic(
    'SINH',
    'H',
    '`""` #VALUE! (EverythingTests!J1256), numeric text read (K1256)',
    'the hyperbolic sine of a number',
    1.1752011936438014,
  ),
  hyperbolic(
    'COSH',
    'I',
    '`""` #VALUE! (EverythingTests!J280), numeric text read (K280)',
    'the hyperbolic cosine of a number',
    1.5430806348152437,
  ),
  hyperbolic(
    'TANH',
    'J',
    'numeric text read (EverythingTests!J1360 TANH("1.1")), the text "TRUE" #VALUE! (L1360)',
    'the hyperbolic tangent of a number',
    0.7615941559557649,
  ),
];
