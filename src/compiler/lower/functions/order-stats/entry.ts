/**
 * MEDIAN, LARGE, SMALL, RANK and RANK.EQ: order statistics over numbers. A reference argument gives only its
 * numbers (and errors), a direct argument is coerced, as SUM's arguments are (Microsoft's MEDIAN page; the
 * corpus cells in each entry). RANK's reference must be a reference. Whole-column results are hoisted as
 * the aggregates' are.
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { only, pascal, type Val } from '../../value.js';
import { refusePickedCell } from '../picks.js';
import type { FunctionEntry, Lowering } from '../types.js';

/** A part that may be the not-established value (for the facts a result over it inherits). */
const NE: Val = { expr: '', kinds: ['error'], atom: true, invariant: true, ne: true };

/** The numbers (and errors) of a function's number arguments as one JSONata list, with their facts. */
interface NumberList {
  text: string;
  invariant: boolean;
  fields: string[];
  from: Val[];
}

/**
 * Each argument as SUM reads it: a reference by `$xlRefNums` (text, booleans, blanks left out), a direct value
 * by `$xlNum` (TRUE 1, "2" 2, "x" #VALUE!). An empty argument is refused: the numbers class has no saved cell
 * for it.
 */
function numberList(fn: string, args: readonly Node[], l: Lowering): NumberList {
  const pieces: string[] = [];
  const from: Val[] = [];
  const fields: string[] = [];
  let invariant = true;
  for (const a of args) {
    if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', `an empty argument of ${fn}`, a);
    const ref = l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      if (ref.field) fields.push(ref.field);
      if (ref.ne) from.push(NE);
      pieces.push(only(ref.kinds, ['number']) ? ref.inner : l.call('xlRefNums', [`[${ref.inner}]`]));
      continue;
    }
    const v = l.lower(a);
    refusePickedCell(l, fn, a, v, ['number', 'error']);
    invariant &&= v.invariant;
    from.push(v);
    pieces.push(only(v.kinds, ['number']) ? v.expr : l.call('xlNum', [v.expr]));
  }
  return { text: `[${pieces.join(', ')}]`, invariant, fields, from };
}

/** A result over whole columns that is the same in every row is computed once (as SUM's is). */
function hoisted(v: Val, fn: string, list: NumberList, l: Lowering): Val {
  if (v.invariant && list.fields.length > 0) return l.hoist(v, `${fn}${list.fields.map(pascal).join('')}`);
  return v;
}

function lowerMedian(node: CallNode, l: Lowering): Val {
  const list = numberList('MEDIAN', node.args, l);
  const v = l.helper('xlMedian', [list.text], ['number', 'error'], list.invariant, list.from);
  return hoisted(v, 'median', list, l);
}

/** LARGE (`desc`) or SMALL: the k-th number of the array. */
function lowerKth(node: CallNode, l: Lowering, desc: boolean): Val {
  const name = desc ? 'LARGE' : 'SMALL';
  const [arrayNode, kNode] = node.args as [Node, Node];
  const list = numberList(name, [arrayNode], l);
  const k = l.lower(kNode);
  const v = l.helper(
    'xlKth',
    [list.text, k.expr, String(desc)],
    ['number', 'error'],
    list.invariant && k.invariant,
    [...list.from, k],
  );
  return hoisted(v, name.toLowerCase(), list, l);
}

/** RANK / RANK.EQ: the number, a reference, and the order (omitted: 0, descending). */
function lowerRank(node: CallNode, l: Lowering): Val {
  const [xNode, refNode, orderNode] = node.args as [Node, Node, Node | undefined];
  const ref = l.refArray(refNode);
  if (!ref) return l.fail('UNSUPPORTED_CONSTRUCT', `${node.name}'s ref must be a reference`, refNode);
  if (orderNode?.kind === 'missing')
    l.fail('UNSUPPORTED_CONSTRUCT', `an empty order of ${node.name}`, orderNode);
  const x = l.lower(xNode);
  const order = orderNode === undefined ? undefined : l.lower(orderNode);
  const from = [x, ...(order ? [order] : []), ...(ref.ne ? [NE] : [])];
  const invariant = x.invariant && ref.invariant && (order?.invariant ?? true);
  const v = l.helper(
    'xlRank',
    [x.expr, `[${ref.inner}]`, order?.expr ?? '0'],
    ['number', 'error'],
    invariant,
    from,
  );
  if (invariant && ref.field) return l.hoist(v, `rank${pascal(ref.field)}`);
  return v;
}

const NUMBER_NOTES =
  'a reference gives only its numbers (text, booleans, blanks ignored), a direct argument is coerced (TRUE 1, "2" 2, "x" #VALUE!); the first error wins';

const rankArgs = [
  { name: 'number', kind: 'value', class: 'number' },
  { name: 'ref', kind: 'reference', class: 'range' },
  { name: 'order', kind: 'value', class: 'number', optional: true },
] as const;

const RANK_NOTES =
  'descending when order is 0 or omitted, ascending otherwise; ties share the highest rank (the next rank skipped); a number absent from ref #N/A; text, booleans and blanks in ref ignored; an error in ref, or a number of ref equal to it at 15 digits but not exactly, not established';

const rankEvidence = {
  goldens: ['order-stats'],
  corpus: ['excel/ironcalc/STATISTICAL/RANK_EQ_RANK_AVG.xlsx', 'excel/poi/61063.xlsx'],
  microsoft: ['RANK.EQ function', 'RANK function'],
};

export const ORDER_STATS_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'MEDIAN',
    family: 'order-stats',
    args: [{ name: 'number', kind: 'reference', class: 'numbers', repeats: true }],
    helpers: ['xlMedian', 'xlRefNums', 'xlNum'],
    lower: lowerMedian,
    summary: 'the middle number of its arguments (the mean of the two middle ones for an even count)',
    lowering: '$xlMedian([...]) over the arguments read as SUM reads them; whole columns hoisted',
    notes: `${NUMBER_NOTES}; nothing numeric #NUM!`,
    example: { formula: '=MEDIAN(A1:A4)', cells: { A1: 1, A2: 'x', A3: 4, A4: 2 }, value: 2 },
    evidence: {
      goldens: ['order-stats'],
      corpus: [
        'excel/poi/FormulaEvalTestData_Copy.xlsx',
        'excel/ironcalc/STATISTICAL/MEADIAN_KURT_SKEW_HARMEAN.xlsx',
      ],
      microsoft: ['MEDIAN function'],
    },
  },
  {
    name: 'LARGE',
    family: 'order-stats',
    args: [
      { name: 'array', kind: 'reference', class: 'numbers' },
      { name: 'k', kind: 'value', class: 'number' },
    ],
    helpers: ['xlKth', 'xlRefNums', 'xlNum'],
    lower: (node, l) => lowerKth(node, l, true),
    summary: 'the k-th largest number of an array',
    lowering: '$xlKth([...], k, true)',
    notes: `${NUMBER_NOTES}; k ≤ 0, k beyond the count or no number #NUM!; a k that is not whole answers only where truncating and rounding it up agree (else not established)`,
    example: { formula: '=LARGE(A1:A4,2)', cells: { A1: 3, A2: 'x', A3: 5, A4: 1 }, value: 3 },
    evidence: {
      goldens: ['order-stats'],
      corpus: ['excel/ironcalc/STATISTICAL/SMALL_LARGE.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['LARGE function'],
    },
  },
  {
    name: 'SMALL',
    family: 'order-stats',
    args: [
      { name: 'array', kind: 'reference', class: 'numbers' },
      { name: 'k', kind: 'value', class: 'number' },
    ],
    helpers: ['xlKth', 'xlRefNums', 'xlNum'],
    lower: (node, l) => lowerKth(node, l, false),
    summary: 'the k-th smallest number of an array',
    lowering: '$xlKth([...], k, false)',
    notes: "LARGE's rules from the other end",
    example: { formula: '=SMALL(A1:A4,2)', cells: { A1: 3, A2: 'x', A3: 5, A4: 1 }, value: 3 },
    evidence: {
      goldens: ['order-stats'],
      corpus: ['excel/ironcalc/STATISTICAL/SMALL_LARGE.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['SMALL function'],
    },
  },
  {
    name: 'RANK',
    family: 'order-stats',
    args: rankArgs,
    helpers: ['xlRank'],
    lower: lowerRank,
    summary: 'the rank of a number among the numbers of a reference',
    lowering: '$xlRank(x, [ref], order)',
    notes: RANK_NOTES,
    example: { formula: '=RANK(A2,A1:A4)', cells: { A1: 3, A2: 5, A3: 5, A4: 1 }, value: 1 },
    evidence: rankEvidence,
  },
  {
    name: 'RANK.EQ',
    family: 'order-stats',
    args: rankArgs,
    helpers: ['xlRank'],
    lower: lowerRank,
    summary: 'RANK (Excel 2010 name)',
    lowering: '$xlRank(x, [ref], order)',
    notes: RANK_NOTES,
    example: { formula: '=RANK.EQ(A1,A1:A4,1)', cells: { A1: 3, A2: 5, A3: 5, A4: 1 }, value: 2 },
    evidence: rankEvidence,
  },
];
