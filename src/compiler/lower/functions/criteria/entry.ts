/**
 * The criteria functions (SUMIF, COUNTIF, AVERAGEIF, SUMIFS, COUNTIFS, AVERAGEIFS, MAXIFS, MINIFS), COUNTA,
 * COUNTBLANK and SUBTOTAL. Criteria are matched at run time by the helpers of helpers.ts.
 *
 * Cost: every range is a whole locked table column, a same-row range or a constant table, all of one shape.
 * - Row-invariant criteria over whole columns: hoisted, computed once per evaluation.
 * - A per-row criterion over whole columns (`=SUMIF($B$2:$B$99,B2,$E$2:$E$99)`) with one criterion: the
 *   column is grouped once by equality key in a root derivation ($xlIfGroup) and each row looks its key up
 *   ($xlIfPick): linear in the rows. A row whose criterion is not a plain equality (an operator, a wildcard)
 *   scans the columns for that row only.
 * - A per-row criterion over whole columns with more criteria would scan every row for every row: refused.
 * - Same-row ranges and constant tables are scanned per row (their size is fixed by the workbook).
 */
import type { CallNode, CellNode, Node, RangeNode } from '../../../../workbook/formula/ast.js';
import { ERROR_NAMES, murkyText, PLAIN_NUMBER_RE } from './helpers.js';
import { may, pascal, type Val } from '../../value.js';
import type { FunctionEntry, Lowering } from '../types.js';

type Agg = 'sum' | 'count' | 'average' | 'max' | 'min';

/** One range argument as JSONata array text, with its shape (ranges of one call must share it). */
interface RangeText {
  text: string;
  shape: string;
  field?: string;
  invariant: boolean;
}

function rangeText(node: Node, l: Lowering, fn: string): RangeText {
  const r = l.range(node);
  if (r.kind === 'column') {
    if (r.items === undefined)
      l.fail('UNSUPPORTED_RANGE_SHAPE', `${fn} over a column read without its rows`, node);
    // Each row as `{"v": <field>}` (a row without the field gives `{}`, so rows stay aligned), read back
    // through `$r.v`: the path names the one field read, which the runtime's dependency analysis sees.
    const read = l.call('xlV', ['$r.v']);
    return {
      text: `$map(${r.items}.{"v": \`${r.field}\`}, function($r) { ${read} })`,
      shape: 'column',
      field: r.field,
      invariant: true,
    };
  }
  if (r.kind === 'cells') {
    const cells = r.cells.map((c) => (may(c.kinds, 'blank') ? l.call('xlV', [c.expr]) : c.expr));
    return { text: `[${cells.join(', ')}]`, shape: `cells ${cells.length}`, invariant: false };
  }
  const width = r.rows[0]?.length ?? 0;
  return { text: JSON.stringify(r.rows.flat()), shape: `table ${r.rows.length}x${width}`, invariant: true };
}

/**
 * Why a literal criterion is refused: its Excel reading is not established (mirrors $xlCrit's "m": text Excel
 * may read as a number or date other than a plain decimal, TRUE/FALSE or an error name after `=` or an order,
 * a wildcard under an order).
 */
function literalCriterionIssue(node: Node): string | undefined {
  if (node.kind !== 'string') return undefined;
  const m = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/.exec(node.value)!;
  const op = m[1] ?? '';
  const t = m[2] ?? '';
  const bare = op === '' || op === '<>';
  const what = `the criterion "${node.value}"`;
  if (t === '') return undefined;
  if (PLAIN_NUMBER_RE.test(t)) return Number.isFinite(Number(t)) ? undefined : `${what} (beyond the doubles)`;
  if (['TRUE', 'FALSE'].includes(t.toUpperCase()) || ERROR_NAMES.includes(t))
    return bare ? undefined : `${what} (a logical or error name after ${op})`;
  if (murkyText(t)) return `${what} (text Excel may read as a number or date, not a plain decimal)`;
  if (!['', '=', '<>'].includes(op) && /[*?~]/.test(t)) return `${what} (a wildcard under ${op})`;
  return undefined;
}

interface Pair {
  range: RangeText;
  crit: Val;
}

function lowerCriteria(
  node: CallNode,
  l: Lowering,
  agg: Agg,
  valsNode: Node | undefined,
  pairNodes: Node[],
): Val {
  const fn = node.name;
  if (pairNodes.length % 2 !== 0)
    l.fail('MALFORMED_FORMULA', `${fn} takes criteria ranges and criteria in pairs`, node);
  const pairs: Pair[] = [];
  for (let i = 0; i < pairNodes.length; i += 2) {
    const range = rangeText(pairNodes[i]!, l, fn);
    const critNode = pairNodes[i + 1]!;
    const issue = literalCriterionIssue(critNode);
    if (issue)
      // not established: refused as a literal; the same criterion at run time is $xlCrit's "m" (#VALUE!).
      l.fail('UNSUPPORTED_CONSTRUCT', `${fn} with ${issue}: its Excel meaning is not established`, critNode);
    pairs.push({ range, crit: l.lower(critNode) });
  }
  const vals = valsNode === undefined ? undefined : rangeText(valsNode, l, fn);
  const ranges = [...pairs.map((p) => p.range), ...(vals ? [vals] : [])];
  if (ranges.some((r) => r.shape !== ranges[0]!.shape)) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      `${fn} over ranges of different shapes (${ranges.map((r) => r.shape).join(', ')})`,
      node,
    );
  }
  // Why COUNTIF may be an error too: a reading Excel has not established is #VALUE!.
  const kinds: Val['kinds'] = ['number', 'error'];
  const crits = pairs.map((p) => p.crit);
  const valsText = vals ? `{"a": ${vals.text}}` : 'null';
  const invariant = ranges.every((r) => r.invariant) && crits.every((c) => c.invariant);
  const fields = [...new Set(ranges.flatMap((r) => (r.field ? [r.field] : [])))];
  const name = JSON.stringify(agg);
  if (ranges[0]!.shape === 'column' && !invariant) {
    if (pairs.length > 1) {
      l.fail(
        'UNSUPPORTED_CONSTRUCT',
        `${fn} with a per-row criterion over whole columns and more than one criterion (a scan per row)`,
        node,
      );
    }
    const group = l.helper('xlIfGroup', [name, pairs[0]!.range.text, valsText], [], true);
    const root = l.hoist(group, `${fn.toLowerCase()}Group${fields.map(pascal).join('')}`);
    return l.helper('xlIfPick', [root.expr, crits[0]!.expr, name], kinds, false, [root, crits[0]!]);
  }
  const list = pairs.map((p, i) => `{"c": ${crits[i]!.expr}, "r": ${p.range.text}}`);
  const v = l.helper('xlIfs', [name, valsText, `[${list.join(', ')}]`], kinds, invariant, crits);
  if (invariant && fields.length > 0) return l.hoist(v, `${fn.toLowerCase()}${fields.map(pascal).join('')}`);
  return v;
}

/** SUMIF(range, criteria, [sum_range]) and AVERAGEIF. */
const ifForm =
  (agg: Agg) =>
  (node: CallNode, l: Lowering): Val => {
    const [range, crit, vals] = node.args;
    return lowerCriteria(node, l, agg, agg === 'count' ? undefined : (vals ?? range), [range!, crit!]);
  };
/** SUMIFS(sum_range, criteria_range1, criteria1, ...), AVERAGEIFS, MAXIFS, MINIFS; COUNTIFS without sum_range. */
const ifsForm =
  (agg: Agg) =>
  (node: CallNode, l: Lowering): Val =>
    agg === 'count'
      ? lowerCriteria(node, l, agg, undefined, node.args)
      : lowerCriteria(node, l, agg, node.args[0], node.args.slice(1));

/** COUNTA: references count every non-blank cell ("" and errors too); a direct value counts 1. */
function lowerCountA(node: CallNode, l: Lowering): Val {
  const pieces: string[] = [];
  const fields: string[] = [];
  let invariant = true;
  for (const a of node.args) {
    if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', 'COUNTA with an empty argument', a);
    const ref = l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      if (ref.field) fields.push(ref.field);
      pieces.push(l.call('xlCountA', [`[${ref.inner}]`]));
      continue;
    }
    const v = l.lower(a);
    if (may(v.kinds, 'blank'))
      l.fail('UNSUPPORTED_CONSTRUCT', 'COUNTA of a direct value that may be blank', a);
    invariant &&= v.invariant;
    // A direct value, an error too, counts 1 (its text is not needed).
    pieces.push('1');
  }
  const v: Val = { expr: `$sum([${pieces.join(', ')}])`, kinds: ['number'], atom: true, invariant };
  if (invariant && fields.length > 0) return l.hoist(v, `counta${fields.map(pascal).join('')}`);
  return v;
}

/** COUNTBLANK(range): blanks and "" count. */
function lowerCountBlank(node: CallNode, l: Lowering): Val {
  const a = node.args[0]!;
  if (a.kind === 'cell') {
    const v = l.lower(a);
    return l.helper('xlCountBlank', [`[${l.call('xlV', [v.expr])}]`], ['number'], false);
  }
  const r = rangeText(a, l, 'COUNTBLANK');
  const v = l.helper('xlCountBlank', [r.text], ['number'], r.invariant);
  if (r.field !== undefined) return l.hoist(v, `countblank${pascal(r.field)}`);
  return v;
}

/** SUBTOTAL's function numbers that have an exact lowering here (101–111: a spec has no hidden rows). */
export const SUBTOTALS: Readonly<Record<number, string>> = {
  1: 'AVERAGE',
  2: 'COUNT',
  3: 'COUNTA',
  4: 'MAX',
  5: 'MIN',
  9: 'SUM',
};

function lowerSubtotal(node: CallNode, l: Lowering): Val {
  const [numNode, ...refs] = node.args;
  const n = numNode!.kind === 'number' ? numNode!.value : undefined;
  const base = n !== undefined && n >= 101 ? n - 100 : n;
  const name = base === undefined ? undefined : SUBTOTALS[base];
  if (name === undefined) {
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      'SUBTOTAL with a function number other than a literal 1-5, 9, 101-105 or 109',
      numNode!,
    );
  }
  const kept = refs.filter((r) => {
    if (r.kind !== 'range' && r.kind !== 'cell')
      l.fail('UNSUPPORTED_CONSTRUCT', 'SUBTOTAL of a value that is not a reference', r);
    return !nestedSubtotalsOnly(r, l);
  });
  if (kept.length > 0) return l.lower({ ...node, name, args: kept });
  // Every reference holds only nested SUBTOTALs, which Excel leaves out: the function over nothing.
  const span = node.span;
  return l.lower(
    name === 'AVERAGE' ? { kind: 'error', value: '#DIV/0!', span } : { kind: 'number', value: 0, span },
  );
}

/**
 * True when every cell a SUBTOTAL reference reads holds a SUBTOTAL (left out by Excel, so the reference adds
 * nothing); refuses a reference that mixes such cells with others, or reads an AGGREGATE.
 */
function nestedSubtotalsOnly(ref: CellNode | RangeNode, l: Lowering): boolean {
  const cover = l.subtotalCover(ref);
  if (cover === 'mixed')
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      'SUBTOTAL over a reference whose cells are partly nested SUBTOTALs (Excel leaves those out; the range is not split)',
      ref,
    );
  if (cover === 'aggregate')
    l.fail('UNSUPPORTED_CONSTRUCT', 'SUBTOTAL over a cell that calls AGGREGATE', ref);
  return cover === 'all';
}

const criteriaArgs = (sum: boolean) =>
  [
    ...(sum ? [{ name: 'sum_range', kind: 'range' as const, class: 'range' as const }] : []),
    { name: 'criteria_range', kind: 'range' as const, class: 'range' },
    { name: 'criteria', kind: 'value' as const, class: 'criterion', repeats: true },
  ] as const;

const CRITERIA_HELPERS_USED = ['xlIfs', 'xlIfGroup', 'xlIfPick', 'xlV'];
const criteriaNote =
  'criteria (parsed at run time, so a criterion from a cell, `&` or CONCAT is the same as a literal; docs/semantics.md, "Criteria"): a number, a boolean, an error, or text: an operator (= <> < > <= >=) then a plain decimal, TRUE/FALSE or an error name (bare or after <>), nothing ("" blanks and "", "=" blanks, "<>" every non-blank cell, an order with nothing: none), or text (case-insensitive, wildcards * ? ~ under = and <>, ordered by letters under < >); a blank criterion is 0; under = plain decimal text in the range reads as its number, under <> and the orders text is never a number. Not established, so #VALUE! at run time and refused as a literal: text Excel may read as a number or date other than a plain decimal ("$5", ">60%", "1/2/2020", "Jan 5"; "6000 Miete" is text), TRUE/FALSE or error names after = or an order, a wildcard under an order, text ordered where the first difference is not two letters or "#" and a letter. Errors in the aggregated range count only in matching rows. Ranges: whole locked columns, same-row ranges or constant tables, all one shape (else UNSUPPORTED_RANGE_SHAPE); a per-row criterion over whole columns is grouped once (one criterion only)';

const IRONCALC_CRITERIA = [
  'excel/ironcalc/STATISTICAL/COUNTIF.xlsx',
  'excel/ironcalc/STATISTICAL/COUNTIFS.xlsx',
  'excel/ironcalc/MATH_AND_TRIGONOMETRY/SUMIF_AVERAGE_IF.xlsx',
  'excel/ironcalc/MATH_AND_TRIGONOMETRY/SUMIFS.xlsx',
];

const evidence = (corpus: string[], page: string) => ({
  goldens: ['criteria'],
  corpus: [...corpus, ...IRONCALC_CRITERIA],
  microsoft: [page, 'COUNTIFS function'],
  other:
    'the criterion grammar: corpus ironcalc COUNTIF.xlsx, COUNTIFS.xlsx, SUMIF_AVERAGE_IF.xlsx cells (docs/semantics.md, "Criteria"); blank criterion 0: Microsoft COUNTIFS page',
});

export const CRITERIA_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'SUMIF',
    family: 'criteria',
    args: [
      { name: 'range', kind: 'range', class: 'range' },
      { name: 'criteria', kind: 'value', class: 'criterion' },
      { name: 'sum_range', kind: 'range', class: 'range', optional: true },
    ],
    helpers: CRITERIA_HELPERS_USED,
    lower: ifForm('sum'),
    summary: 'the sum of the cells whose criteria cell meets the criterion',
    lowering:
      '$xlIfs("sum", {"a": sum_range}, [{"c": criterion, "r": range}]), hoisted over whole columns; a per-row criterion: $xlIfPick($$.<group>, criterion, "sum")',
    notes: `${criteriaNote}; sum_range of another size than range is refused`,
    example: {
      formula: '=SUMIF(A1:A3,">1",B1:B3)',
      cells: { A1: 1, A2: 2, A3: 3, B1: 10, B2: 20, B3: 30 },
      value: 50,
    },
    evidence: evidence(['excel/poi/54206.xlsx'], 'SUMIF function'),
  },
  {
    name: 'COUNTIF',
    family: 'criteria',
    args: [
      { name: 'range', kind: 'range', class: 'range' },
      { name: 'criteria', kind: 'value', class: 'criterion' },
    ],
    helpers: CRITERIA_HELPERS_USED,
    lower: ifForm('count'),
    summary: 'how many cells meet the criterion',
    lowering: '$xlIfs("count", null, [{"c": criterion, "r": range}]) (grouped per row as SUMIF)',
    notes: criteriaNote,
    example: { formula: '=COUNTIF(A1:A3,"a*")', cells: { A1: 'Apple', A2: 'b', A3: 'avocado' }, value: 2 },
    evidence: evidence(
      ['excel/xlcalculator/COUNTIF.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      'COUNTIF function',
    ),
  },
  {
    name: 'AVERAGEIF',
    family: 'criteria',
    args: [
      { name: 'range', kind: 'range', class: 'range' },
      { name: 'criteria', kind: 'value', class: 'criterion' },
      { name: 'average_range', kind: 'range', class: 'range', optional: true },
    ],
    helpers: CRITERIA_HELPERS_USED,
    lower: ifForm('average'),
    summary: 'the mean of the cells whose criteria cell meets the criterion',
    lowering: '$xlIfs("average", ...) as SUMIF',
    notes: `${criteriaNote}; no number matched: #DIV/0!`,
    example: {
      formula: '=AVERAGEIF(A1:A3,"<>b",B1:B3)',
      cells: { A1: 'a', A2: 'b', A3: 'a', B1: 1, B2: 5, B3: 3 },
      value: 2,
    },
    evidence: evidence([], 'AVERAGEIF function'),
  },
  {
    name: 'SUMIFS',
    family: 'criteria',
    args: criteriaArgs(true),
    helpers: CRITERIA_HELPERS_USED,
    lower: ifsForm('sum'),
    summary: 'the sum of the cells whose criteria cells meet every criterion',
    lowering: '$xlIfs("sum", {"a": sum_range}, [{"c": c1, "r": r1}, ...])',
    notes: criteriaNote,
    example: {
      formula: '=SUMIFS(A1:A2,B1:B2,">0",C1:C2,"a")',
      cells: { A1: 10, A2: 20, B1: 1, B2: 1, C1: 'a', C2: 'b' },
      value: 10,
    },
    evidence: evidence(
      ['excel/xlcalculator/SUMIFS.xlsx', 'excel/xlcalculator/COUNTIFS.xlsx'],
      'SUMIFS function',
    ),
  },
  {
    name: 'COUNTIFS',
    family: 'criteria',
    args: [
      { name: 'criteria_range', kind: 'range', class: 'range' },
      { name: 'criteria', kind: 'value', class: 'criterion', repeats: true },
    ],
    helpers: CRITERIA_HELPERS_USED,
    lower: ifsForm('count'),
    summary: 'how many rows meet every criterion',
    lowering: '$xlIfs("count", null, [{"c": c1, "r": r1}, ...])',
    notes: criteriaNote,
    example: {
      formula: '=COUNTIFS(A1:A3,"a",B1:B3,1)',
      cells: { A1: 'a', A2: 'a', A3: 'b', B1: 1, B2: 2, B3: 1 },
      value: 1,
    },
    evidence: evidence(['excel/poi/56822-Countifs.xlsx'], 'COUNTIFS function'),
  },
  {
    name: 'AVERAGEIFS',
    family: 'criteria',
    args: criteriaArgs(true),
    helpers: CRITERIA_HELPERS_USED,
    lower: ifsForm('average'),
    summary: 'the mean of the cells whose criteria cells meet every criterion',
    lowering: '$xlIfs("average", ...) as SUMIFS',
    notes: `${criteriaNote}; no number matched: #DIV/0!`,
    example: { formula: '=AVERAGEIFS(A1:A2,B1:B2,">=0")', cells: { A1: 2, A2: 4, B1: 0, B2: 1 }, value: 3 },
    evidence: evidence([], 'AVERAGEIFS function'),
  },
  {
    name: 'MAXIFS',
    family: 'criteria',
    args: criteriaArgs(true),
    helpers: CRITERIA_HELPERS_USED,
    lower: ifsForm('max'),
    summary: 'the largest of the cells whose criteria cells meet every criterion',
    lowering: '$xlIfs("max", ...) as SUMIFS',
    notes: `${criteriaNote}; no number matched: 0`,
    example: {
      formula: '=MAXIFS(A1:A3,B1:B3,"x")',
      cells: { A1: 2, A2: 9, A3: 4, B1: 'x', B2: 'y', B3: 'X' },
      value: 4,
    },
    evidence: evidence([], 'MAXIFS function'),
  },
  {
    name: 'MINIFS',
    family: 'criteria',
    args: criteriaArgs(true),
    helpers: CRITERIA_HELPERS_USED,
    lower: ifsForm('min'),
    summary: 'the smallest of the cells whose criteria cells meet every criterion',
    lowering: '$xlIfs("min", ...) as SUMIFS',
    notes: `${criteriaNote}; no number matched: 0`,
    example: {
      formula: '=MINIFS(A1:A3,B1:B3,"x")',
      cells: { A1: 2, A2: 1, A3: 4, B1: 'x', B2: 'y', B3: 'X' },
      value: 2,
    },
    evidence: evidence([], 'MINIFS function'),
  },
  {
    name: 'COUNTA',
    family: 'criteria',
    args: [{ name: 'value', kind: 'reference', class: 'any', repeats: true }],
    helpers: ['xlCountA'],
    lower: lowerCountA,
    summary: 'how many of its arguments are not blank',
    lowering: '`$sum([$xlCountA([...]), ...])`',
    notes:
      'references count every cell that is not blank, "" and errors included; a direct value counts 1 (an error too); an empty argument or a direct value that may be blank is refused',
    example: { formula: '=COUNTA(A1:A4)', cells: { A1: 1, A2: '', A3: { error: '#N/A' } }, value: 3 },
    evidence: {
      goldens: ['criteria'],
      corpus: ['excel/xlcalculator/COUNTA.xlsx', 'excel/poi/49966.xlsx'],
      microsoft: ['COUNTA function'],
    },
  },
  {
    name: 'COUNTBLANK',
    family: 'criteria',
    args: [{ name: 'range', kind: 'reference', class: 'range' }],
    helpers: ['xlCountBlank', 'xlV'],
    lower: lowerCountBlank,
    summary: 'how many cells of a range are blank',
    lowering: '$xlCountBlank([...]), hoisted over a whole column',
    notes: 'blank cells and "" count; zeros, text and errors do not',
    example: { formula: '=COUNTBLANK(A1:A3)', cells: { A1: 0, A2: '' }, value: 2 },
    evidence: {
      goldens: ['criteria'],
      corpus: ['excel/poi/59132.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['COUNTBLANK function'],
    },
  },
  {
    name: 'SUBTOTAL',
    family: 'criteria',
    args: [
      { name: 'function_num', kind: 'value', class: 'number' },
      { name: 'ref', kind: 'reference', class: 'range', repeats: true },
    ],
    helpers: [],
    lower: lowerSubtotal,
    summary: 'AVERAGE, COUNT, COUNTA, MAX, MIN or SUM of references, chosen by number',
    lowering:
      "the chosen function's lowering (1 AVERAGE, 2 COUNT, 3 COUNTA, 4 MAX, 5 MIN, 9 SUM; 101-105, 109 the same)",
    notes:
      'the function number must be a literal 1-5, 9, 101-105 or 109 (6-8, 10, 11 need PRODUCT, STDEV, VAR: refused); 101-111 skip hidden rows, and a spec has none; the arguments must be references; cells whose formula calls SUBTOTAL are left out, as Excel does: a reference of only such cells adds nothing (over nothing SUM, COUNT, MAX are 0, AVERAGE #DIV/0!), one partly of them (or over an AGGREGATE) is refused',
    example: { formula: '=SUBTOTAL(9,A1:A3)', cells: { A1: 1, A2: 'x', A3: 2 }, value: 3 },
    evidence: {
      goldens: ['criteria'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx', 'excel/poi/59736.xlsx'],
      microsoft: ['SUBTOTAL function'],
    },
  },
];
