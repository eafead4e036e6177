/** VLOOKUP and HLOOKUP over a constant table embedded in the spec's library (exact or approximate match). */
import type { CallNode, CellNode, Node } from '../../../../workbook/formula/ast.js';
import { literalOf, type Val } from '../../value.js';
import {
  approxLookup,
  constantTable,
  exactLookup,
  intVal,
  literalArg,
  type Rows,
  tableKinds,
  transpose,
  vector,
} from './core.js';
import { INDEX_MATCH_FUNCTIONS } from './index-match.js';
import type { FunctionEntry, Lowering } from '../types.js';

/** range_lookup: FALSE/0 exact, TRUE/1 or omitted approximate; anything else is not a literal mode. */
function rangeLookupExact(l: Lowering, fn: string, modeNode: Node | undefined, node: Node): boolean {
  if (modeNode === undefined) return false;
  const m = literalArg(l, modeNode);
  if (m === undefined) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      `${fn}'s 4th argument must be a literal TRUE/FALSE or 1/0`,
      modeNode ?? node,
    );
  }
  return m === 0;
}

/** VLOOKUP over `rows` (HLOOKUP passes the transposed table). */
function lowerTableLookup(node: CallNode, l: Lowering, fn: string, across: boolean): Val {
  const [keyNode, tableNode, colNode, modeNode] = node.args;
  const exact = rangeLookupExact(l, fn, modeNode, node);
  const key = l.lower(keyNode!);
  const t = constantTable(l, tableNode!, fn);
  const rows: Rows = across ? transpose(t.rows) : t.rows;
  const hint = across ? `${t.nameHint}Across` : t.nameHint;
  const col = l.lower(colNode!);
  const kinds = tableKinds(rows);
  if (exact) return exactLookup(l, key, rows, hint, { val: col, literal: literalOf(colNode!, col) }, kinds);
  return approxLookup(l, key, rows, hint, col, kinds, {
    descending: false,
    node: modeNode ?? node,
    fn,
    whole: t.whole,
  });
}

/**
 * LOOKUP: the vector form (`LOOKUP(key, lookup_vector, result_vector)`) pairs the two vectors position by
 * position; the array form (`LOOKUP(key, array)`) searches the first row of an array wider than tall, else its
 * first column, and answers from the last row or column (Microsoft's LOOKUP page; ironcalc
 * MATCH_LOOKUP_arrays.xlsx D10). Either is VLOOKUP's approximate match over rows [key, result].
 */
function lowerLookup(node: CallNode, l: Lowering): Val {
  const [keyNode, lookNode, resultNode] = node.args as [Node, Node, Node | undefined];
  const key = l.lower(keyNode);
  const look = constantTable(l, lookNode, 'LOOKUP');
  let rows: Rows;
  if (resultNode === undefined) {
    const wide = (look.rows[0]?.length ?? 0) > look.rows.length;
    rows = (wide ? transpose(look.rows) : look.rows).map((r) => [r[0] ?? null, r.at(-1) ?? null]);
  } else {
    const keys = vector(l, look.rows, lookNode, 'LOOKUP').values;
    const results = vector(l, constantTable(l, resultNode, 'LOOKUP').rows, resultNode, 'LOOKUP').values;
    // Why: Microsoft's page says result_vector "must be the same size"; what Excel reads otherwise is not shown.
    if (results.length !== keys.length) {
      l.fail(
        'UNSUPPORTED_RANGE_SHAPE',
        'LOOKUP with a result_vector of another size than lookup_vector',
        resultNode,
      );
    }
    rows = keys.map((k, i) => [k, results[i] ?? null]);
  }
  return approxLookup(l, key, rows, look.nameHint, intVal(2), tableKinds(rows, 1), {
    descending: false,
    node,
    fn: 'LOOKUP',
  });
}

/** Excel's last row: a whole column (`A:A`) has this many rows. */
const SHEET_ROWS = 1048576;

/** ROW(): the formula's own row; ROW(ref) of one row: locked, its number; moving, read from the row. */
function lowerRow(node: CallNode, l: Lowering): Val {
  const ref = node.args[0];
  if (ref === undefined) return l.sheetRow(undefined, node);
  const one =
    ref.kind === 'cell'
      ? { row: ref.row, abs: ref.rowAbs }
      : ref.kind === 'range' && ref.start.row !== null && ref.start.row === ref.end.row
        ? { row: ref.start.row, abs: ref.start.rowAbs && ref.end.rowAbs }
        : undefined;
  if (one === undefined) {
    return ref.kind === 'range'
      ? l.fail('UNSUPPORTED_RANGE_SHAPE', 'ROW of a range of several rows is an array of rows', ref)
      : l.fail('UNSUPPORTED_CONSTRUCT', 'ROW of something other than a cell or range', ref);
  }
  return one.abs ? intVal(one.row + 1) : l.sheetRow(atRow(one.row, ref), node);
}

/** A cell reference standing for the row `row` (0-based) that moves with the formula's row. */
const atRow = (row: number, ref: Node): CellNode => ({
  kind: 'cell',
  row,
  col: 0,
  rowAbs: false,
  colAbs: false,
  span: ref.span,
});

/**
 * ROWS(ref): a cell 1; a range whose two ends are both locked or both move, its height. A range with one end
 * locked and the other moving (`ROWS($A$2:A2)`, an expanding range) spans the rows between the locked row and
 * the moving one, whichever is above: `$abs(<moving row> - <locked row>) + 1`, the moving row read from the
 * items' row field (the oracle corrects HyperFormula's ROWS, which gives ROWS($A$4:A4) = -2: SSX.ROWS).
 */
function lowerRows(node: CallNode, l: Lowering): Val {
  const ref = node.args[0]!;
  if (ref.kind === 'cell') return intVal(1);
  if (ref.kind !== 'range') {
    return l.fail('UNSUPPORTED_CONSTRUCT', 'ROWS of something other than a cell or range', ref);
  }
  const { start, end } = ref;
  if (start.row === null || end.row === null) return intVal(SHEET_ROWS);
  if (start.rowAbs === end.rowAbs) return intVal(end.row - start.row + 1);
  const [locked, moving] = start.rowAbs ? [start.row, end.row] : [end.row, start.row];
  const row = l.sheetRow(atRow(moving, ref), node);
  return {
    expr: `$abs(${row.expr} - ${locked + 1}) + 1`,
    kinds: ['number'],
    atom: false,
    invariant: false,
    int: true,
  };
}

/** ROW and ROWS: row numbers, known at compile time or read from the items' row field. */
const ROW_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'ROW',
    family: 'lookup',
    args: [{ name: 'reference', kind: 'reference', class: 'range', optional: true }],
    helpers: [],
    lower: lowerRow,
    summary: "the row number of a reference, or of the formula's own row",
    lowering:
      "a literal for a locked row (`ROW($A$1)` → 1); in a table row the items' row field (`$parent.row`, plus the offset of a reference in another row: `ROW(A3)` in row 2 → `$parent.row + 1`)",
    notes:
      'ROW() and ROW of a reference that moves with the row read the item\'s sheet row (the `row` input field, docs/compiler.md "Row numbers"); a range of several rows (an array) is refused; outside a table (a single formula) only a locked row compiles',
    example: { formula: '=ROW($B$5)', value: 5 },
    evidence: { goldens: ['lookup'], microsoft: ['ROW function'] },
  },
  {
    name: 'ROWS',
    family: 'lookup',
    args: [{ name: 'array', kind: 'reference', class: 'range' }],
    helpers: [],
    lower: lowerRows,
    summary: 'the number of rows of a reference',
    lowering:
      "a literal: a range whose ends are both locked or both move has a fixed height (`ROWS(A2:A5)` → 4, `A:A` → 1048576); an expanding range `ROWS($A$2:A2)` → `$abs($parent.row - 2) + 1` (the items' row field)",
    notes:
      'a cell is 1; an expanding range (`ROWS($A$2:A2)`, one end locked) counts the rows from the locked row to the moving one, either way up (the oracle corrects HyperFormula, which gives ROWS($A$4:A4) = -2); an array constant or an expression is refused',
    example: { formula: '=ROWS(A1:B3)', value: 3 },
    evidence: { goldens: ['lookup'], microsoft: ['ROWS function'] },
  },
];

const EXACT_NOTES =
  'case-insensitive text, wildcards * ? ~; 1 and "1" differ; first match; absent or blank key #N/A';
const APPROX_NOTES =
  'approximate match (TRUE/1 or omitted) compiled only when the first column is numbers in strictly ascending order (else UNSUPPORTED_LOOKUP_MODE): the largest key at most the value, a text/boolean value #N/A; a key that may be blank is refused';

export const LOOKUP_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'VLOOKUP',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value', class: 'any' },
      { name: 'table_array', kind: 'table', class: 'range' },
      { name: 'col_index_num', kind: 'value', class: 'number' },
      { name: 'range_lookup', kind: 'value', class: 'logical', optional: true },
    ],
    helpers: ['xlVlookup', 'xlVlookupAt', 'xlLookupApprox'],
    lower: (node, l) => lowerTableLookup(node, l, 'VLOOKUP', false),
    summary: 'a value from a table row whose first cell matches the key',
    lowering:
      '$xlVlookup(key, $<table>, col) with the table a library value; $xlVlookupAt(key, $<table>, c) for a literal column inside a table without wildcard keys; $xlLookupApprox(key, $<table>Sorted, col) for an approximate match',
    notes: `exact match (4th argument FALSE/0): ${EXACT_NOTES}; col < 1 #VALUE!, beyond the table #REF!; ${APPROX_NOTES}`,
    example: {
      formula: '=VLOOKUP("B",A1:B2,2,FALSE)',
      cells: { A1: 'a', B1: 1, A2: 'b', B2: 2 },
      value: 2,
    },
    evidence: {
      goldens: ['lookup'],
      corpus: ['excel/xlcalculator/VLOOKUP.xlsx'],
      microsoft: ['VLOOKUP function'],
    },
  },
  {
    name: 'HLOOKUP',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value', class: 'any' },
      { name: 'table_array', kind: 'table', class: 'range' },
      { name: 'row_index_num', kind: 'value', class: 'number' },
      { name: 'range_lookup', kind: 'value', class: 'logical', optional: true },
    ],
    helpers: ['xlVlookup', 'xlVlookupAt', 'xlLookupApprox'],
    lower: (node, l) => lowerTableLookup(node, l, 'HLOOKUP', true),
    summary: 'a value from a table column whose first cell matches the key',
    lowering: "VLOOKUP's forms over the transposed table (a library value `$<table>Across`)",
    notes: `VLOOKUP across: exact match (FALSE/0): ${EXACT_NOTES}; row < 1 #VALUE!, beyond the table #REF!; ${APPROX_NOTES.replace('first column', 'first row')}`,
    example: {
      formula: '=HLOOKUP("b",A1:B2,2,FALSE)',
      cells: { A1: 'a', B1: 'B', A2: 1, B2: 2 },
      value: 2,
    },
    evidence: {
      goldens: ['lookup'],
      microsoft: ['HLOOKUP function'],
      other: "the rules are VLOOKUP's, per Microsoft's page; derived cases in fixtures/formulas/lookup",
    },
  },
  {
    name: 'LOOKUP',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value', class: 'any' },
      { name: 'lookup_vector', kind: 'table', class: 'range' },
      { name: 'result_vector', kind: 'table', class: 'range', optional: true },
    ],
    helpers: ['xlLookupApprox'],
    lower: lowerLookup,
    summary: 'the result beside the largest key at most the lookup value (vector and array forms)',
    lowering:
      '$xlLookupApprox(key, $<table>Sorted, 2) over rows [lookup_vector, result_vector] (array form: first and last column, or row when wider than tall)',
    notes: `${APPROX_NOTES.replace('approximate match (TRUE/1 or omitted) compiled', 'compiled').replace('first column', 'lookup vector')}; a key below the first #N/A, an error key its error; vectors of different sizes refused`,
    example: {
      formula: '=LOOKUP(4.5,A1:A3,B1:B3)',
      cells: { A1: 1, A2: 4, A3: 6, B1: 'a', B2: 'b', B3: 'c' },
      value: 'b',
    },
    evidence: {
      goldens: ['lookup'],
      corpus: [
        'excel/ironcalc/simple_functions.xlsx',
        'excel/ironcalc/LOOKUP_AND_REFERENCE/MATCH_LOOKUP_arrays.xlsx',
      ],
      microsoft: ['LOOKUP function'],
    },
  },
  ...INDEX_MATCH_FUNCTIONS,
  ...ROW_FUNCTIONS,
];
