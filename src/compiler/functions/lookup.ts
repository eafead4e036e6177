/** VLOOKUP, exact match, over a constant table embedded in the spec's library. */
import type { CallNode } from '../../workbook/formula/ast.js';
import { lookupTable } from '../lower/library.js';
import { kindOfValue, literalOf, union, type Val } from '../lower/value.js';
import type { FunctionEntry, Lowering } from './types.js';

function lowerVlookup(node: CallNode, l: Lowering): Val {
  const [keyNode, tableNode, colNode, modeNode] = node.args;
  const exact =
    modeNode !== undefined &&
    ((modeNode.kind === 'boolean' && modeNode.value === false) ||
      (modeNode.kind === 'number' && modeNode.value === 0));
  if (!exact) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      'VLOOKUP without FALSE/0 as its 4th argument is an approximate match',
      modeNode ?? node,
    );
  }
  const key = l.lower(keyNode!);
  const table = l.range(tableNode!);
  if (table.kind !== 'table')
    l.fail('UNSUPPORTED_RANGE_SHAPE', 'VLOOKUP needs a constant lookup table', tableNode!);
  const col = l.lower(colNode!);
  const value = lookupTable(table.rows);
  const exported = l.libraryValue(table.nameHint, value);
  const kinds = union(table.rows.flat().map(kindOfValue), ['error']);
  // A literal column index inside the table (truncated toward zero, as VLOOKUP does) over a first column
  // without wildcard text: $xlVlookupAt, which answers from the index alone (see library.ts).
  const lit = literalOf(colNode!, col);
  const c = lit === undefined ? undefined : Math.trunc(lit);
  const wildcards = table.rows.some((r) => typeof r[0] === 'string' && /[*?~]/.test(r[0]));
  const at = c !== undefined && c >= 1 && c <= value.w && !wildcards;
  return l.helper(
    at ? 'xlVlookupAt' : 'xlVlookup',
    [key.expr, `$${exported}`, at ? String(c) : col.expr],
    kinds,
    key.invariant && col.invariant,
    at ? [key] : [key, col],
  );
}

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
    helpers: ['xlVlookup', 'xlVlookupAt'],
    lower: lowerVlookup,
    summary: 'a value from a table row whose first cell matches the key',
    lowering:
      '$xlVlookup(key, $<table>, col) with the table a library value; $xlVlookupAt(key, $<table>, c) for a literal column inside a table without wildcard keys',
    notes:
      'exact match only (4th argument FALSE/0, else UNSUPPORTED_LOOKUP_MODE); case-insensitive text, wildcards * ? ~; 1 and "1" differ; first match; absent or blank key #N/A; col < 1 #VALUE!, beyond the table #REF!',
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
];
