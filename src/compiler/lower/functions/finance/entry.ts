/**
 * PMT, NPER, PV, FV, IPMT, PPMT and NPV: the annuity functions, in the 15-digit tier (precision.ts). Each solves Microsoft's annuity
 * equation (PV function page) for its unknown (helpers.ts); Excel's own order of operations inside it
 * is not shown by any saved cell, so its last bits are not reproduced and a derivation calling them is held
 * to Excel's displayed precision. IPMT and PPMT (loan.ts) take only numbers: their plain double formulas disagree
 * with Excel past 15 digits, so they are written without a difference of large terms (docs/semantics.md, "The
 * 15-digit tier"). NPV (npv.ts) reads its values as references or numbers. The others' arguments coerce like arithmetic; left-out fv and type are 0, an empty argument is
 * refused (what Excel reads there is not established).
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const NUM_OR_ERR: Val['kinds'] = ['number', 'error'];
const F = 'excel/ironcalc/FINANCIAL/';
const POI = 'excel/poi/FormulaEvalTestData_Copy.xlsx';
const arg = (name: string, optional = false): FunctionArg => ({
  name,
  kind: 'value',
  class: 'number',
  ...(optional ? { optional: true } : {}),
});

/** The helper over the arguments as one list, the left-out trailing ones 0 (fv, type). */
function annuity(name: string, arity: number) {
  return (node: CallNode, l: Lowering): Val => {
    for (const a of node.args)
      if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an empty argument`, a);
    const vs = node.args.map((a) => l.lower(a));
    const texts = [...vs.map((v) => v.expr), ...Array.from({ length: arity - vs.length }, () => '0')];
    const invariant = vs.every((v) => v.invariant);
    return l.helper(name, [`[${texts.join(', ')}]`], NUM_OR_ERR, invariant, vs);
  };
}

const LOAN_NOTES =
  'per below 1 #NUM! (IPMT_PPMT.xlsx G9 -3, G10 0, G25 0.99999); per a whole period or more past an integer nper #NUM! (G11, G18), less than one a value (G17 3.9 of 3); per past a fractional nper, an nper below 1, rate -1 or below not established; an error argument its error (G8 #N/A); a blank, boolean or text argument, a type other than 0 or 1 not established (no saved cell holds one)';

/** NPV(rate, value, ...): a reference contributes its numbers and errors, a direct value must be a number. */
function lowerNpv(node: CallNode, l: Lowering): Val {
  for (const a of node.args)
    if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', 'NPV with an empty argument', a);
  const [rateNode, ...valueNodes] = node.args;
  const rate = l.lower(rateNode!);
  const from: Val[] = [rate];
  let invariant = rate.invariant;
  const pieces = valueNodes.map((a) => {
    const ref = l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      return l.call('xlRefNums', [`[${ref.inner}]`]);
    }
    const v = l.lower(a);
    invariant &&= v.invariant;
    from.push(v);
    return v.kinds.every((k) => k === 'number') ? v.expr : l.call('xlNpvArg', [v.expr]);
  });
  return l.helper('xlNpv', [rate.expr, `[${pieces.join(', ')}]`], NUM_OR_ERR, invariant, from);
}

const COMMON =
  'type is 1 for any non-zero number (PMT.xlsx E32 5, E33 -1, E35 1.234, E11 TRUE); text other than a number #VALUE! (A19); the first error in argument order (A37)';

export const FINANCE_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'PMT',
    family: 'finance',
    args: [arg('rate'), arg('nper'), arg('pv'), arg('fv', true), arg('type', true)],
    helpers: ['xlPmt'],
    lower: annuity('xlPmt', 5),
    precision: 15,
    summary: 'the payment per period of an annuity (a loan)',
    lowering:
      '$xlPmt([rate, nper, pv, fv, type]): -(fv + pv·q)·rate / ((1 + rate·type)·(q - 1)), q = exp(nper·log1p(rate)), q - 1 by expm1',
    notes: `rate 0: -(pv + fv)/nper (PMT.xlsx F9); nper 0 #NUM! (F17, F29, F30); rate -1 #NUM! (F24, G24), below -1 not established (-3 saved #NUM!, F8); ${COMMON}`,
    example: { formula: '=PMT(A1,36,8000)', cells: { A1: 0.01 }, value: -265.7144785028095 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}PMT.xlsx`, 'excel/xlcalculator/PMT.xlsx', POI],
      microsoft: ['PMT function', 'PV function'],
    },
  },

  {
    name: 'NPER',
    family: 'finance',
    args: [arg('rate'), arg('pmt'), arg('pv'), arg('fv', true), arg('type', true)],
    helpers: ['xlNper'],
    lower: annuity('xlNper', 5),
    precision: 15,
    summary: 'the number of periods of an annuity',
    lowering:
      '$xlNper([rate, pmt, pv, fv, type]): ln((c - fv·rate)/(c + pv·rate)) / ln(1 + rate), c = pmt·(1 + rate·type)',
    notes: `rate 0: -(pv + fv)/pmt (NPER.xlsx F9); a quotient of zero or below #NUM! (F4, G10), a rate below -1 #NUM! (F8); rate -1, a zero divisor, rate 0 with pmt 0 not established; ${COMMON}`,
    example: { formula: '=NPER(A1,3,100)', cells: { A1: 1 }, value: -5.1015380264620624 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}NPER.xlsx`, `${F}PMT.xlsx`, POI],
      microsoft: ['NPER function', 'PV function'],
    },
  },

  {
    name: 'PV',
    family: 'finance',
    args: [arg('rate'), arg('nper'), arg('pmt'), arg('fv', true), arg('type', true)],
    helpers: ['xlPv'],
    lower: annuity('xlPv', 5),
    precision: 15,
    summary: 'the present value of an annuity (a loan)',
    lowering:
      '$xlPv([rate, nper, pmt, fv, type]): -(fv + pmt·(1 + rate·type)·((q - 1)/rate)) / q, q = (1 + rate)^nper of the rounded base 1 + rate',
    notes: `rate 0: -(fv + pmt·nper) (PV.xlsx F9, G9); nper 0: -fv (F17, G17); a rate below -1 with an integer nper by the formula (F8, G8); rate -1, a rate below -1 with a fractional nper not established; blanks 0 (F13, F14); TRUE 1 (F11, FormulaEvalTestData_Copy.xlsx EverythingTests!D1092); type 1 for any non-zero number (PMT.xlsx J32 5, J33 -1, J35 1.234); text other than a number #VALUE! (F19, F20, F21); an error cell its error (F22)`,
    example: { formula: '=PV(A1,36,-250)', cells: { A1: 0.01 }, value: 7526.876259318532 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}PV.xlsx`, `${F}PMT.xlsx`, POI],
      microsoft: ['PV function'],
    },
  },

  {
    name: 'FV',
    family: 'finance',
    args: [arg('rate'), arg('nper'), arg('pmt'), arg('pv', true), arg('type', true)],
    helpers: ['xlFv'],
    lower: annuity('xlFv', 5),
    precision: 15,
    summary: 'the future value of an annuity (a savings plan or a loan)',
    lowering:
      '$xlFv([rate, nper, pmt, pv, type]): -(pv·q + pmt·(1 + rate·type)·((q - 1)/rate)), q = (1 + rate)^nper of the rounded base 1 + rate',
    notes: `rate 0: -(pv + pmt·nper) (FV.xlsx F9, G9); nper 0: -pv (F17, G17); a rate below -1 with an integer nper by the formula (F8, G8), with a fractional nper #NUM! (Sheet2!B1); rate -1 not established (Sheet2!A1 #DIV/0! for one nper); a result under 1/16 of its larger term (pv·q or the payments) not established: such a difference magnifies the terms' last-bit differences past 15 digits (PMT.xlsx L33, L34); blanks 0 (F13, F14); TRUE 1 (F11); text other than a number #VALUE! (F19, F20, F21); an error cell its error (F22); type 1 for any non-zero number (PMT.xlsx L32 5, L33 -1, L35 1.234)`,
    example: { formula: '=FV(A1,36,-250)', cells: { A1: 0.01 }, value: 10769.219589789525 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}FV.xlsx`, `${F}PMT.xlsx`, POI],
      microsoft: ['FV function', 'PV function'],
    },
  },

  {
    name: 'IPMT',
    family: 'finance',
    args: [arg('rate'), arg('per'), arg('nper'), arg('pv'), arg('fv', true), arg('type', true)],
    helpers: ['xlIpmt'],
    lower: annuity('xlIpmt', 6),
    precision: 15,
    summary: "the interest part of one period's payment of an annuity (a loan)",
    lowering:
      '$xlIpmt([rate, per, nper, pv, fv, type]): -p·expm1(-m·L) + rate·fv·exp(-(m + type)·L), p the payment (PMT), m = nper - per + 1, L = log1p(rate)',
    notes: `type 1 in period 1 is 0 (IPMT_PPMT.xlsx G2, G22; per 1.0001 is not, G23); rate 0 is 0 (G19); a result under 1/16 of its larger term not established; ${LOAN_NOTES}`,
    example: { formula: '=IPMT(A1,1,36,8000)', cells: { A1: 0.01 }, value: -80 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}IPMT_PPMT.xlsx`],
      microsoft: ['IPMT function', 'PV function'],
    },
  },

  {
    name: 'PPMT',
    family: 'finance',
    args: [arg('rate'), arg('per'), arg('nper'), arg('pv'), arg('fv', true), arg('type', true)],
    helpers: ['xlPpmt'],
    lower: annuity('xlPpmt', 6),
    precision: 15,
    summary: "the principal part of one period's payment of an annuity (a loan)",
    lowering:
      '$xlPpmt([rate, per, nper, pv, fv, type]): -rate·(pv + fv)·(exp((per - 1 - type)·L) / expm1(nper·L)), L = log1p(rate)',
    notes: `type 1 in period 1 is the payment (IPMT_PPMT.xlsx I2, I22); rate 0: -(pv + fv)/nper (I19, I20, I21); pv + fv under 1/16 of the larger not established; ${LOAN_NOTES}`,
    example: { formula: '=PPMT(A1,1,36,8000)', cells: { A1: 0.01 }, value: -185.71447850280953 },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}IPMT_PPMT.xlsx`],
      microsoft: ['PPMT function', 'PV function'],
    },
  },

  {
    name: 'NPV',
    family: 'finance',
    args: [
      { name: 'rate', kind: 'value', class: 'number' },
      { name: 'value', kind: 'reference', class: 'numbers', repeats: true },
    ],
    helpers: ['xlNpv', 'xlRefNums', 'xlNpvArg'],
    lower: lowerNpv,
    precision: 15,
    summary: 'the net present value of cash flows at the end of each period',
    lowering:
      '$xlNpv(rate, [values]): N/(1 + rate)^n, N folded forward N·(1 + rate) + value, the power by repeated multiplication; a result under 1/32 of the discounted magnitudes not established',
    notes:
      "a reference contributes its numbers: blanks, booleans and text in it are skipped (NPV.xlsx K3 blank D3, L5 TRUE/FALSE cells, M5 in a range, IRR.xlsx M19 text; Microsoft's NPV page), an error in it is the result (K9, N9); a rate that is an error its error (K8); a rate below -1 computed (K7 -1.23); a value written or computed that is not a number, a rate not a number, rate -1 and no values not established",
    example: {
      formula: '=NPV(A1,B1:D1)',
      cells: { A1: 0.1, B1: 10, C1: 20, D1: null },
      value: 25.6198347107438,
    },
    evidence: {
      goldens: ['finance'],
      corpus: [`${F}NPV.xlsx`, `${F}IRR.xlsx`, 'excel/xlcalculator/NPV.xlsx', POI],
      microsoft: ['NPV function'],
    },
  },
];
