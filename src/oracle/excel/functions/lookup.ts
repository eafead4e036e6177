/**
 * The lookups (correction `lookup`): VLOOKUP/HLOOKUP/MATCH in their exact and approximate modes, XLOOKUP,
 * INDEX, LOOKUP, ROWS and COLUMNS (excel-lookups.ts has the rules and their evidence).
 *
 * VLOOKUP with range_lookup FALSE/0 → SSX.VLOOKUP: accent-sensitive (HyperFormula finds `é` for `e`),
 * wildcards matched from the first row (HyperFormula skips to a later row). The lookups' arguments are
 * evaluated here (call.ts `evaluated`), since HyperFormula's coercion stops the call on an error in a
 * one-cell range, where Excel skips an error cell of a lookup range.
 */
import { CellError, EmptyValue, ErrorType, SimpleRangeValue } from '../../hf.js';
import { evaluated, isRange } from '../call.js';
import {
  ADDRESS_ONLY,
  type Call,
  type Corrected,
  type HfInternal,
  OPTIONAL,
  RANGE,
  type Route,
  SCALAR,
} from '../entry.js';
import {
  hlookupExact,
  index,
  lookupApprox,
  matchApprox,
  matchExact,
  Table,
  tableLookupApprox,
  xlookup,
} from '../excel-lookups.js';
import { count, raw, type Scalar, UNKNOWN, VALUE } from '../excel-scalars.js';
import { rangeCacheOf } from '../range-cache.js';

const UNDETERMINED = () =>
  new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established');

/**
 * The call's arguments evaluated (call.ts `evaluated`), a sheet range at one of the `tables` positions (the
 * entry's RANGE parameters) read once per engine: the `Table` of its address (range-cache.ts). Sound because
 * every cell a formula reads is computed before it and never changes after (HyperFormula throws on reading a
 * formula cell not yet computed), so each call would read the same values; the cache belongs to the engine's
 * graph and goes with it. A computed array has no address and is read by each call.
 */
function withTables(c: Call, ...tables: number[]): HfInternal[] {
  const args = evaluated(c);
  const cache = rangeCacheOf(c.graph);
  for (const i of tables) {
    const v = args[i];
    if (isRange(v) && v.range !== undefined) args[i] = cache.indexed(v.range, 'table', () => Table.of(v));
  }
  return args;
}

/** VLOOKUP(value, table, column, FALSE): the first row whose first cell equals the value, Excel's way. */
function vlookupExact(c: Call): unknown {
  const [lookup, table, column] = withTables(c, 1) as [Scalar, unknown, Scalar];
  const key = raw(lookup);
  if (key instanceof CellError) return key;
  // Why: Excel's answer for a blank or empty-text lookup value is not established here.
  if (key === undefined || key === EmptyValue || key === '') return UNKNOWN();
  const col = count(column);
  if (col instanceof CellError) return col;
  const t = Table.of(table);
  if (col < 1) return VALUE();
  if (col > (t.rows[0]?.length ?? 0)) return new CellError(ErrorType.REF);
  if (typeof key === 'string' && key.length > 255) return VALUE();
  // The first row whose first cell matches (ExactIndex: text by textMatches, with wildcards; others by ===).
  const i = t.firstColumn.find(key);
  if (i < 0) return new CellError(ErrorType.NA);
  const out = t.rows[i]![col - 1];
  return out === EmptyValue ? 0 : out;
}

const hlookup = (c: Call) => hlookupExact(...(withTables(c, 1) as [Scalar, unknown, Scalar]));
const tableApprox = (across: boolean) => (c: Call) => {
  const [k, t, i] = withTables(c, 1);
  return tableLookupApprox(k, t, i, across);
};

/**
 * VLOOKUP/HLOOKUP whose range_lookup is a reference or computed: a number or a logical value picks the
 * route (FALSE/0 exact, else approximate, as a written mode); any other value (text, a blank, an error, a
 * range) is undetermined.
 */
const byMode = (exactly: (c: Call) => unknown, approximately: (c: Call) => unknown) => (c: Call) => {
  const v = raw(c.evaluate(c.args[3]) as Scalar);
  const exact = typeof v === 'boolean' ? !v : typeof v === 'number' ? v === 0 : undefined;
  if (exact === undefined) return UNKNOWN();
  return exact ? exactly(c.withArgs(c.args.slice(0, 3))) : approximately(c);
};

/**
 * ROWS/COLUMNS: a reference's rows (columns) from its address alone, its cells never read: the rectangle
 * between the two corners, each resolved from the formula's cell (HyperFormula 3.5 subtracts them as
 * written, so `ROWS($A$4:A4)` is -2); a one-cell reference 1. Another argument is evaluated: an array or a
 * computed range its height (width), an error itself; a whole-column ROWS, a whole-row COLUMNS and any other
 * value undetermined (a one-cell result could be a value or a reference).
 */
const extent = (axis: 'row' | 'col') => (c: Call) => {
  if (c.args.length !== 1) return new CellError(ErrorType.NA);
  let node = c.args[0];
  while (node.type === 'PARENTHESES') node = node.expression;
  if (node.type === 'CELL_REFERENCE') return 1;
  const whole = node.type === 'COLUMN_RANGE' ? 'row' : node.type === 'ROW_RANGE' ? 'col' : undefined;
  if (node.type === 'CELL_RANGE' || whole !== undefined) {
    if (whole === axis) return UNDETERMINED();
    const resolve =
      whole === 'row'
        ? 'toSimpleColumnAddress'
        : whole === 'col'
          ? 'toSimpleRowAddress'
          : 'toSimpleCellAddress';
    const at = (a: HfInternal) => a[resolve](c.state.formulaAddress)[axis];
    return Math.abs(at(node.end) - at(node.start)) + 1;
  }
  // Why: arguments are not computed first (the address is what counts), so HyperFormula throws on a name
  // whose value is not computed yet (its TRUE and FALSE are names): that argument is no reference.
  if (node.type === 'NAMED_EXPRESSION' && /^(TRUE|FALSE)$/i.test(node.expressionName)) return UNDETERMINED();
  const value = c.evaluate(node);
  if (value instanceof CellError) return value;
  if (!(value instanceof SimpleRangeValue)) return UNDETERMINED();
  const r = value.range as HfInternal;
  if (r === undefined) return axis === 'row' ? value.height() : value.width();
  return Math.abs(r.end[axis] - r.start[axis]) + 1;
};

const lookup = (call: string, note: string, args?: Route['args'], flagAt?: number): Route[] => [
  { call, correction: 'lookup', note, ...(args ? { args } : {}), ...(flagAt ? { flagAt } : {}) },
];
const APPROX_NOTE =
  'approximate mode: only over numbers in strictly ascending order (HyperFormula #VALUE! over one cell)';
const MODE_NOTE =
  'range_lookup read from a cell or computed: FALSE/0 the exact route, TRUE/non-zero the approximate one';
const forbidden = { vectorizationForbidden: true };

export const LOOKUP: Corrected[] = [
  {
    name: 'SSX.VLOOKUP',
    params: [SCALAR, RANGE, SCALAR],
    ...forbidden,
    calls: lookup(
      'VLOOKUP',
      'exact mode: accent-sensitive, wildcards matched from the first row',
      'exact-match',
    ),
    call: vlookupExact,
  },
  {
    name: 'SSX.VLOOKUPA',
    params: [SCALAR, RANGE, SCALAR, OPTIONAL],
    ...forbidden,
    calls: lookup('VLOOKUP', APPROX_NOTE, 'approx-match'),
    call: tableApprox(false),
  },
  {
    name: 'SSX.VLOOKUPM',
    params: [SCALAR, RANGE, SCALAR, SCALAR],
    ...forbidden,
    calls: lookup('VLOOKUP', MODE_NOTE, 'mode-value'),
    call: byMode(vlookupExact, tableApprox(false)),
  },
  {
    name: 'SSX.HLOOKUP',
    params: [SCALAR, RANGE, SCALAR],
    ...forbidden,
    calls: lookup(
      'HLOOKUP',
      "exact mode: VLOOKUP's rules across (HyperFormula matches accent-insensitively)",
      'exact-match',
    ),
    call: hlookup,
  },
  {
    name: 'SSX.HLOOKUPA',
    params: [SCALAR, RANGE, SCALAR, OPTIONAL],
    ...forbidden,
    calls: lookup('HLOOKUP', APPROX_NOTE, 'approx-match'),
    call: tableApprox(true),
  },
  {
    name: 'SSX.HLOOKUPM',
    params: [SCALAR, RANGE, SCALAR, SCALAR],
    ...forbidden,
    calls: lookup('HLOOKUP', MODE_NOTE, 'mode-value'),
    call: byMode(hlookup, tableApprox(true)),
  },
  {
    name: 'SSX.MATCH',
    params: [SCALAR, RANGE],
    ...forbidden,
    calls: lookup(
      'MATCH',
      'match_type 0: accent-sensitive, with wildcards (HyperFormula finds `é` for `e`, ignores `?`)',
      'exact-match',
      2,
    ),
    call: (c) => {
      const [key, range] = withTables(c, 1);
      return matchExact(key, range);
    },
  },
  {
    name: 'SSX.MATCHA',
    params: [SCALAR, RANGE, OPTIONAL],
    ...forbidden,
    calls: lookup(
      'MATCH',
      'match_type 1/-1: only over numbers in strictly ascending/descending order',
      'approx-match',
      2,
    ),
    call: (c) => matchApprox(...(withTables(c, 1) as [Scalar, unknown, Scalar])),
  },
  {
    name: 'SSX.XLOOKUP',
    params: [SCALAR, RANGE, RANGE, OPTIONAL, OPTIONAL, OPTIONAL],
    ...forbidden,
    calls: lookup(
      'XLOOKUP',
      'accent-sensitive (HyperFormula finds `é` for `e`); match_mode 0/2, search_mode 1/-1 only',
    ),
    call: (c) => {
      // Why the address: a whole column's rows past the used range are blank, where a blank key finds a match.
      const whole = ['COLUMN_RANGE', 'ROW_RANGE'].includes(c.args[1]?.type);
      const [k, lr, rr, nf, mm, sm] = withTables(c, 1, 2);
      return xlookup(k, lr, rr, nf, mm, sm, whole);
    },
  },
  {
    name: 'SSX.INDEX',
    params: [RANGE, SCALAR, OPTIONAL],
    ...forbidden,
    calls: lookup(
      'INDEX',
      'a position beyond the range is #REF! (HyperFormula #NUM!); an empty row_num is omitted (0); a whole row or column undetermined',
    ),
    call: (c) => index(...(withTables(c, 0) as [unknown, Scalar, Scalar])),
  },
  {
    name: 'SSX.LOOKUP',
    params: [SCALAR, RANGE, { ...RANGE, optionalArg: true }],
    ...forbidden,
    calls: lookup(
      'LOOKUP',
      'missing from HyperFormula 3.5; approximate match only over numbers in strictly ascending order',
    ),
    call: (c) => lookupApprox(...(withTables(c, 1, 2) as [Scalar, unknown, unknown])),
  },
  {
    // As HyperFormula's own ROWS/COLUMNS: the argument's address only (`=ROWS($A$2:A2)` in A2 is no cycle).
    name: 'SSX.ROWS',
    ...ADDRESS_ONLY,
    calls: lookup(
      'ROWS',
      'the rows between the two corners (HyperFormula: `ROWS($A$4:A4)` is -2, `ROWS($A$1:A4)` 1)',
    ),
    call: extent('row'),
  },
  {
    name: 'SSX.COLUMNS',
    ...ADDRESS_ONLY,
    calls: lookup(
      'COLUMNS',
      'the columns between the two corners (HyperFormula: `COLUMNS($A$1:B4)` in E4 is -2)',
    ),
    call: extent('col'),
  },
];
