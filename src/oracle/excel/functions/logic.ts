/**
 * IF's and NOT's condition, AND/OR/XOR, IFS, CHOOSE, SWITCH, the IS functions, IFERROR, IFNA, ISEVEN, ISODD
 * (correction `logic`, ISEVEN/ISODD `arith`).
 *
 * IF's and NOT's condition goes through SSX.COND (`""` or text other than TRUE/FALSE is #VALUE!; HyperFormula
 * reads `""` as FALSE); AND/OR ignore text and blanks inside references (`AND(A1,TRUE)` with A1 text or blank
 * is TRUE; HyperFormula #VALUE! / FALSE) and give #VALUE! when no logical value is left. Corpus:
 * FormulaEvalTestData_Copy.xlsx EverythingTests!F136 `AND(E7)` #VALUE!, E1020 `OR(B7:B9,C8,...)` TRUE
 * (HyperFormula #VALUE!), I1020 `OR(H13:J13)` #VALUE!.
 */
import { CellError, EmptyValue, ErrorType } from '../../hf.js';
import { isRange, REFERENCE_NODES, unwrap } from '../call.js';
import { type Call, type Corrected, type Route, scalars, VARIADIC } from '../entry.js';
import { raw, type Scalar, UNKNOWN, VALUE } from '../excel-scalars.js';
import { excelSwitch } from '../excel-switch.js';
import { textToBoolean } from '../excel-values.js';

/**
 * AND/OR/XOR as Excel: every argument is evaluated (no short cut), the first error wins; inside a reference or
 * an array, text and blanks are ignored; a `""` literal is ignored too (AND("",TRUE) TRUE, AND("") #VALUE!:
 * ironcalc LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C46:E46, C51:E53); other text written directly must read
 * TRUE/FALSE (else #VALUE!: FormulaEvalTestData_Copy.xlsx EverythingTests!J136 `AND("1",1)`); a computed
 * `""` is not established; with no logical value at all, #VALUE!.
 */
function logical(c: Call, op: 'AND' | 'OR' | 'XOR'): unknown {
  let seen = false;
  let acc = op === 'AND';
  const take = (v: Scalar, direct: boolean): CellError | undefined => {
    const x = raw(v);
    if (x instanceof CellError) return x;
    let b: boolean | undefined;
    if (typeof x === 'boolean') b = x;
    else if (typeof x === 'number') b = x !== 0;
    else if (typeof x === 'string' && direct) {
      b = textToBoolean(x);
      if (b === undefined) return VALUE();
    }
    if (b === undefined) return undefined;
    seen = true;
    acc = op === 'AND' ? acc && b : op === 'OR' ? acc || b : acc !== b;
    return undefined;
  };
  if (c.args.length === 0) return new CellError(ErrorType.NA);
  for (let node of c.args) {
    node = unwrap(node);
    const value = c.evaluate(node);
    if (isRange(value)) {
      for (const v of value.valuesFromTopLeftCorner()) {
        const e = take(v as Scalar, false);
        if (e) return e;
      }
    } else {
      const direct = !REFERENCE_NODES.has(node.type);
      // Why: a blank reached through an operator (`OR(+A1)`, A1 blank): skipped like a blank cell, or
      // FALSE like the 0 `=+A1` shows? Not established.
      if (direct && raw(value as Scalar) === EmptyValue) return UNKNOWN();
      if (direct && raw(value as Scalar) === '') {
        if (node.type === 'STRING') continue;
        return UNKNOWN(); // a computed "": left out as the literal is, or #VALUE!? Not established.
      }
      const e = take(value as Scalar, direct);
      if (e) return e;
    }
  }
  return seen ? acc : VALUE();
}

const logic = (call: string, note: string): Route[] => [{ call, correction: 'logic', note }];
const IGNORED = 'text and blanks inside references are ignored; no logical value left is #VALUE!';

/**
 * The IS functions, IFERROR and IFNA as HyperFormula has them, except that the oracle's own "not
 * established" error propagates instead of being caught (`ISERR(""<" ")` must not read as TRUE).
 */
const INFO: ReadonlyArray<[string, (v: unknown, a: Scalar, b: Scalar) => unknown]> = [
  ['ISBLANK', (v) => v === EmptyValue],
  ['ISNUMBER', (v) => typeof v === 'number'],
  ['ISTEXT', (v) => typeof v === 'string'],
  ['ISNONTEXT', (v) => typeof v !== 'string'],
  ['ISLOGICAL', (v) => typeof v === 'boolean'],
  ['ISERROR', (v) => v instanceof CellError],
  ['ISERR', (v) => v instanceof CellError && v.type !== ErrorType.NA],
  ['ISNA', (v) => v instanceof CellError && v.type === ErrorType.NA],
  ['IFERROR', (v, a, b) => (v instanceof CellError ? b : a)],
  ['IFNA', (v, a, b) => (v instanceof CellError && v.type === ErrorType.NA ? b : a)],
];

/** ISEVEN/ISODD: the number truncated (HyperFormula: ISEVEN(-2.5) FALSE); text or logical not established. */
const parity =
  (odd: boolean) =>
  (a: Scalar): unknown => {
    const v = raw(a);
    if (v instanceof CellError) return v;
    if (typeof v === 'string' || typeof v === 'boolean') return UNKNOWN();
    const n = Math.trunc(Math.abs(v === EmptyValue ? 0 : (v as number)));
    return (n % 2 === 1) === odd;
  };

export const LOGIC: Corrected[] = [
  {
    // IF's and NOT's condition: numbers and booleans as they are, blank FALSE, text TRUE/FALSE, else #VALUE!.
    name: 'SSX.COND',
    params: scalars(1),
    wraps: ['IF', 'NOT'].map((call) => ({
      call,
      correction: 'logic' as const,
      args: 'condition' as const,
      note: `the ${call === 'IF' ? 'condition' : 'argument'} reads only TRUE/FALSE text; \`""\` is #VALUE! (HyperFormula: FALSE)`,
    })),
    impl: (a) => {
      const v = raw(a);
      if (v === EmptyValue) return false;
      if (typeof v === 'string') return textToBoolean(v) ?? VALUE();
      return v;
    },
  },
  { name: 'SSX.AND', ...VARIADIC, calls: logic('AND', IGNORED), call: (c) => logical(c, 'AND') },
  { name: 'SSX.OR', ...VARIADIC, calls: logic('OR', IGNORED), call: (c) => logical(c, 'OR') },
  ...INFO.map(
    ([n, test]): Corrected => ({
      name: `SSX.${n}`,
      params: scalars(n.startsWith('IF') ? 2 : 1),
      calls: logic(
        n,
        'as HyperFormula, except that the oracle\'s "not established" passes instead of being caught',
      ),
      impl: (a, b) => {
        const v = raw(a);
        if (v instanceof CellError && v.type === ErrorType.ERROR) return v;
        return test(v, a, b!);
      },
    }),
  ),
  {
    // XOR reads its arguments as AND does; TRUE when an odd number of them are TRUE.
    name: 'SSX.XOR',
    ...VARIADIC,
    calls: logic(
      'XOR',
      'read as AND/OR: text and blanks inside references ignored; no logical value left is #VALUE! (HyperFormula FALSE)',
    ),
    call: (c) => logical(c, 'XOR'),
  },
  {
    // IFS as nested IFs: the conditions read in order, the first error or TRUE decides (HyperFormula gives an
    // error in any condition, also after a TRUE one); none TRUE #N/A. A text condition is not established.
    name: 'SSX.IFS',
    ...VARIADIC,
    calls: logic(
      'IFS',
      'conditions read in order, as nested IFs: an error after a TRUE condition is not reached (HyperFormula: the error)',
    ),
    impl: (...args) => {
      for (let i = 0; i + 1 < args.length; i += 2) {
        const c = raw(args[i]!);
        if (c instanceof CellError) return c;
        if (typeof c === 'string') return UNKNOWN();
        if (c !== EmptyValue && c !== false && c !== 0) return args[i + 1];
      }
      return new CellError(ErrorType.NA);
    },
  },
  {
    // CHOOSE(index, value1, ...): the index truncated (HyperFormula: #NUM! for 2.9), outside 1..n #VALUE!
    // (HyperFormula #NUM!; Microsoft's CHOOSE page). A text or logical index is not established.
    name: 'SSX.CHOOSE',
    ...VARIADIC,
    calls: logic('CHOOSE', 'the index truncated, outside the list #VALUE! (HyperFormula #NUM! for both)'),
    impl: (index, ...values) => {
      const i = raw(index!);
      if (i instanceof CellError) return i;
      if (typeof i === 'string' || typeof i === 'boolean') return UNKNOWN();
      const k = Math.trunc(i === EmptyValue ? 0 : (i as number));
      return k >= 1 && k <= values.length ? values[k - 1] : VALUE();
    },
  },
  {
    name: 'SSX.ISEVEN',
    params: scalars(1),
    calls: [
      {
        call: 'ISEVEN',
        correction: 'arith',
        note: 'the number truncated (`ISEVEN(-2.5)` TRUE; HyperFormula FALSE)',
      },
    ],
    impl: parity(false),
  },
  {
    name: 'SSX.ISODD',
    params: scalars(1),
    calls: [
      {
        call: 'ISODD',
        correction: 'arith',
        note: 'the number truncated (`ISODD(-3.5)` TRUE; HyperFormula FALSE)',
      },
    ],
    impl: parity(true),
  },
  {
    name: 'SSX.SWITCH',
    ...VARIADIC,
    calls: logic(
      'SWITCH',
      'text matched ignoring case (as `=`), numbers by value; the undetermined readings (excel-switch.ts) pass through',
    ),
    impl: (...a) => excelSwitch(a),
  },
];
