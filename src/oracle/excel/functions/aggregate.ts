/**
 * The aggregates (correction `aggregate`): SUM/AVERAGE/MIN/MAX/COUNT read their arguments as Excel reads them,
 * SUMPRODUCT, SUBTOTAL, and the order statistics MEDIAN, LARGE, SMALL, RANK (COUNTBLANK, which reads its
 * range as the criteria functions do, is in criteria.ts).
 *
 * A text argument written directly in SUM/AVERAGE/MIN/MAX goes through SSX.NUMARG (`SUM("",1)` is #VALUE! in
 * Excel, 1 in HyperFormula); COUNT counts direct text only when it reads as a number
 * (FormulaEvalTestData_Copy.xlsx EverythingTests!F284 `COUNT(2,"A","",#REF!,#DIV/0!)` is 1 in Excel, 2 in
 * HyperFormula); SUMPRODUCT counts every entry that is not a number as 0 (`SUMPRODUCT(A1:A2)` with a text
 * "1" or TRUE inside; HyperFormula counts them as 1).
 */
import { CellError, EmptyValue, ErrorType } from '../../hf.js';
import { EMPTY_ARG, isRange, numbersOf, prefixOf, REFERENCE_NODES, unwrap } from '../call.js';
import {
  type Call,
  type Corrected,
  type HfInternal,
  RANGE,
  type Route,
  SCALAR,
  scalars,
  VARIADIC,
} from '../entry.js';
import { excelKth, excelMedian, excelRank } from '../excel-order-stats.js';
import { excelSum, finite, raw, type Scalar, toNumber, UNKNOWN, VALUE } from '../excel-scalars.js';
import { excelSubtotal, subtotalGroups } from '../excel-subtotal.js';
import { excelTextToNumber } from '../excel-values.js';

/** A route whose direct text arguments SSX.NUMARG reads. */
export const directText = (call: string): Route => ({
  call,
  correction: 'aggregate',
  args: 'direct-text',
  via: 'SSX.NUMARG',
  note: 'text written directly is read as a number or #VALUE! (`SUM("",1)`); printed from the tree, `MIN((A1))` keeps reading A1 as a reference',
});

/**
 * SUMPRODUCT whose arguments are all 1×1: Excel reads them as scalars, where a text is #VALUE!, even "4"
 * (FormulaEvalTestData_Copy.xlsx EverythingTests!J1328: `SUMPRODUCT(G1330:G1330,I1330:I1330)`, "4" and 2, saved
 * #VALUE!), not 0 as in a larger array. Not established: a blank or a boolean there, an error beside a value
 * that is not a number (which comes first), and any non-number from an argument that is not a reference.
 * `undefined` when every value is a number or an error: the array rule gives the answer.
 */
function sumproductOfScalars(values: ReadonlyArray<Exclude<Scalar, { val: number }>>, references: boolean) {
  const other = values.filter((v) => typeof v !== 'number' && !(v instanceof CellError));
  if (other.length === 0) return undefined;
  if (!references || values.some((v) => v instanceof CellError)) return UNKNOWN();
  return other.some((v) => typeof v === 'string') ? VALUE() : UNKNOWN();
}

/**
 * SUMPRODUCT as Excel: arrays of one shape (else #VALUE!; undetermined with an error among them), the first
 * error met propagates, every entry that is not a number (text, even "1"; TRUE; blank) counts as 0
 * (HyperFormula reads "1" and TRUE as 1); 1×1 arguments are scalars (`sumproductOfScalars`).
 */
function sumproduct(references: boolean, arrays: Scalar[]): unknown {
  const grids = arrays as unknown as Array<{ data: Scalar[][] }>;
  const h = grids[0]!.data.length;
  const w = grids[0]!.data[0]?.length ?? 0;
  if (grids.some((g) => g.data.length !== h || (g.data[0]?.length ?? 0) !== w)) {
    // Why: #VALUE! without an error (EverythingTests!I1328), the error with one of the same size (K1328);
    // which comes first when both apply is not established.
    return grids.some((g) => g.data.some((row) => row.some((v) => raw(v) instanceof CellError)))
      ? UNKNOWN()
      : VALUE();
  }
  const errors = grids.flatMap((g) => g.data.flat().map(raw)).filter((v) => v instanceof CellError);
  // Why: errors of two kinds in a larger array: whether Excel meets them array by array or entry by
  // entry (which one it gives) is not established.
  if (h * w > 1 && new Set(errors.map((e) => (e as CellError).type)).size > 1) return UNKNOWN();
  if (h === 1 && w === 1) {
    const scalar = sumproductOfScalars(
      grids.map((g) => raw(g.data[0]![0]!)),
      references,
    );
    if (scalar !== undefined) return scalar;
  }
  let sum = 0;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      let product = 1;
      for (const g of grids) {
        const v = raw(g.data[r]![c]!);
        if (v instanceof CellError) return v;
        product *= typeof v === 'number' ? v : 0;
      }
      sum += product;
    }
  }
  return finite(sum);
}

/**
 * COUNT as Excel: numbers in references and arrays; written directly, also booleans and text that reads as
 * a number. Errors are not counted, except the oracle's own UNKNOWN (#ERROR!), which propagates: COUNT
 * must not hide an undetermined value (`COUNT("12:00")` is 1 if Excel reads the time, 0 if not).
 */
function countOf(args: HfInternal[], evaluate: (node: HfInternal) => unknown): unknown {
  let n = 0;
  const unknown = (x: unknown) => x instanceof CellError && x.type === ErrorType.ERROR;
  for (let node of args) {
    node = unwrap(node);
    // Why: an empty argument is the number 0 to Excel, so it counts (`COUNT(1,,2)` is 3).
    if (node.type === EMPTY_ARG) {
      n++;
      continue;
    }
    const value = evaluate(node);
    if (isRange(value)) {
      for (const v of value.valuesFromTopLeftCorner()) {
        const x = raw(v as Scalar);
        if (unknown(x)) return x;
        if (typeof x === 'number') n++;
      }
      continue;
    }
    const x = raw(value as Scalar);
    if (unknown(x)) return x;
    const direct = !REFERENCE_NODES.has(node.type);
    if (typeof x === 'number' || (direct && typeof x === 'boolean')) n++;
    else if (direct && typeof x === 'string') {
      const t = excelTextToNumber(x);
      if (t === 'unknown') return UNKNOWN();
      if (t !== 'value') n++;
    }
  }
  return n;
}

/** LARGE / SMALL: the array read as SUM reads one argument, then k by Excel's number coercion. */
const kth = (largest: boolean) => (c: Call) => {
  const r = numbersOf(c, [c.args[0]]);
  if (r instanceof CellError) return r;
  const k = c.evaluate(c.args[1]);
  return isRange(k) ? UNKNOWN() : excelKth(r.flat(), k as Scalar, largest);
};

const aggregate = (call: string, note: string): Route[] => [{ call, correction: 'aggregate', note }];
const RANK_NOTE = 'an error in ref or a near tie (15 digits) undetermined';

export const AGGREGATE: Corrected[] = [
  {
    // A value written directly in SUM/AVERAGE/MIN/MAX: text is read as a number (or #VALUE!).
    name: 'SSX.NUMARG',
    params: scalars(1),
    wraps: [directText('MIN'), directText('MAX')],
    impl: (a) => {
      const v = raw(a);
      return typeof v === 'string' ? toNumber(v) : v === EmptyValue ? 0 : v;
    },
  },
  {
    // An aggregate's argument that may be a picked cell (rewrite.ts picksValue): its text or blank undetermined.
    name: 'SSX.PICKED',
    params: scalars(1),
    impl: (a) => {
      const v = raw(a);
      return typeof v === 'string' || v === EmptyValue ? UNKNOWN() : v;
    },
  },
  {
    // A value written directly in COUNT: text that reads as a number counts, other text does not.
    name: 'SSX.COUNTARG',
    params: scalars(1),
    impl: (a) => {
      const v = raw(a);
      if (typeof v !== 'string') return v === EmptyValue ? VALUE() : v;
      const n = excelTextToNumber(v);
      return n === 'unknown' ? UNKNOWN() : n === 'value' ? VALUE() : n;
    },
  },
  {
    name: 'SSX.SUMPRODUCT',
    params: [RANGE],
    repeatLastArgs: 1,
    // Why: Excel evaluates SUMPRODUCT's arguments as arrays (`SUMPRODUCT((A1:A3="x")*B1:B3)`).
    enableArrayArithmeticForArguments: true,
    calls: [
      {
        call: 'SUMPRODUCT',
        correction: 'aggregate',
        args: 'array',
        note: 'every entry that is not a number counts as 0 (HyperFormula reads text "1" and TRUE as 1)',
      },
    ],
    call: (c) => {
      const references = c.args.every((a) => REFERENCE_NODES.has(a.type));
      return c.values((...arrays) => sumproduct(references, arrays));
    },
  },
  {
    name: 'SSX.SUM',
    ...VARIADIC,
    calls: [directText('SUM')],
    call: (c) => {
      const p = prefixOf(c);
      if (p) return p.walk.sumOf(p.rows);
      const r = numbersOf(c);
      return r instanceof CellError ? r : excelSum(r);
    },
  },
  {
    name: 'SSX.AVERAGE',
    ...VARIADIC,
    calls: [directText('AVERAGE')],
    call: (c) => {
      const p = prefixOf(c);
      if (p) return p.walk.averageOf(p.rows);
      const r = numbersOf(c);
      if (r instanceof CellError) return r;
      const n = r.reduce((k, g) => k + g.length, 0);
      if (n === 0) return new CellError(ErrorType.DIV_BY_ZERO);
      const sum = excelSum(r);
      return sum instanceof CellError ? sum : finite(sum / n);
    },
  },
  {
    name: 'SSX.COUNT',
    ...VARIADIC,
    // Why: HyperFormula's COUNT counts direct TRUE and skips every error, also the oracle's undetermined.
    calls: aggregate(
      'COUNT',
      "direct text counts only when it reads as a number; the oracle's undetermined propagates",
    ),
    call: (c) => {
      const p = prefixOf(c);
      return p ? p.walk.countOf(p.rows) : countOf(c.args, c.evaluate);
    },
  },
  {
    // SUBTOTAL over references, as excel-subtotal.ts reads them: nested SUBTOTAL cells left out, then the
    // function the number names (101–105, 109 as 1–5, 9: the oracle's sheet has no hidden rows). Other function
    // numbers, and arguments that are not references, are not established here.
    name: 'SSX.SUBTOTAL',
    ...VARIADIC,
    calls: aggregate(
      'SUBTOTAL',
      "1-5 and 9 (and 101-105, 109) as SSX.AVERAGE, SSX.COUNT, COUNTA, MAX, MIN, SSX.SUM (HyperFormula's own adds range by range: an undetermined order), leaving out cells whose formula calls SUBTOTAL (Microsoft, SUBTOTAL function; HyperFormula counts them; a cell calling AGGREGATE: undetermined); other function numbers undetermined",
    ),
    call: (c) => {
      if (c.args.length < 2) return new CellError(ErrorType.NA);
      const code = raw(c.evaluate(c.args[0]) as Scalar);
      const unwrapAll = (n: HfInternal): HfInternal =>
        n.type === 'PARENTHESES' ? unwrapAll(n.expression) : n;
      const refs = c.args.slice(1).map(unwrapAll);
      if (typeof code !== 'number' || !refs.every((n) => REFERENCE_NODES.has(n.type))) return UNKNOWN();
      const base = code > 100 ? code - 100 : code;
      const groups = subtotalGroups(refs, c.state, c.graph, c.evaluate);
      return groups instanceof CellError ? groups : excelSubtotal(base, groups);
    },
  },
  {
    name: 'SSX.MEDIAN',
    ...VARIADIC,
    calls: [
      {
        ...directText('MEDIAN'),
        note: 'a reference gives only its numbers, direct text read as a number (as SUM); the first error wins',
      },
    ],
    call: (c) => {
      const r = numbersOf(c);
      return r instanceof CellError ? r : excelMedian(r.flat());
    },
  },
  {
    name: 'SSX.LARGE',
    params: [RANGE, SCALAR],
    vectorizationForbidden: true,
    calls: [
      {
        ...directText('LARGE'),
        note: 'a value written directly is data (`SMALL(TRUE,1)` 1, HyperFormula #NUM!); a k that is not whole only where the positions around it agree',
      },
    ],
    call: kth(true),
  },
  {
    name: 'SSX.SMALL',
    params: [RANGE, SCALAR],
    vectorizationForbidden: true,
    calls: [
      {
        ...directText('SMALL'),
        note: 'a value written directly is data (`SMALL("3.4",1)` 3.4, HyperFormula #NUM!); a k that is not whole only where the positions around it agree',
      },
    ],
    call: kth(false),
  },
  {
    // RANK(number, ref, [order]): ref must be a reference; an empty order is undetermined.
    name: 'SSX.RANK',
    params: [SCALAR, RANGE, { ...SCALAR, optionalArg: true }],
    vectorizationForbidden: true,
    calls: [
      ...aggregate('RANK', `missing from HyperFormula 3.5; ${RANK_NOTE}`),
      ...aggregate('RANK.EQ', `missing from HyperFormula 3.5 (RANK); ${RANK_NOTE}`),
    ],
    call: (c) => {
      const [xNode, refNode, orderNode] = c.args;
      if (!REFERENCE_NODES.has(refNode.type) || orderNode?.type === EMPTY_ARG) return UNKNOWN();
      const x = c.evaluate(xNode);
      const ref = c.evaluate(refNode);
      const order = orderNode === undefined ? undefined : c.evaluate(orderNode);
      if (isRange(x) || isRange(order)) return UNKNOWN();
      const cells = isRange(ref) ? [...ref.valuesFromTopLeftCorner()] : [ref];
      return excelRank(x as Scalar, cells as Scalar[], order as Scalar | undefined);
    },
  },
];
