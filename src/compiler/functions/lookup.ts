/** VLOOKUP and HLOOKUP over a constant table embedded in the spec's library (exact or approximate match). */
import type { CallNode, Node } from '../../workbook/formula/ast.js';
import { literalOf, type Val } from '../lower/value.js';
import {
  approxLookup,
  constantTable,
  exactLookup,
  literalArg,
  type Rows,
  tableKinds,
  transpose,
} from './lookup-core.js';
import { INDEX_MATCH_FUNCTIONS } from './index-match.js';
import type { FunctionEntry, Lowering } from './types.js';

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
  return approxLookup(l, key, rows, hint, col, kinds, { descending: false, node: modeNode ?? node, fn });
}

const EXACT_NOTES =
  'case-insensitive text, wildcards * ? ~; 1 and "1" differ; first match; absent or blank key #N/A';
const APPROX_NOTES =
  'approximate match (TRUE/1 or omitted) compiled only when the first column is numbers in strictly ascending order (else UNSUPPORTED_LOOKUP_MODE): the largest key at most the value, a text/boolean value #N/A; a key that may be blank is refused';

export const LOOKUP_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'VLOOKUP',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value' },
      { name: 'table_array', kind: 'table' },
      { name: 'col_index_num', kind: 'value' },
      { name: 'range_lookup', kind: 'value', optional: true },
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
      { name: 'lookup_value', kind: 'value' },
      { name: 'table_array', kind: 'table' },
      { name: 'row_index_num', kind: 'value' },
      { name: 'range_lookup', kind: 'value', optional: true },
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
  ...INDEX_MATCH_FUNCTIONS,
];
