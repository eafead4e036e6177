/**
 * SUM, AVERAGE, MIN, MAX, COUNT, SUMPRODUCT. A reference argument (a cell or a range) contributes as a
 * reference (only its numbers, and errors); a direct argument is coerced. An aggregate whose every argument
 * is row-invariant and that reads a whole column is hoisted: computed once per evaluation.
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { inherit, may, only, pascal, type Val, withError } from '../../value.js';
import { refusePickedCell } from '../picks.js';
import type { FunctionEntry, Lowering } from '../types.js';

/** One list element of an aggregate: its text and, when it is one number literal, that number. */
interface Piece {
  text: string;
  literal?: number;
}

function lowerAggregate(node: CallNode, l: Lowering): Val {
  const name = node.name;
  const pieces: Piece[] = [];
  const from: Val[] = [];
  let plain = true;
  let invariant = true;
  const fields: string[] = [];
  let mayError = false;
  for (const a of node.args) {
    const ref = l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      if (ref.field) fields.push(ref.field);
      mayError ||= may(ref.kinds, 'error');
      if (only(ref.kinds, ['number'])) pieces.push({ text: ref.inner, literal: ref.literal });
      else {
        plain = false;
        pieces.push({ text: l.call('xlRefNums', [`[${ref.inner}]`]) });
      }
    } else {
      const v = l.lower(a);
      refusePickedCell(l, name, a, v, ['number', 'error']);
      invariant &&= v.invariant;
      from.push(v);
      mayError ||= !only(v.kinds, ['number', 'boolean', 'blank']);
      if (only(v.kinds, ['number'])) pieces.push({ text: v.expr, literal: v.literal });
      else {
        plain = false;
        pieces.push({ text: l.call('xlNum', [v.expr]) });
      }
    }
  }
  const list = `[${pieces.map((p) => p.text).join(', ')}]`;
  let v: Val;
  const fn = name.toLowerCase();
  // Plain JSONata aggregates are exact only over a list that is never empty and holds only numbers:
  // `$sum`/`$average` add left to right from 0 like Excel; `$min`/`$max` of [] would be undefined.
  const nonEmpty = node.args.every((a) => a.kind !== 'range');
  if (plain && (name === 'SUM' || nonEmpty)) {
    v = {
      expr: `$${fn}(${list})`,
      kinds: ['number'],
      atom: true,
      invariant,
      ...inherit(...from),
    };
    // Why: a plain sum of finite numbers can overflow; once ±Infinity it never comes back, so one guard on
    // the result gives what a check after every addition gives (#NUM!).
    const safe = Number.isFinite(pieces.reduce((x, p) => x + (p.literal ?? Number.NaN), 0));
    if ((name === 'SUM' || name === 'AVERAGE') && !safe) v = l.finite(v);
  } else {
    const kinds = withError(['number'], mayError || name === 'AVERAGE' || name === 'SUM');
    v = l.helper(`xl${pascal(fn)}`, [list], kinds, invariant, from);
  }
  if (invariant && fields.length > 0) return l.hoist(v, `${fn}${fields.map(pascal).join('')}`);
  return v;
}

/** A part that may be the not-established value (for the facts a COUNT over it inherits). */
const NE: Val = { expr: '', kinds: ['error'], atom: true, invariant: true, ne: true };

function lowerCount(node: CallNode, l: Lowering): Val {
  let ne = false;
  const pieces: string[] = [];
  const from: Val[] = [];
  let invariant = true;
  const fields: string[] = [];
  for (const a of node.args) {
    // Why: Excel passes an empty argument as the number 0, so `COUNT(1,,2)` is 3 (as `MAX(-1,)` is 0).
    if (a.kind === 'missing') {
      pieces.push('1');
      continue;
    }
    const ref = l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      if (ref.field) fields.push(ref.field);
      // Why: a cell that may be the not-established value may be a number: the count is not established.
      if (ref.ne) ne = true;
      pieces.push(
        ref.ne ? l.call('xlCountRef', [`[${ref.inner}]`]) : `$count([${ref.inner}][$type($) = "number"])`,
      );
    } else {
      const v = l.lower(a);
      refusePickedCell(l, 'COUNT', a, v, ['number', 'error']);
      invariant &&= v.invariant;
      if (!only(v.kinds, ['number'])) from.push(v);
      if (v.ne) ne = true;
      pieces.push(
        only(v.kinds, ['number'])
          ? '1'
          : v.ne
            ? `($c := ${v.expr}; ${l.call('xlIsNE', ['$c'])} ? $c : ${l.call('xlCountArg', ['$c'])})`
            : l.call('xlCountArg', [v.expr]),
      );
    }
  }
  const list = `[${pieces.join(', ')}]`;
  const v: Val = ne
    ? l.helper('xlSum', [list], ['number', 'error'], invariant, [...from, NE])
    : { expr: `$sum(${list})`, kinds: ['number'], atom: true, invariant, ...inherit(...from) };
  if (invariant && fields.length > 0) return l.hoist(v, `count${fields.map(pascal).join('')}`);
  return v;
}

function lowerSumProduct(node: CallNode, l: Lowering): Val {
  const arrays: string[] = [];
  const fields: string[] = [];
  let invariant = true;
  for (const a of node.args) {
    if (a.kind !== 'range') l.fail('UNSUPPORTED_CONSTRUCT', 'SUMPRODUCT of an array expression', a);
    const r = l.range(a);
    if (r.kind === 'column') {
      fields.push(r.field);
      arrays.push(
        r.rows === undefined
          ? r.expr
          : `$map(${r.rows}, function($r) { ${l.call('xlV', [`$lookup($r, ${JSON.stringify(r.field)})`])} })`,
      );
    } else if (r.kind === 'cells') {
      invariant = false;
      arrays.push(
        `[${r.cells.map((c) => (may(c.kinds, 'blank') ? l.call('xlV', [c.expr]) : c.expr)).join(', ')}]`,
      );
    } else {
      arrays.push(JSON.stringify(r.rows.flat()));
    }
  }
  const v = l.helper(
    'xlSumProduct',
    [`[${arrays.map((x) => `{"a": ${x}}`).join(', ')}]`],
    ['number', 'error'],
    invariant,
  );
  if (invariant) return l.hoist(v, `sumproduct${fields.map(pascal).join('')}`);
  return v;
}

const numbers = [{ name: 'number', kind: 'reference', class: 'numbers', repeats: true }] as const;

export const AGGREGATE_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'SUM',
    family: 'aggregate',
    args: numbers,
    helpers: ['xlSum', 'xlRefNums', 'xlNum', 'xlFin'],
    lower: lowerAggregate,
    summary: 'the sum of its arguments',
    lowering:
      '`$xlFin($sum([...]))` over numbers only (bare `$sum` when literals rule out overflow), else $xlSum([...]); whole columns hoisted',
    notes:
      'ranges ignore text, booleans and blanks; direct arguments coerce (SUM(1,TRUE,"2") = 4, SUM("x") = #VALUE!); left to right from 0; first error wins; overflow #NUM!',
    example: { formula: '=SUM(A1:A3,1)', cells: { A1: 2, A2: 'x', A3: 3 }, value: 6 },
    evidence: {
      goldens: ['aggregate'],
      corpus: ['excel/xlcalculator/SUM.xlsx'],
      microsoft: ['SUM function'],
    },
  },
  {
    name: 'AVERAGE',
    family: 'aggregate',
    args: numbers,
    helpers: ['xlAverage', 'xlRefNums', 'xlNum', 'xlFin'],
    lower: lowerAggregate,
    summary: 'the arithmetic mean of its arguments',
    lowering: '$xlAverage([...]) (or `$average` over direct numbers)',
    notes: 'arguments as SUM; nothing numeric → #DIV/0!',
    example: { formula: '=AVERAGE(A1:A3)', cells: { A1: 2, A2: true, A3: 4 }, value: 3 },
    evidence: {
      goldens: ['aggregate'],
      corpus: ['excel/xlcalculator/average.xlsx'],
      microsoft: ['AVERAGE function'],
    },
  },
  {
    name: 'MIN',
    family: 'aggregate',
    args: numbers,
    helpers: ['xlMin', 'xlRefNums', 'xlNum'],
    lower: lowerAggregate,
    summary: 'the smallest of its arguments',
    lowering: '$xlMin([...]) (or `$min` over direct numbers)',
    notes: 'arguments as SUM; nothing numeric → 0',
    example: { formula: '=MIN(A1:A2,5)', cells: { A1: 7, A2: 'x' }, value: 5 },
    evidence: {
      goldens: ['aggregate'],
      corpus: ['excel/xlcalculator/MIN.xlsx'],
      microsoft: ['MIN function'],
    },
  },
  {
    name: 'MAX',
    family: 'aggregate',
    args: numbers,
    helpers: ['xlMax', 'xlRefNums', 'xlNum'],
    lower: lowerAggregate,
    summary: 'the largest of its arguments',
    lowering: '$xlMax([...]) (or `$max` over direct numbers)',
    notes: 'arguments as SUM; nothing numeric → 0',
    example: { formula: '=MAX(A1:A2)', cells: { A1: -1, A2: null }, value: -1 },
    evidence: {
      goldens: ['aggregate'],
      corpus: ['excel/xlcalculator/MAX.xlsx'],
      microsoft: ['MAX function'],
    },
  },
  {
    name: 'COUNT',
    family: 'aggregate',
    args: [{ name: 'value', kind: 'reference', class: 'counted', repeats: true }],
    helpers: ['xlCountArg', 'xlCountRef', 'xlIsNE', 'xlSum'],
    lower: lowerCount,
    summary: 'how many of its arguments are numbers',
    lowering: '`$sum` of per-argument counts (`$count([...][$type($) = "number"])`, $xlCountArg(x))',
    notes:
      'ranges count numbers only; direct numbers, booleans and numeric text count; an empty argument counts (`COUNT(1,,2)` is 3); errors never count; the not-established value is the count',
    example: { formula: '=COUNT(A1:A3,"2")', cells: { A1: 1, A2: 'x', A3: true }, value: 2 },
    evidence: {
      goldens: ['aggregate'],
      corpus: ['excel/xlcalculator/COUNT.xlsx'],
      microsoft: ['COUNT function'],
    },
  },
  {
    name: 'SUMPRODUCT',
    family: 'aggregate',
    args: [{ name: 'array', kind: 'range', class: 'range', repeats: true }],
    helpers: ['xlSumProduct', 'xlV'],
    lower: lowerSumProduct,
    summary: 'the sum of the products of same-sized ranges',
    lowering: '$xlSumProduct([{"a": col}, ...]), hoisted over whole columns',
    notes:
      'same sizes or #VALUE! (EverythingTests!I1328; with an error among them not established); non-numbers count 0; an error propagates (K1328), errors of two kinds not established (which first); every argument 1×1: a text there is #VALUE! (Excel reads scalars: poi FormulaEvalTestData_Copy.xlsx EverythingTests!J1328, "4" beside 2), a blank or a boolean there, or an error beside a non-number, not established; an argument that is not a range is refused',
    example: { formula: '=SUMPRODUCT(A1:A2,B1:B2)', cells: { A1: 2, A2: 3, B1: 4, B2: 'x' }, value: 8 },
    evidence: {
      goldens: ['lookup'],
      corpus: ['excel/xlcalculator/SUMPRODUCT.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['SUMPRODUCT function'],
    },
  },
];
